package io.github.krakensdk.errors;

/**
 * The response was not what the contract describes: not JSON (a proxy's HTML error page), empty,
 * truncated, or of the wrong shape. Carries the HTTP status and the start of the body.
 */
public final class UnexpectedResponseException extends KrakenException {
  private static final long serialVersionUID = 1L;

  private final String bodyExcerpt;

  public UnexpectedResponseException(String operationId, int httpStatus, String problem, String bodyExcerpt,
      Throwable cause) {
    this(operationId, httpStatus, null, problem, bodyExcerpt, cause);
  }

  /** @param retryAfter the response's {@code Retry-After} delay (a 503 page may carry one), or null. */
  public UnexpectedResponseException(String operationId, int httpStatus, java.time.Duration retryAfter,
      String problem, String bodyExcerpt, Throwable cause) {
    super(operationId, httpStatus, retryAfter, problem + " (HTTP " + httpStatus + "): " + quote(bodyExcerpt), cause);
    this.bodyExcerpt = bodyExcerpt;
  }

  private UnexpectedResponseException(UnexpectedResponseException original, String operationId) {
    super(original, operationId);
    this.bodyExcerpt = original.bodyExcerpt;
  }

  /** The start of the body as received (at most a few hundred characters). */
  public String bodyExcerpt() {
    return bodyExcerpt;
  }

  @Override
  protected UnexpectedResponseException copy(String operationId) {
    return new UnexpectedResponseException(this, operationId);
  }

  private static String quote(String excerpt) {
    return excerpt.isEmpty() ? "empty body" : "\"" + excerpt + "\"";
  }
}
