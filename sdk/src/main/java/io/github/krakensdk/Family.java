package io.github.krakensdk;

/** The API families of Kraken this client speaks, for calls that name one (raw calls). */
public enum Family {
  /** Spot REST ({@code /0/public/...}, {@code /0/private/...}): API-Key and API-Sign. */
  SPOT,
  /** Futures REST ({@code /derivatives/api/v3/...}): APIKey, Authent and Nonce. */
  FUTURES,
  /** OAuth, Kraken Connect ({@code /oauth/...}): a bearer token. */
  OAUTH,
  /** Embed, the partner API ({@code /b2b/...}): API-Key, API-Sign and API-Nonce. */
  EMBED,
  /**
   * Spot Funding (Beta) ({@code /funding/v1/...}): API-Key, API-Sign and API-Nonce of the Spot
   * key, whose nonce counter and call counter it shares with {@link #SPOT}.
   */
  FUNDING
}
