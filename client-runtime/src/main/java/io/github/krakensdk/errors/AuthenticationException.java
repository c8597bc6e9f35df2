package io.github.krakensdk.errors;

/**
 * The service could not authenticate the call, in any family: Spot and Embed {@code EAPI:Invalid
 * key} or {@code EAPI:Invalid signature}, Futures {@code authenticationError}, OAuth {@code
 * invalid_client} or {@code invalid_token}, or HTTP 401.
 */
public final class AuthenticationException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  public AuthenticationException(ServiceError error) {
    super(error);
  }
}
