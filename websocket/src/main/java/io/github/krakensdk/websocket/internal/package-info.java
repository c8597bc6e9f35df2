/**
 * The machinery of the WebSocket client: the books it keeps per subscription ({@link
 * io.github.krakensdk.websocket.internal.OrderBook}, {@link
 * io.github.krakensdk.websocket.internal.Level3Book}) and their checksum ({@link
 * io.github.krakensdk.websocket.internal.BookChecksum}, which records how the pair's precision is
 * used); the connection's reconnect and liveness state machines; and the connection itself ({@link
 * io.github.krakensdk.websocket.internal.Connection}) with its seams for the message models: a
 * {@link io.github.krakensdk.websocket.internal.RequestWriter} and a {@link
 * io.github.krakensdk.websocket.internal.FrameDispatcher}, which the client fills with the
 * generated message models. Not API: free to change in any release.
 */
package io.github.krakensdk.websocket.internal;
