package io.github.krakensdk.errors;

/**
 * The {@code state} on the authorization callback is missing or is not the one this client sent.
 * The callback may be forged (cross-site request forgery) or belong to another login attempt;
 * its code must not be used. A local failure: the SDK refused the callback, nothing was sent.
 * {@link #operationId()} is {@value OAuthException#AUTHORIZE_OPERATION}.
 */
public final class StateMismatchException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  /** A callback whose state does not match, for the reason in {@code message}. */
  public StateMismatchException(String message) {
    super(OAuthException.AUTHORIZE_OPERATION, message, null);
  }
}
