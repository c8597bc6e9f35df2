package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.errors.AuthenticationException;

/**
 * The stored grant can no longer produce access tokens: there are no tokens, no refresh token, or
 * the token endpoint rejected the refresh token (expired after 30 days, revoked, or already
 * rotated). Retrying will not help; send the user through the authorize URL again, then {@link
 * OAuthSession#completeAuthorization}.
 *
 * <p>An {@link AuthenticationException}: a call of the SDK that needs the bearer token fails with
 * it, named after the operation called. {@link #httpStatus()} and {@link #error()} are the token
 * endpoint's when it rejected the refresh token, {@link #NO_STATUS} and null otherwise.
 *
 * <pre>{@code
 * } catch (ReauthorizationRequiredException e) {
 *   redirect(AuthorizationRequest.builder(clientId, redirectUri).build().url());
 * }
 * }</pre>
 */
public final class ReauthorizationRequiredException extends AuthenticationException {
  private static final long serialVersionUID = 1L;

  private final String error;

  /**
   * A lost grant, for the reason in {@code message}, to which "the user must authorize again" is
   * appended. Its operation is {@value OAuthException#TOKEN_OPERATION} until a call names its own.
   *
   * @param error the token endpoint's OAuth error code; may be null.
   * @param httpStatus the token endpoint's HTTP status, or {@link #NO_STATUS}.
   * @param cause may be null.
   */
  public ReauthorizationRequiredException(String message, String error, int httpStatus, Throwable cause) {
    super(OAuthException.serviceError(OAuthException.TOKEN_OPERATION, httpStatus, error, null),
        message + "; the user must authorize again", cause);
    this.error = error;
  }

  private ReauthorizationRequiredException(ReauthorizationRequiredException original, String operationId) {
    super(original, operationId);
    this.error = original.error;
  }

  /** The token endpoint's OAuth error code (usually {@code invalid_grant}); may be null. */
  public String error() {
    return error;
  }

  @Override
  protected ReauthorizationRequiredException copy(String operationId) {
    return new ReauthorizationRequiredException(this, operationId);
  }
}
