package io.github.krakensdk.errors;

import java.time.Duration;
import java.util.Optional;

/**
 * The service refused the call for rate limiting, in any family: Spot {@code EAPI:Rate limit
 * exceeded}, Futures {@code apiLimitExceeded}, or HTTP 429.
 */
public final class RateLimitedException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  private final Duration retryAfter;

  public RateLimitedException(ServiceError error) {
    super(error);
    this.retryAfter = error.retryAfter();
  }

  /** The delay the service asked for in {@code Retry-After}, if it sent one. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
