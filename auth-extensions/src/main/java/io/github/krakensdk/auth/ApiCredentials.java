package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.oauth.model.CreatedFastApiKey;
import java.util.Objects;

/**
 * An API key and its Base64 secret, as Kraken issues them for Spot (which also signs Funding (Beta)),
 * Futures and Embed.
 *
 * <pre>{@code
 * ApiCredentials credentials = new ApiCredentials(System.getenv("KRAKEN_API_KEY"),
 *     System.getenv("KRAKEN_API_SECRET"));
 * }</pre>
 *
 * <p>Both values are checked here, once: a blank key or a secret that is not Base64 fails with an
 * {@link IllegalArgumentException} that names the field and never quotes its value. {@link
 * #toString()} hides both.
 *
 * <p>A fast API key created through OAuth is a Spot key; its creation is the one answer that
 * carries the secret, so hand it over straight away:
 *
 * <pre>{@code
 * CreatedFastApiKey created = kraken.oauth().createFastApiKey(r -> r.apiKeyName("my-app")
 *     .permissions(FastApiKeyPermissions.builder().fundsQuery(true).build()));
 * KrakenClient user = KrakenClient.builder().spotCredentials(ApiCredentials.of(created)).build();
 * }</pre>
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

  /**
   * The Spot credentials of a fast API key just created ({@code createFastApiKey}): its {@code
   * api_key} and {@code secret}.
   *
   * @throws IllegalArgumentException if either is missing (only the creation's answer carries the
   *     secret; a key from the listing has none) or the secret is not Base64; the message names
   *     the field, never its value.
   */
  public static ApiCredentials of(CreatedFastApiKey key) {
    Objects.requireNonNull(key, "key == null");
    if (key.apiKey() == null) {
      throw new IllegalArgumentException("the fast API key has no api_key");
    }
    if (key.secret() == null) {
      throw new IllegalArgumentException("the fast API key has no secret (only createFastApiKey's answer has it)");
    }
    return new ApiCredentials(key.apiKey(), key.secret());
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
