package io.github.krakensdk.errors;

/**
 * A request that cannot be signed as it stands, e.g. a Spot private request whose body is
 * neither a form nor a JSON object. Thrown before anything is sent, so the request can be fixed
 * and sent again safely; sending it unchanged fails the same way, so it is never retried.
 *
 * <p>The signing interceptors raise it inside OkHttp, where only {@code IOException}s may leave an
 * interceptor, so it travels wrapped in an {@code IOException} whose cause it is. A call of the
 * SDK reports it as itself, named after the operation called.
 */
public final class RequestSigningException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  /** {@link #operationId()} until a call names the operation: the interceptor knows none. */
  public static final String SIGN_REQUEST = "signRequest";

  /** A request that cannot be signed, for the reason in {@code message}. */
  public RequestSigningException(String message) {
    super(SIGN_REQUEST, message, null);
  }

  private RequestSigningException(RequestSigningException original, String operationId) {
    super(original, operationId);
  }

  @Override
  protected RequestSigningException copy(String operationId) {
    return new RequestSigningException(this, operationId);
  }
}
