package io.github.krakensdk.websocket.internal;

/** The {@code event} of one order in a {@code level3} update. */
public enum Level3Event {
  /** A new order, at the back of its level's queue (also every order of a level that comes into scope). */
  ADD,
  /** An order's quantity (or price) changed; at the same price it keeps its place in the queue. */
  MODIFY,
  /** An order left the book (filled or cancelled). */
  DELETE;

  /** The event named on the wire: {@code add}, {@code modify} or {@code delete}. */
  public static Level3Event of(String wire) {
    switch (wire) {
      case "add": return ADD;
      case "modify": return MODIFY;
      case "delete": return DELETE;
      default: throw new IllegalArgumentException("event must be add, modify or delete: " + wire);
    }
  }
}
