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
 * @param requestId the service's identifier of the request, from a response header, or null.
 */
public record ServiceError(String operationId, int httpStatus, List<String> errors, OpenEnum code,
    String errorDescription, Duration retryAfter, String bodyExcerpt, String requestId) {
  public ServiceError {
    Objects.requireNonNull(operationId, "operationId == null");
    errors = List.copyOf(errors);
  }

  /** An error without a request id. */
  public ServiceError(String operationId, int httpStatus, List<String> errors, OpenEnum code,
      String errorDescription, Duration retryAfter, String bodyExcerpt) {
    this(operationId, httpStatus, errors, code, errorDescription, retryAfter, bodyExcerpt, null);
  }

  /** This error with {@code code}. */
  public ServiceError withCode(OpenEnum code) {
    return new ServiceError(operationId, httpStatus, errors, code, errorDescription, retryAfter, bodyExcerpt,
        requestId);
  }
}
