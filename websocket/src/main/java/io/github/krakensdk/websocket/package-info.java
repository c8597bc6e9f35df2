/**
 * Kraken's Spot WebSocket v2 and Unified WebSocket. {@link
 * io.github.krakensdk.websocket.KrakenWebSocketClient} holds one {@link
 * io.github.krakensdk.websocket.WebSocketConnection} per {@link
 * io.github.krakensdk.websocket.WebSocketEndpoint} (URLs from a {@link
 * io.github.krakensdk.websocket.WebSocketEnvironment}): requests ({@link
 * io.github.krakensdk.websocket.JsonRequest}) answered by futures, subscriptions fed to a {@link
 * io.github.krakensdk.websocket.MessageListener} under a {@link
 * io.github.krakensdk.websocket.Backpressure} policy, tokens from a {@link
 * io.github.krakensdk.websocket.TokenSource}, connection events to a {@link
 * io.github.krakensdk.runtime.call.CallListener}, reconnects by a {@link
 * io.github.krakensdk.websocket.ReconnectPolicy}. The values a caller receives from books: {@link
 * io.github.krakensdk.websocket.OrderBookSnapshot}, {@link
 * io.github.krakensdk.websocket.Level3BookSnapshot}, {@link
 * io.github.krakensdk.websocket.ChecksumResult}.
 */
package io.github.krakensdk.websocket;
