package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.Level3Order;

/** One order of a {@code level3} update: what happened ({@link Level3Event}) and the order as it now is. */
public record Level3Change(Level3Event event, Level3Order order) {
  public Level3Change {
    requireNonNull(event, "event == null");
    requireNonNull(order, "order == null");
  }
}
