package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.internal.Secrets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * An access token and what came with it. Immutable; {@link #toString()} hides both tokens.
 */
public final class OAuthTokens {
  private final String accessToken;
  private final String refreshToken;
  private final Instant expiresAt;
  private final String tokenType;
  private final String scope;

  /**
   * @param refreshToken may be null when the grant gave none.
   * @param expiresAt when the access token stops working; null when unknown (it is then used
   *     until the service answers 401).
   * @param tokenType usually {@code bearer}.
   * @param scope the granted scopes, space-separated; may be null.
   */
  public OAuthTokens(
      String accessToken, String refreshToken, Instant expiresAt, String tokenType, String scope) {
    this.accessToken = Secrets.requireNonBlank(accessToken, "accessToken");
    this.refreshToken = refreshToken;
    this.expiresAt = expiresAt;
    this.tokenType = Objects.requireNonNull(tokenType, "tokenType == null");
    this.scope = scope;
  }

  public String accessToken() {
    return accessToken;
  }

  /** May be null. */
  public String refreshToken() {
    return refreshToken;
  }

  /** May be null when the lifetime is unknown. */
  public Instant expiresAt() {
    return expiresAt;
  }

  public String tokenType() {
    return tokenType;
  }

  /** May be null. */
  public String scope() {
    return scope;
  }

  /** True if the access token expires within {@code margin} of {@code now}, or already has. */
  public boolean expiresWithin(Duration margin, Instant now) {
    return expiresAt != null && !now.plus(margin).isBefore(expiresAt);
  }

  /** A copy with another refresh token (a refresh may or may not rotate it). */
  public OAuthTokens withRefreshToken(String refreshToken) {
    return new OAuthTokens(accessToken, refreshToken, expiresAt, tokenType, scope);
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof OAuthTokens)) return false;
    OAuthTokens that = (OAuthTokens) other;
    return accessToken.equals(that.accessToken)
        && Objects.equals(refreshToken, that.refreshToken)
        && Objects.equals(expiresAt, that.expiresAt)
        && tokenType.equals(that.tokenType)
        && Objects.equals(scope, that.scope);
  }

  @Override
  public int hashCode() {
    return Objects.hash(accessToken, refreshToken, expiresAt, tokenType, scope);
  }

  @Override
  public String toString() {
    return "OAuthTokens{accessToken=" + Secrets.REDACTED
        + ", refreshToken=" + (refreshToken == null ? "none" : Secrets.REDACTED)
        + ", expiresAt=" + expiresAt
        + ", tokenType=" + tokenType
        + ", scope=" + scope + "}";
  }
}
