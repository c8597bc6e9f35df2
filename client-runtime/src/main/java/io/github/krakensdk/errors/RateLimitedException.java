package io.github.krakensdk.errors;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Optional;

/**
 * The service refused the call for rate limiting, in any family: HTTP 429, Futures {@code
 * apiLimitExceeded}, and the Spot codes the contract marks {@code rate-limited}: {@code EAPI:Rate
 * limit exceeded} (the key's REST call counter is full), {@code EOrder:Rate limit exceeded} (the
 * trading engine's counter for the pair), {@code EService: Throttled: <unix time>} (too many
 * concurrent requests; come back at that time) and {@code EGeneral:Too many requests}. {@link
 * #retryAfter()} tells how long the service asked to wait in a {@code Retry-After} header, and
 * {@link #throttledUntil()} when a throttle ends.
 *
 * <pre>{@code
 * } catch (RateLimitedException e) {
 *   Instant later = e.throttledUntil().orElse(Instant.now().plusSeconds(5));
 *   scheduleAgainAt(later);
 * }
 * }</pre>
 *
 * A {@link io.github.krakensdk.runtime.call.RetryPolicy} retries it only for an operation that
 * is safe to repeat, and never the REST call counter's {@code EAPI:Rate limit exceeded} nor {@code
 * EGeneral:Too many requests} unless the service said when to come back: the service keeps those
 * limits up while calls keep coming. The client's pacing ({@code KrakenClient.Builder.spotRateTier})
 * keeps a key under its call counter.
 */
public final class RateLimitedException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  /** When the throttle ends, or null. */
  private final Instant throttledUntil;

  public RateLimitedException(ServiceError error) {
    super(error);
    this.throttledUntil = throttleEnd(this);
  }

  private RateLimitedException(RateLimitedException original, String operationId) {
    super(original, operationId);
    this.throttledUntil = original.throttledUntil;
  }

  /**
   * When the service takes the key's calls again, from {@code EService: Throttled: <unix time>}
   * (the service writes a space after the colons); empty for other rate limits, or a time that
   * cannot be read.
   */
  public Optional<Instant> throttledUntil() {
    return Optional.ofNullable(throttledUntil);
  }

  @Override
  protected RateLimitedException copy(String operationId) {
    return new RateLimitedException(this, operationId);
  }

  private static Instant throttleEnd(KrakenServiceException failure) {
    for (KrakenError error : failure.krakenErrors()) {
      if (error.category().equals("Service") && error.message().trim().equals("Throttled") && error.extra() != null) {
        try {
          BigDecimal seconds = new BigDecimal(error.extra().trim()).setScale(9, RoundingMode.DOWN);
          long whole = seconds.setScale(0, RoundingMode.FLOOR).longValueExact();
          long nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).longValueExact();
          return Instant.ofEpochSecond(whole, nanos);
        } catch (ArithmeticException | NumberFormatException | DateTimeException unreadable) {
          return null;
        }
      }
    }
    return null;
  }
}
