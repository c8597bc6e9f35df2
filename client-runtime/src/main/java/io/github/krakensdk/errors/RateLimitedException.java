package io.github.krakensdk.errors;

/**
 * The service refused the call for rate limiting, in any family: Spot {@code EAPI:Rate limit
 * exceeded}, Futures {@code apiLimitExceeded}, or HTTP 429. {@link #retryAfter()} tells how long
 * the service asked to wait, when it said.
 */
public final class RateLimitedException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  public RateLimitedException(ServiceError error) {
    super(error);
  }

  private RateLimitedException(RateLimitedException original, String operationId) {
    super(original, operationId);
  }

  @Override
  protected RateLimitedException copy(String operationId) {
    return new RateLimitedException(this, operationId);
  }
}
