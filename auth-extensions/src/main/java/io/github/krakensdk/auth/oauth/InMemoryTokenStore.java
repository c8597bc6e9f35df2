package io.github.krakensdk.auth.oauth;

import java.util.Objects;

/** A {@link TokenStore} that keeps tokens in memory only: they are gone when the process ends. */
public final class InMemoryTokenStore implements TokenStore {
  private volatile OAuthTokens tokens;

  /** An empty store. */
  public InMemoryTokenStore() {}

  /** A store holding {@code tokens}. */
  public InMemoryTokenStore(OAuthTokens tokens) {
    this.tokens = Objects.requireNonNull(tokens, "tokens == null");
  }

  @Override
  public OAuthTokens load() {
    return tokens;
  }

  @Override
  public void save(OAuthTokens tokens) {
    this.tokens = Objects.requireNonNull(tokens, "tokens == null");
  }

  @Override
  public String toString() {
    return "InMemoryTokenStore{" + tokens + "}";
  }
}
