package io.github.krakensdk.sandbox;

import java.time.Instant;

/**
 * One line of the WebSocket server's log ({@link WebSocketControls#events()}): an upgrade request
 * ({@code connect} or {@code refused}, the status in {@code detail}), a fault armed ({@code
 * fault}), a fault delivered to a connection ({@code delivered}), or the connections closed after
 * a state reset or import ({@code reset}).
 *
 * @param at the sandbox time it happened
 * @param endpoint the endpoint's path ({@code /v2}, {@code /auth/v2}, {@code /l3/v2}), or null for
 *     a fault of every endpoint
 * @param kind {@code connect}, {@code refused}, {@code fault}, {@code delivered} or {@code reset}
 * @param detail what it was, in words; null for a {@code connect}
 */
public record WebSocketEvent(Instant at, String endpoint, String kind, String detail) {}
