/**
 * Kraken's Spot WebSocket v2 and Unified WebSocket: the values a caller receives from books
 * ({@link io.github.krakensdk.websocket.OrderBookSnapshot}, {@link
 * io.github.krakensdk.websocket.Level3BookSnapshot}, {@link
 * io.github.krakensdk.websocket.ChecksumResult}) and the connection's {@link
 * io.github.krakensdk.websocket.ReconnectPolicy}.
 */
package io.github.krakensdk.websocket;
