package io.github.krakensdk.sandbox.internal;

import io.github.krakensdk.sandbox.SandboxKey;

import java.util.List;

/**
 * The identities every sandbox starts with, derived from fixed labels so that they are the same on
 * every machine. The data of each family (assets, strategies, trades, ...) is seeded by the family.
 */
public final class Seed {
  private Seed() {}

  public static final SandboxKey SPOT_KEY =
      RootAccess.get().newKey(Secrets.derivedKey("SBXSPOT", "spot"), Secrets.derivedBase64("spot secret", 64));
  public static final SandboxKey FUTURES_FULL_KEY =
      RootAccess.get().newKey(Secrets.derivedKey("SBXFUT", "futures full"), Secrets.derivedBase64("futures full secret", 64));
  public static final SandboxKey FUTURES_READ_ONLY_KEY =
      RootAccess.get().newKey(Secrets.derivedKey("SBXFUTRO", "futures read-only"),
          Secrets.derivedBase64("futures read-only secret", 64));
  public static final SandboxKey EMBED_KEY =
      RootAccess.get().newKey(Secrets.derivedKey("SBXEMBED", "embed"), Secrets.derivedBase64("embed secret", 64));
  /** The key of another Embed partner, which owns {@link #WEBHOOK_FOREIGN}. */
  public static final SandboxKey EMBED_OTHER_PARTNER_KEY =
      RootAccess.get().newKey(Secrets.derivedKey("SBXEMBED2", "embed other partner"),
          Secrets.derivedBase64("embed other partner secret", 64));

  public static final String CONFIDENTIAL_CLIENT_ID = "3f9c1e27-8b4d-4a60-9d2e-5b7f0c8a6e14";
  public static final String CONFIDENTIAL_CLIENT_SECRET = Secrets.derivedKey("sbxcs_", "confidential client secret");
  public static final String PUBLIC_CLIENT_ID = "8d41a6f2-0c3e-4b7a-9f15-2e6c8b0d4a73";
  public static final String REDIRECT_URI = "https://app.example.com/oauth/kraken/callback";
  public static final List<String> REDIRECT_URIS = List.of(REDIRECT_URI, "http://localhost/oauth/callback");

  public static final String USER_EMAIL = "sandbox.user@example.com";
  public static final String USER_IIBAN = "AA29N84GTRQFZL8R";
  /** A second user of the demo partner. */
  public static final String SECOND_USER_IIBAN = "AA68GO9AEQ17RJ2A";
  /** A user of the other partner. */
  public static final String OTHER_PARTNER_USER_IIBAN = "AA53KX7WPQ2M4D9N";

  public static final String WEBHOOK_ENABLED = "WH7K2M-QP4XD-ZR8TNA";
  public static final String WEBHOOK_DISABLED = "WH3D9P-LX2RW-BT6YKE";
  public static final String WEBHOOK_FOREIGN = "WH9F4C-NE7QZ-HJ2MUV";
  public static final String WEBHOOK_SECRET = Secrets.derivedBase64("webhook secret", 32);
  public static final String OTHER_PARTNER_WEBHOOK_SECRET = Secrets.derivedBase64("other partner webhook secret", 32);
}
