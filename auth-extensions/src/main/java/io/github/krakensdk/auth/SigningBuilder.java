package io.github.krakensdk.auth;

import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.nonce.RequestSequencer;
import java.util.Objects;
import java.util.function.Predicate;
import okhttp3.Request;

/**
 * The settings every signing interceptor's builder has. Each interceptor's public {@code Builder}
 * extends this with itself as {@code B}, so that these setters return that builder and a chain
 * can go on with its own setters; what differs (the default {@code signIf}, Embed's {@code
 * Service-Version}) stays there.
 */
abstract class SigningBuilder<B extends SigningBuilder<B>> {
  final ApiCredentials credentials;
  NonceSource nonceSource = NonceSource.system();
  RequestSequencer sequencer;
  Predicate<Request> signIf;

  SigningBuilder(ApiCredentials credentials, Predicate<Request> defaultSignIf) {
    this.credentials = Objects.requireNonNull(credentials, "credentials == null");
    this.signIf = defaultSignIf;
  }

  SigningBuilder(SigningSupport signing) {
    this.credentials = signing.credentials;
    this.nonceSource = signing.nonceSource;
    this.sequencer = signing.sequencer;
    this.signIf = signing.signIf;
  }

  /** Where nonces come from; defaults to {@link NonceSource#system()}. */
  public B nonceSource(NonceSource nonceSource) {
    this.nonceSource = Objects.requireNonNull(nonceSource, "nonceSource == null");
    return self();
  }

  /**
   * Turns on the ordered mode (one request in flight per key, in nonce order); {@code null}
   * turns it off, the default.
   */
  public B sequencer(RequestSequencer sequencer) {
    this.sequencer = sequencer;
    return self();
  }

  /** Which requests to sign; this builder's class documentation gives the default. */
  public B signIf(Predicate<Request> signIf) {
    this.signIf = Objects.requireNonNull(signIf, "signIf == null");
    return self();
  }

  // Safe: the constructors are package-private and every subclass is declared as
  // "Builder extends SigningBuilder<Builder>".
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }
}
