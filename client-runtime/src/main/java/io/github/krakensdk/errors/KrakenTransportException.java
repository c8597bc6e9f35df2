package io.github.krakensdk.errors;

import java.io.IOException;

/**
 * The network failed before a complete answer arrived. If {@link #outcomeUnknown()}, a request
 * that changes state may have reached the service: check before sending it again.
 */
public final class KrakenTransportException extends KrakenException {
  private static final long serialVersionUID = 1L;

  private final boolean outcomeUnknown;

  public KrakenTransportException(String operationId, IOException cause, boolean outcomeUnknown) {
    super(operationId, NO_STATUS, (outcomeUnknown ? "outcome unknown: " : "not completed: ") + cause, cause);
    this.outcomeUnknown = outcomeUnknown;
  }

  /** True if a request that changes state may have reached the service: check before re-sending. */
  public boolean outcomeUnknown() {
    return outcomeUnknown;
  }

  @Override
  protected KrakenTransportException copy(String operationId) {
    return new KrakenTransportException(operationId, (IOException) getCause(), outcomeUnknown);
  }
}
