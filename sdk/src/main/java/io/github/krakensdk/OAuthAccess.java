package io.github.krakensdk;

import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import java.net.URI;
import okhttp3.Authenticator;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

/**
 * How the OAuth family authenticates: the token endpoint is reached only by the token client
 * (the client's Basic credentials, tokens saved to the store); every operation whose contract
 * names a security scheme carries the bearer token that {@link BearerTokenAuth} keeps fresh.
 */
record OAuthAccess(OkHttpClient client, BearerTokenAuth tokens) {
  private static final String TOKEN_PATH = "oauth/token";

  static OAuthAccess create(OkHttpClient http, URI base, ClientCredentials client, TokenStore store) {
    if (client == null) {
      return new OAuthAccess(http, null);
    }
    OAuthTokenClient tokenClient = OAuthTokenClient.builder(client).httpClient(http)
        .tokenUrl(HttpUrl.get(base.resolve(TOKEN_PATH))).build();
    BearerTokenAuth tokens = BearerTokenAuth.builder(tokenClient, store).build();
    Interceptor bearer = tokens.interceptor();
    Authenticator refreshOn401 = tokens.authenticator();
    OkHttpClient withBearer = http.newBuilder()
        .addInterceptor(chain -> RequestSecurity.of(chain.request()).authenticated()
            ? bearer.intercept(chain)
            : chain.proceed(chain.request()))
        .authenticator((route, response) -> {
          if (!RequestSecurity.of(response.request()).authenticated()) {
            return null;
          }
          try {
            return refreshOn401.authenticate(route, response);
          } catch (KrakenFailureIOException e) {
            if (e.failure() instanceof ReauthorizationRequiredException) {
              // Nothing to refresh with: hand the 401 itself back, which the caller gets as an
              // AuthenticationException carrying the service's error.
              return null;
            }
            throw e;
          }
        })
        .build();
    return new OAuthAccess(withBearer, tokens);
  }
}
