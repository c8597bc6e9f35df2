package io.github.krakensdk.errors;

import java.util.List;

/**
 * An OAuth failure on the service's side: the token endpoint refused a request or answered
 * something that is not a token response, or the authorization server redirected back with an
 * error. Unchecked, like every failure of the SDK. Messages never contain tokens, codes or
 * secrets.
 *
 * <pre>{@code
 * try {
 *   tokens = tokenClient.exchangeCode(code, redirectUri);
 * } catch (OAuthException e) {
 *   if ("invalid_grant".equals(e.error())) { startOver(); } // a used or expired code
 * }
 * }</pre>
 *
 * {@link #operationId()} is {@value #TOKEN_OPERATION} for the token endpoint and {@value
 * #AUTHORIZE_OPERATION} for the authorization callback; {@link #httpStatus()} is the token
 * endpoint's status, or {@link #NO_STATUS} when no HTTP answer was involved. A grant that can no
 * longer produce tokens is a {@link ReauthorizationRequiredException}, a callback whose state
 * does not match a {@link StateMismatchException}.
 */
public class OAuthException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  /** The contract's operation of the token endpoint ({@code POST /oauth/token}). */
  public static final String TOKEN_OPERATION = "getToken";
  /** The browser step: the authorization server's redirect back to the client. */
  public static final String AUTHORIZE_OPERATION = "authorize";

  private final String error;

  /**
   * @param httpStatus the token endpoint's HTTP status, or {@link #NO_STATUS}.
   * @param error the OAuth error code ({@code invalid_grant}, ...); may be null.
   * @param errorDescription the OAuth {@code error_description}; may be null.
   * @param cause may be null.
   */
  public OAuthException(String operationId, int httpStatus, String error, String errorDescription, String message,
      Throwable cause) {
    super(serviceError(operationId, httpStatus, error, errorDescription), message, cause);
    this.error = error;
  }

  /** A copy of {@code original} naming {@code operationId}; see {@link #withOperationId}. */
  protected OAuthException(OAuthException original, String operationId) {
    super(original, operationId);
    this.error = original.error;
  }

  /**
   * The OAuth error code ({@code invalid_grant}, {@code access_denied}, ...) when there was one;
   * may be null. Also the one element of {@link #errors()}.
   */
  public String error() {
    return error;
  }

  /** Empty: OAuth's error codes are not Kraken error strings. */
  @Override
  public List<KrakenError> krakenErrors() {
    return List.of();
  }

  @Override
  protected OAuthException copy(String operationId) {
    return new OAuthException(this, operationId);
  }

  static ServiceError serviceError(String operationId, int httpStatus, String error, String errorDescription) {
    // No body excerpt: a token response that failed to parse may still hold a token.
    return ServiceError.builder().operationId(operationId).httpStatus(httpStatus)
        .errors(error == null ? List.of() : List.of(error)).errorDescription(errorDescription).bodyExcerpt("")
        .build();
  }
}
