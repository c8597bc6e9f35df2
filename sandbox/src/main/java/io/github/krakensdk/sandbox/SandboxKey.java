package io.github.krakensdk.sandbox;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.sandbox.internal.RootAccess;
import java.time.Instant;
import java.util.Objects;

/**
 * An API key the sandbox issued and its Base64 secret. {@link #toString()} shows the key only.
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .environment(sandbox.environment())
 *     .spotCredentials(sandbox.credentials().spot().credentials())
 *     .build();
 * }</pre>
 */
public final class SandboxKey {
  static {
    RootAccess.install(new RootAccess() {
      @Override
      public SandboxKey newKey(String key, String secret) {
        return new SandboxKey(key, secret);
      }

      @Override
      public void advanceTo(MutableClock clock, Instant instant) {
        clock.advanceTo(instant);
      }
    });
  }

  private final String key;
  private final String secret;

  SandboxKey(String key, String secret) {
    this.key = Objects.requireNonNull(key, "key == null");
    this.secret = Objects.requireNonNull(secret, "secret == null");
  }

  public String key() {
    return key;
  }

  /** The API secret, standard Base64, as the service shows it once when a key is created. */
  public String secret() {
    return secret;
  }

  /** The pair as the SDK takes it. */
  public ApiCredentials credentials() {
    return new ApiCredentials(key, secret);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SandboxKey that && key.equals(that.key) && secret.equals(that.secret);
  }

  @Override
  public int hashCode() {
    return key.hashCode();
  }

  @Override
  public String toString() {
    return "SandboxKey{key=" + key + "}";
  }
}
