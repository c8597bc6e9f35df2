package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenClientException;

/** Whether a client is still open; every call checks it first, so a closed client fails fast. */
public final class ClientLifecycle {
  private volatile boolean closed;

  /** Marks the client closed; later calls fail with {@link KrakenClientException}. */
  public void close() {
    closed = true;
  }

  public boolean isClosed() {
    return closed;
  }

  /** Throws {@link KrakenClientException} if the client is closed. */
  public void checkOpen(String operationId) {
    if (closed) {
      throw new KrakenClientException(operationId, "the client is closed; nothing was sent", null);
    }
  }
}
