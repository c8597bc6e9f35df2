package io.github.krakensdk.auth.oauth;

import java.io.IOException;

/**
 * Where one user's tokens live between calls and, if the implementation persists them, across
 * restarts. The client's {@link OAuthSession} saves every rotated refresh token here before it uses the new
 * access token, so a store that persists on {@link #save} never loses a grant.
 *
 * <p>Implementations must be thread-safe. Keep tokens as secret as passwords: encrypt at rest. An
 * {@link IOException} from a store reaches the caller of {@link OAuthSession} as an unchecked
 * {@link io.github.krakensdk.errors.KrakenClientException} whose cause it is.
 */
public interface TokenStore {
  /** The current tokens, or null if there are none (the user has not authorized yet). */
  OAuthTokens load() throws IOException;

  /** Replaces the current tokens. */
  void save(OAuthTokens tokens) throws IOException;
}
