package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.oauth.OAuthFamily;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * What moves the OAuth world of the sandbox: {@code sandbox.oauth()}. The control plane's {@code
 * createOAuthClient} runs this code.
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

  @Override
  public String toString() {
    return "OAuthControls";
  }
}
