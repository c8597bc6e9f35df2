package io.github.krakensdk.auth.oauth;

/**
 * The stored grant can no longer produce access tokens: there are no tokens, no refresh token, or
 * the token endpoint rejected the refresh token (expired after 30 days, revoked, or already
 * rotated). Retrying will not help; send the user through the authorize URL again.
 */
public final class ReauthorizationRequiredException extends OAuthException {
  /** As {@link OAuthException}; the message gets "the user must authorize again" appended. */
  public ReauthorizationRequiredException(String message, String error, int httpStatus, Throwable cause) {
    super(message + "; the user must authorize again", error, httpStatus, cause);
  }
}
