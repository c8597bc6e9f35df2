package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.Seed;

import io.github.krakensdk.auth.oauth.ClientCredentials;

/**
 * The demo identities every sandbox starts with. They are the same on every machine and every run,
 * so a team in another language can configure them once (the standalone server prints them).
 *
 * <pre>{@code
 * SandboxCredentials demo = sandbox.credentials();
 * KrakenClient kraken = KrakenClient.builder()
 *     .environment(sandbox.environment())
 *     .spotCredentials(demo.spot().credentials())
 *     .oauth(demo.oauthConfidentialClient(), new InMemoryTokenStore())
 *     .build();
 * }</pre>
 */
public final class SandboxCredentials {
  static final SandboxCredentials DEMO = new SandboxCredentials();

  private SandboxCredentials() {}

  /** A Spot key of the test user with every permission, of the Starter verification tier. */
  public SandboxKey spot() {
    return Seed.SPOT_KEY;
  }

  /** A Futures key with full access (needed for the self-trade strategy). */
  public SandboxKey futures() {
    return Seed.FUTURES_FULL_KEY;
  }

  /** A Futures key with read-only access, of the same account. */
  public SandboxKey futuresReadOnly() {
    return Seed.FUTURES_READ_ONLY_KEY;
  }

  /** The Embed partner key; its users include {@link #userIiban()}. */
  public SandboxKey embed() {
    return Seed.EMBED_KEY;
  }

  /** The OAuth confidential (server-side) client's ID. */
  public String oauthConfidentialClientId() {
    return Seed.CONFIDENTIAL_CLIENT_ID;
  }

  /** The confidential client's secret in plain text (the service would deliver it RSA-encrypted; see {@link Sandbox#encryptedClientSecret}). */
  public String oauthConfidentialClientSecret() {
    return Seed.CONFIDENTIAL_CLIENT_SECRET;
  }

  /** The OAuth public (device) client's ID; it has no secret. */
  public String oauthPublicClientId() {
    return Seed.PUBLIC_CLIENT_ID;
  }

  public ClientCredentials oauthConfidentialClient() {
    return ClientCredentials.confidential(Seed.CONFIDENTIAL_CLIENT_ID, Seed.CONFIDENTIAL_CLIENT_SECRET);
  }

  public ClientCredentials oauthPublicClient() {
    return ClientCredentials.publicClient(Seed.PUBLIC_CLIENT_ID);
  }

  /** A redirect URI registered for both OAuth clients. */
  public String redirectUri() {
    return Seed.REDIRECT_URI;
  }

  /** The test user's email, as userinfo reports it. */
  public String userEmail() {
    return Seed.USER_EMAIL;
  }

  /** The test user's IIBAN: the OAuth user and an Embed user of the demo partner. */
  public String userIiban() {
    return Seed.USER_IIBAN;
  }

  /** An enabled webhook of the demo partner. */
  public String webhookId() {
    return Seed.WEBHOOK_ENABLED;
  }

  /** A disabled webhook of the demo partner. */
  public String disabledWebhookId() {
    return Seed.WEBHOOK_DISABLED;
  }

  /** A webhook of another partner: the demo partner gets "Webhook not found" for it. */
  public String foreignWebhookId() {
    return Seed.WEBHOOK_FOREIGN;
  }

  /** The secret the demo partner's webhooks are signed with, standard Base64. */
  public String webhookSecret() {
    return Seed.WEBHOOK_SECRET;
  }

  @Override
  public String toString() {
    return "SandboxCredentials{demo}";
  }
}
