package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.oauth.OAuthFamily;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import javax.crypto.Cipher;
import okhttp3.HttpUrl;

/**
 * What moves the OAuth world of the sandbox: {@code sandbox.oauth()}. The control plane's {@code
 * createOAuthClient} and {@code encryptOAuthClientSecret} run this code.
 *
 * <pre>{@code
 * SandboxOAuthClient app = sandbox.oauth().newClient(SandboxOAuthClient.Type.PUBLIC,
 *     List.of(URI.create("http://127.0.0.1:9000/callback")));
 * }</pre>
 */
public final class OAuthControls {
  private final OAuthFamily oauth;

  OAuthControls(OAuthFamily oauth) {
    this.oauth = oauth;
  }

  /**
   * Registers another client, as an application registers it with Kraken, allowed to redirect to
   * {@code redirectUris}; a confidential one gets a secret.
   *
   * @throws IllegalArgumentException for no redirect URI, or one that is not an http or https URL.
   */
  public SandboxOAuthClient newClient(SandboxOAuthClient.Type type, List<URI> redirectUris) {
    Objects.requireNonNull(type, "type == null");
    List<URI> uris = List.copyOf(Objects.requireNonNull(redirectUris, "redirectUris == null"));
    if (uris.isEmpty()) {
      throw new IllegalArgumentException("redirectUris must hold at least one URI");
    }
    for (URI uri : uris) {
      if (HttpUrl.parse(uri.toString()) == null) {
        throw new IllegalArgumentException("redirectUris must be http or https URLs (was " + uri + ")");
      }
    }
    OAuthFamily.Client client = oauth.registerClient(type == SandboxOAuthClient.Type.CONFIDENTIAL,
        uris.stream().map(URI::toString).toList());
    return new SandboxOAuthClient(client.id(), client.secret(), uris);
  }

  /**
   * The demo confidential client's secret as the service delivers it: RSA-encrypted with {@code
   * publicKey} (PKCS#1 v1.5 padding) and Base64-encoded, for {@code
   * ClientCredentials.confidentialFromEncryptedSecret}.
   */
  public String encryptedClientSecret(PublicKey publicKey) throws GeneralSecurityException {
    Objects.requireNonNull(publicKey, "publicKey == null");
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    cipher.init(Cipher.ENCRYPT_MODE, publicKey);
    byte[] encrypted = cipher.doFinal(Seed.CONFIDENTIAL_CLIENT_SECRET.getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(encrypted);
  }

  @Override
  public String toString() {
    return "OAuthControls";
  }
}
