package io.github.krakensdk;

import io.github.krakensdk.auth.oauth.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.OAuthTokenClient;
import io.github.krakensdk.auth.oauth.ReauthorizationRequiredException;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.runtime.transport.KrakenFailureIOException;
import okhttp3.Authenticator;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * How the OAuth family authenticates: the token endpoint with the client's Basic credentials,
 * every other operation with the bearer token that {@link BearerTokenAuth} keeps fresh.
 */
record OAuthAccess(OkHttpClient client, BearerTokenAuth tokens) {
  private static final String TOKEN_PATH = "oauth/token";

  static OAuthAccess create(OkHttpClient http, HttpUrl base, ClientCredentials client, TokenStore store) {
    if (client == null) {
      return new OAuthAccess(http, null);
    }
    HttpUrl tokenUrl = base.resolve(TOKEN_PATH);
    OAuthTokenClient tokenClient = OAuthTokenClient.builder(client).httpClient(http).tokenUrl(tokenUrl).build();
    BearerTokenAuth tokens = BearerTokenAuth.builder(tokenClient, store).build();
    Interceptor bearer = tokens.interceptor();
    Authenticator refreshOn401 = tokens.authenticator();
    OkHttpClient routed = http.newBuilder()
        .addInterceptor(chain -> isTokenRequest(chain.request(), tokenUrl)
            ? chain.proceed(chain.request().newBuilder().header("Authorization", client.basicAuthorization()).build())
            : bearer.intercept(chain))
        .authenticator((route, response) -> {
          if (isTokenRequest(response.request(), tokenUrl)) {
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
    return new OAuthAccess(routed, tokens);
  }

  private static boolean isTokenRequest(Request request, HttpUrl tokenUrl) {
    return request.url().encodedPath().equals(tokenUrl.encodedPath());
  }
}
