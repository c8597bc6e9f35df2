package io.github.krakensdk.auth.oauth;

import java.io.IOException;

/**
 * An OAuth failure: the token endpoint refused a request, the authorization server redirected
 * back with an error, or a response could not be understood. Messages never contain tokens,
 * codes or secrets.
 */
public class OAuthException extends IOException {
  private final String error;
  private final int httpStatus;

  /**
   * @param error the OAuth error code; may be null.
   * @param httpStatus the token endpoint's HTTP status, or 0.
   * @param cause may be null.
   */
  public OAuthException(String message, String error, int httpStatus, Throwable cause) {
    super(message, cause);
    this.error = error;
    this.httpStatus = httpStatus;
  }

  /**
   * The OAuth error code ({@code invalid_grant}, {@code access_denied}, ...) when there was one;
   * may be null.
   */
  public String error() {
    return error;
  }

  /** The HTTP status of the token endpoint's answer, or 0 when no HTTP answer was involved. */
  public int httpStatus() {
    return httpStatus;
  }
}
