package io.github.krakensdk.sandbox;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An OAuth client registered with the sandbox ({@link OAuthControls#newClient}):
 *
 * <pre>{@code
 * SandboxOAuthClient app = sandbox.oauth().newClient(SandboxOAuthClient.Type.CONFIDENTIAL,
 *     List.of(URI.create("http://127.0.0.1:9000/callback")));
 * ClientCredentials credentials = ClientCredentials.confidential(app.clientId(), app.clientSecret().get());
 * }</pre>
 */
public final class SandboxOAuthClient {
  /** A confidential client keeps a secret on a server; a public one runs on the user's device. */
  public enum Type {
    CONFIDENTIAL,
    PUBLIC
  }

  private final String clientId;
  private final String clientSecret;
  private final Type type;
  private final List<URI> redirectUris;

  SandboxOAuthClient(String clientId, String clientSecret, List<URI> redirectUris) {
    this.clientId = Objects.requireNonNull(clientId, "clientId == null");
    this.clientSecret = clientSecret;
    this.type = clientSecret == null ? Type.PUBLIC : Type.CONFIDENTIAL;
    this.redirectUris = List.copyOf(redirectUris);
  }

  public String clientId() {
    return clientId;
  }

  /** The secret of a confidential client; empty for a public one. */
  public Optional<String> clientSecret() {
    return Optional.ofNullable(clientSecret);
  }

  public Type type() {
    return type;
  }

  public List<URI> redirectUris() {
    return redirectUris;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SandboxOAuthClient that && clientId.equals(that.clientId)
        && Objects.equals(clientSecret, that.clientSecret) && redirectUris.equals(that.redirectUris);
  }

  @Override
  public int hashCode() {
    return clientId.hashCode();
  }

  @Override
  public String toString() {
    return "SandboxOAuthClient{" + clientId + ", " + type + ", " + redirectUris + "}";
  }
}
