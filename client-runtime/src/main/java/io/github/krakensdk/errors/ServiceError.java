package io.github.krakensdk.errors;

import io.github.krakensdk.runtime.json.OpenEnum;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the runtime learned from an error answer, before it becomes a typed exception: the
 * error strings, the family's enumerated code if it has one, and the HTTP facts.
 *
 * @param retryAfter the {@code Retry-After} delay, or null.
 */
public record ServiceError(String operationId, int httpStatus, List<String> errors, OpenEnum code,
    String errorDescription, Duration retryAfter, String bodyExcerpt) {
  public ServiceError {
    Objects.requireNonNull(operationId, "operationId == null");
    errors = List.copyOf(errors);
  }
}
