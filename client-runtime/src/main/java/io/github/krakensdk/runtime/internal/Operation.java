package io.github.krakensdk.runtime.internal;

import java.util.Objects;

/**
 * One operation of the contract as the runtime needs to know it: its id, whether it is safe to
 * send again (a GET, or marked {@code x-kraken-idempotent}), whether its security requirement
 * names a scheme (it then needs the family's credentials), and how its family reports errors.
 * Generated services hold one constant per operation.
 */
public record Operation(String id, boolean safeToRetry, boolean authenticated, ErrorModel errors) {
  public Operation {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(errors, "errors == null");
  }
}
