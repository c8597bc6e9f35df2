package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.nonce.NonceSource;
import java.util.Objects;

/**
 * The settings every signing interceptor's builder has. Each interceptor's public {@code Builder}
 * extends this with itself as {@code B}, so that these setters return that builder and a chain
 * can go on with its own setters.
 */
public abstract class SigningBuilder<B extends SigningBuilder<B>> {
  final ApiCredentials credentials;
  NonceSource nonceSource = NonceSource.system();

  SigningBuilder(ApiCredentials credentials) {
    this.credentials = Objects.requireNonNull(credentials, "credentials == null");
  }

  SigningBuilder(SigningSupport signing) {
    this.credentials = signing.credentials;
    this.nonceSource = signing.nonceSource;
  }

  /** Where nonces come from; defaults to {@link NonceSource#system()}. */
  public B nonceSource(NonceSource nonceSource) {
    this.nonceSource = Objects.requireNonNull(nonceSource, "nonceSource == null");
    return self();
  }

  // Safe: the constructors are package-private and every subclass is declared as
  // "Builder extends SigningBuilder<Builder>".
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }
}
