package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.internal.Secrets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * An access token and what came with it. Immutable; {@link #toString()} hides both tokens. The
 * client builds it from the token endpoint's answer; a {@link TokenStore} that keeps tokens
 * elsewhere builds it back:
 *
 * <pre>{@code
 * OAuthTokens tokens = OAuthTokens.builder().accessToken(row.access()).refreshToken(row.refresh())
 *     .expiresAt(row.expiresAt()).tokenType("bearer").build();
 * }</pre>
 */
public final class OAuthTokens {
  private final String accessToken;
  private final String refreshToken;
  private final Instant expiresAt;
  private final String tokenType;
  private final String scope;

  private OAuthTokens(Builder builder) {
    this.accessToken = Secrets.requireNonBlank(builder.accessToken, "accessToken");
    this.refreshToken = builder.refreshToken;
    this.expiresAt = builder.expiresAt;
    this.tokenType = Objects.requireNonNull(builder.tokenType, "tokenType == null");
    this.scope = builder.scope;
  }

  /** A builder with nothing set; {@link Builder#build} needs accessToken and tokenType. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these tokens' members, such as to replace the refresh token after a refresh. */
  public Builder toBuilder() {
    return new Builder(this);
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

  /** Builds {@link OAuthTokens}; setters are named as the members. */
  public static final class Builder {
    private String accessToken;
    private String refreshToken;
    private Instant expiresAt;
    private String tokenType;
    private String scope;

    private Builder() {}

    private Builder(OAuthTokens tokens) {
      this.accessToken = tokens.accessToken;
      this.refreshToken = tokens.refreshToken;
      this.expiresAt = tokens.expiresAt;
      this.tokenType = tokens.tokenType;
      this.scope = tokens.scope;
    }

    public Builder accessToken(String accessToken) {
      this.accessToken = accessToken;
      return this;
    }

    /** May be null when the grant gave none. */
    public Builder refreshToken(String refreshToken) {
      this.refreshToken = refreshToken;
      return this;
    }

    /** When the access token stops working; null when unknown (it is then used until the service answers 401). */
    public Builder expiresAt(Instant expiresAt) {
      this.expiresAt = expiresAt;
      return this;
    }

    /** Usually {@code bearer}. */
    public Builder tokenType(String tokenType) {
      this.tokenType = tokenType;
      return this;
    }

    /** The granted scopes, space-separated; may be null. */
    public Builder scope(String scope) {
      this.scope = scope;
      return this;
    }

    /**
     * @throws NullPointerException naming the member, if accessToken or tokenType is not set.
     * @throws IllegalArgumentException if accessToken is blank.
     */
    public OAuthTokens build() {
      return new OAuthTokens(this);
    }
  }
}
