package io.github.krakensdk.errors;

/**
 * The service could not authenticate the call, in any family: Spot and Embed {@code EAPI:Invalid
 * key} or {@code EAPI:Invalid signature}, Futures {@code authenticationError}, OAuth {@code
 * invalid_client} or {@code invalid_token}, or HTTP 401. An OAuth grant that can no longer produce
 * tokens is the subtype {@code io.github.krakensdk.errors.ReauthorizationRequiredException}:
 * the user must authorize again.
 */
public class AuthenticationException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  public AuthenticationException(ServiceError error) {
    super(error);
  }

  /** For subtypes with a message of their own; see {@link KrakenServiceException}. */
  protected AuthenticationException(ServiceError error, String message, Throwable cause) {
    super(error, message, cause);
  }

  /** A copy of {@code original} naming {@code operationId}; see {@link #withOperationId}. */
  protected AuthenticationException(AuthenticationException original, String operationId) {
    super(original, operationId);
  }

  @Override
  protected AuthenticationException copy(String operationId) {
    return new AuthenticationException(this, operationId);
  }
}
