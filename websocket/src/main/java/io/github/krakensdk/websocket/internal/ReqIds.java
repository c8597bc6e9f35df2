package io.github.krakensdk.websocket.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code req_id}s of one client: positive, fitting an int32 (Kraken's v1 advice, kept for v2),
 * unique across the client's connections. After 2^31 - 1 requests they start again at 1; a
 * connection skips an id it still has in flight.
 */
public final class ReqIds {
  private final AtomicInteger last = new AtomicInteger();

  public ReqIds() {
  }

  /** Starts after {@code last}, for tests of the wrap. */
  ReqIds(int last) {
    this.last.set(last);
  }

  public long next() {
    return last.updateAndGet(id -> id == Integer.MAX_VALUE ? 1 : id + 1);
  }
}
