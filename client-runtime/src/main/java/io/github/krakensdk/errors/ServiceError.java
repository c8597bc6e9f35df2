package io.github.krakensdk.errors;

import io.github.krakensdk.runtime.json.OpenEnum;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the runtime learned from an error answer, before it becomes a typed exception: the error
 * strings, the family's enumerated code if it has one, and the HTTP facts. Immutable; it may gain
 * members in a minor release. The client builds it for the exception it throws; a test double
 * builds one the same way:
 *
 * <pre>{@code
 * ServiceError error = ServiceError.builder().operationId("getBalance").httpStatus(200)
 *     .errors(List.of("EAPI:Invalid key")).build();
 * throw new AuthenticationException(error);
 * }</pre>
 */
public final class ServiceError {
  private final String operationId;
  private final int httpStatus;
  private final List<String> errors;
  private final OpenEnum code;
  private final String errorDescription;
  private final Duration retryAfter;
  private final String bodyExcerpt;
  private final String requestId;

  private ServiceError(Builder builder) {
    this.operationId = Objects.requireNonNull(builder.operationId, "operationId == null");
    this.httpStatus = builder.httpStatus;
    this.errors = List.copyOf(Objects.requireNonNull(builder.errors, "errors == null"));
    this.code = builder.code;
    this.errorDescription = builder.errorDescription;
    this.retryAfter = builder.retryAfter;
    this.bodyExcerpt = builder.bodyExcerpt;
    this.requestId = builder.requestId;
  }

  /** A builder with nothing set; {@link Builder#build} needs operationId and errors. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this error's members. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The contract's operation id of the call that failed. */
  public String operationId() {
    return operationId;
  }

  /** The answer's HTTP status (Spot answers most errors with 200). */
  public int httpStatus() {
    return httpStatus;
  }

  /** The service's error strings, such as {@code EOrder:Insufficient funds}; empty when it sent none. */
  public List<String> errors() {
    return errors;
  }

  /** The family's enumerated error code, or null when the family has none or the answer named none. */
  public OpenEnum code() {
    return code;
  }

  /** The service's description of the error (OAuth's {@code error_description}), or null. */
  public String errorDescription() {
    return errorDescription;
  }

  /** The {@code Retry-After} delay, or null. */
  public Duration retryAfter() {
    return retryAfter;
  }

  /** The start of the answer's body, or an empty string where it is withheld (it may hold a token); may be null. */
  public String bodyExcerpt() {
    return bodyExcerpt;
  }

  /** The service's identifier of the request, from a response header, or null. */
  public String requestId() {
    return requestId;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ServiceError that
        && operationId.equals(that.operationId)
        && httpStatus == that.httpStatus
        && errors.equals(that.errors)
        && Objects.equals(code, that.code)
        && Objects.equals(errorDescription, that.errorDescription)
        && Objects.equals(retryAfter, that.retryAfter)
        && Objects.equals(bodyExcerpt, that.bodyExcerpt)
        && Objects.equals(requestId, that.requestId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(operationId, httpStatus, errors, code, errorDescription, retryAfter, bodyExcerpt, requestId);
  }

  @Override
  public String toString() {
    return "ServiceError[operationId=" + operationId + ", httpStatus=" + httpStatus + ", errors=" + errors
        + ", code=" + code + ", errorDescription=" + errorDescription + ", retryAfter=" + retryAfter
        + ", bodyExcerpt=" + bodyExcerpt + ", requestId=" + requestId + "]";
  }

  /** Builds a {@link ServiceError}; setters are named as the members. */
  public static final class Builder {
    private String operationId;
    private int httpStatus;
    private List<String> errors;
    private OpenEnum code;
    private String errorDescription;
    private Duration retryAfter;
    private String bodyExcerpt;
    private String requestId;

    private Builder() {}

    private Builder(ServiceError error) {
      this.operationId = error.operationId;
      this.httpStatus = error.httpStatus;
      this.errors = error.errors;
      this.code = error.code;
      this.errorDescription = error.errorDescription;
      this.retryAfter = error.retryAfter;
      this.bodyExcerpt = error.bodyExcerpt;
      this.requestId = error.requestId;
    }

    public Builder operationId(String operationId) {
      this.operationId = operationId;
      return this;
    }

    public Builder httpStatus(int httpStatus) {
      this.httpStatus = httpStatus;
      return this;
    }

    /** The error strings; copied by {@link #build}. */
    public Builder errors(List<String> errors) {
      this.errors = errors;
      return this;
    }

    public Builder code(OpenEnum code) {
      this.code = code;
      return this;
    }

    public Builder errorDescription(String errorDescription) {
      this.errorDescription = errorDescription;
      return this;
    }

    public Builder retryAfter(Duration retryAfter) {
      this.retryAfter = retryAfter;
      return this;
    }

    public Builder bodyExcerpt(String bodyExcerpt) {
      this.bodyExcerpt = bodyExcerpt;
      return this;
    }

    public Builder requestId(String requestId) {
      this.requestId = requestId;
      return this;
    }

    /** @throws NullPointerException naming the member, if operationId or errors is not set. */
    public ServiceError build() {
      return new ServiceError(this);
    }
  }
}
