package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Secrets;

/**
 * An API key and its Base64 secret, as Kraken issues them for Spot, Futures and Embed.
 *
 * <pre>{@code
 * ApiCredentials credentials = new ApiCredentials(System.getenv("KRAKEN_API_KEY"),
 *     System.getenv("KRAKEN_API_SECRET"));
 * }</pre>
 *
 * <p>Both values are checked here, once: a blank key or a secret that is not Base64 fails with an
 * {@link IllegalArgumentException} that names the field and never quotes its value. {@link
 * #toString()} hides both.
 */
public final class ApiCredentials {
  private final String key;
  private final String secret;

  /**
   * @param key the API key, sent as a header on every signed request.
   * @param base64Secret the private key (API secret), standard Base64 as Kraken shows it.
   */
  public ApiCredentials(String key, String base64Secret) {
    this.key = Secrets.requireNonBlank(key, "key");
    Secrets.decodeBase64Secret(base64Secret, "base64Secret");
    this.secret = base64Secret;
  }

  /** The API key. It is not the secret, but logs still hide it. */
  public String key() {
    return key;
  }

  /** Package-private on purpose: only the signers need the secret. */
  String base64Secret() {
    return secret;
  }

  @Override
  public String toString() {
    return "ApiCredentials{key=" + Secrets.REDACTED + ", secret=" + Secrets.REDACTED + "}";
  }
}
