package io.github.krakensdk.runtime.internal;

import java.util.Objects;

/**
 * One operation of the contract as the runtime needs to know it: its id, whether it is safe to
 * send again (a GET, or marked {@code x-kraken-idempotent}), whether its security requirement
 * names a scheme (it then needs the family's credentials), how its family reports errors, and what
 * one call adds to the key's Spot REST call counter ({@code x-kraken-rate-cost}; 0 for calls no
 * counter paces). Generated services hold one constant per operation.
 */
public record Operation(String id, boolean safeToRetry, boolean authenticated, ErrorModel errors, int rateCost) {
  public Operation {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(errors, "errors == null");
    if (rateCost < 0) {
      throw new IllegalArgumentException("rateCost must not be negative (was " + rateCost + ")");
    }
  }

  /** An operation no counter paces. */
  public Operation(String id, boolean safeToRetry, boolean authenticated, ErrorModel errors) {
    this(id, safeToRetry, authenticated, errors, 0);
  }
}
