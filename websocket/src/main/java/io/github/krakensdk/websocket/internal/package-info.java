/**
 * The machinery of the WebSocket client: the books it keeps per subscription ({@link
 * io.github.krakensdk.websocket.internal.OrderBook}, {@link
 * io.github.krakensdk.websocket.internal.Level3Book}) and their checksum ({@link
 * io.github.krakensdk.websocket.internal.BookChecksum}, which records how the pair's precision is
 * used), and the connection's reconnect and liveness state machines. Not API: free to change in any
 * release.
 */
package io.github.krakensdk.websocket.internal;
