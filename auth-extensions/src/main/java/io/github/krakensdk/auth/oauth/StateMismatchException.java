package io.github.krakensdk.auth.oauth;

/**
 * The {@code state} on the authorization callback is missing or is not the one this client sent.
 * The callback may be forged (cross-site request forgery) or belong to another login attempt;
 * its code must not be used.
 */
public final class StateMismatchException extends OAuthException {
  /** A callback whose state does not match, for the reason in {@code message}. */
  public StateMismatchException(String message) {
    super(message, "state_mismatch", 0, null);
  }
}
