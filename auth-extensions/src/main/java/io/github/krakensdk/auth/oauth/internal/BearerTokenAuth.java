package io.github.krakensdk.auth.oauth.internal;

import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.oauth.OAuthSession;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import okhttp3.Authenticator;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.Route;

/**
 * Sends {@code Authorization: Bearer <access token>} and keeps the token fresh.
 *
 * <ul>
 *   <li>A token that expires within the refresh margin (2 minutes by default) is refreshed before
 *       the request goes out.
 *   <li>However many calls need a refresh at the same moment, exactly one refresh request runs;
 *       the others wait for its result and use it.
 *   <li>A 401 refreshes once (or picks up a refresh another call already made) and retries the
 *       request once; a second 401 is returned to the caller as it is. A 403 (missing scope or
 *       permission) never triggers a refresh.
 *   <li>When the token endpoint rejects the refresh token, every waiting call fails at once with
 *       {@link ReauthorizationRequiredException}, and later calls fail the same way without
 *       asking the endpoint again, until {@link #completeAuthorization} stores a new grant.
 *   <li>Rotated refresh tokens are saved to the {@link TokenStore} before they are used.
 * </ul>
 *
 * <pre>{@code
 * BearerTokenAuth auth = BearerTokenAuth.builder(tokenClient, tokenStore).build();
 * OkHttpClient api = auth.install(KrakenHttpClients.newBuilder()).build();
 * }</pre>
 *
 * Failures are unchecked {@link KrakenException}s: {@link ReauthorizationRequiredException}, an
 * {@link OAuthException} of the token endpoint, a {@link KrakenTransportException}, or a {@link
 * KrakenClientException} when the {@link TokenStore} fails. The interceptor and the authenticator
 * throw them inside a {@link KrakenFailureIOException}, as OkHttp requires; the calls of the SDK
 * unwrap it, so their callers see the failure itself.
 *
 * <p>One instance per token store (that is, per user). The interceptor is an application
 * interceptor; the OAuth token client must use a client without it.
 */
public final class BearerTokenAuth implements OAuthSession {
  private final OAuthTokenClient tokenClient;
  private final TokenStore store;
  private final Clock clock;
  private final Duration refreshMargin;

  private final Object lock = new Object();
  /** The refresh under way, shared by every call that needs it. Guarded by {@link #lock}. */
  private CompletableFuture<OAuthTokens> inFlight;
  /** A refresh token the endpoint rejected; never sent again. Guarded by {@link #lock}. */
  private String rejectedRefreshToken;

  private final Interceptor interceptor = this::intercept;
  private final Authenticator authenticator = this::authenticate;

  private BearerTokenAuth(Builder builder) {
    this.tokenClient = builder.tokenClient;
    this.store = builder.store;
    this.clock = builder.clock;
    this.refreshMargin = builder.refreshMargin;
  }

  /** Starts configuring bearer authentication from the tokens in {@code store}. */
  public static Builder builder(OAuthTokenClient tokenClient, TokenStore store) {
    return new Builder(tokenClient, store);
  }

  /** Adds {@link #interceptor()} and sets {@link #authenticator()} on {@code builder}. */
  public OkHttpClient.Builder install(OkHttpClient.Builder builder) {
    Objects.requireNonNull(builder, "builder == null");
    return builder.addInterceptor(interceptor).authenticator(authenticator);
  }

  /**
   * The application interceptor that adds the bearer header to requests that have no {@code
   * Authorization} header of their own. Fails with a {@link KrakenFailureIOException}.
   */
  public Interceptor interceptor() {
    return interceptor;
  }

  /** The authenticator that answers one 401 with a refreshed token. Fails as {@link #interceptor()}. */
  public Authenticator authenticator() {
    return authenticator;
  }

  /**
   * Finishes the authorization-code flow: exchanges {@code code} and stores the tokens, replacing
   * any grant that needed re-authorization.
   *
   * @throws OAuthException if the token endpoint refuses the code.
   * @throws KrakenTransportException if the network failed.
   * @throws KrakenClientException if the token store failed.
   */
  @Override
  public OAuthTokens completeAuthorization(String code, String redirectUri) {
    OAuthTokens tokens = tokenClient.exchangeCode(code, redirectUri);
    synchronized (lock) {
      save(tokens);
      rejectedRefreshToken = null;
    }
    return tokens;
  }

  /**
   * A currently valid access token, refreshed first if it expires within the margin.
   *
   * @throws ReauthorizationRequiredException if the user must authorize again.
   * @throws KrakenException if the refresh failed otherwise.
   */
  @Override
  public String accessToken() {
    return currentTokens().accessToken();
  }

  private Response intercept(Interceptor.Chain chain) throws IOException {
    Request request = chain.request();
    if (request.header("Authorization") != null) return chain.proceed(request);
    OAuthTokens tokens;
    try {
      tokens = currentTokens();
    } catch (KrakenException e) {
      throw new KrakenFailureIOException(e); // OkHttp lets only IOExceptions out of an interceptor
    }
    return chain.proceed(
        request.newBuilder().header("Authorization", "Bearer " + tokens.accessToken()).build());
  }

  private Request authenticate(Route route, Response response) throws IOException {
    if (response.code() != 401) return null;
    // One retry per call: a 401 that answers a retry goes back to the caller.
    for (Response prior = response.priorResponse(); prior != null; prior = prior.priorResponse()) {
      if (prior.code() == 401) return null;
    }
    String authorization = response.request().header("Authorization");
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    OAuthTokens fresh;
    try {
      fresh = refreshReplacing(authorization.substring(7).trim());
    } catch (KrakenException e) {
      throw new KrakenFailureIOException(e); // as in intercept: OkHttp wants an IOException
    }
    return response
        .request()
        .newBuilder()
        .header("Authorization", "Bearer " + fresh.accessToken())
        .build();
  }

  private OAuthTokens currentTokens() {
    OAuthTokens tokens = load();
    if (tokens == null) throw reauthorization("no tokens are stored");
    if (!tokens.expiresWithin(refreshMargin, clock.instant())) return tokens;
    return refreshReplacing(tokens.accessToken());
  }

  /**
   * Returns tokens that replace {@code staleAccessToken}: those another call already obtained, or
   * the result of the one refresh under way, or of a refresh this call starts.
   */
  private OAuthTokens refreshReplacing(String staleAccessToken) {
    CompletableFuture<OAuthTokens> future;
    String refreshToken = null;
    synchronized (lock) {
      if (inFlight != null) {
        future = inFlight;
      } else {
        OAuthTokens current = load();
        if (current == null) throw reauthorization("no tokens are stored");
        if (!current.accessToken().equals(staleAccessToken)
            && !current.expiresWithin(refreshMargin, clock.instant())) {
          return current; // another call refreshed while this one was on its way
        }
        if (current.refreshToken() == null) throw reauthorization("no refresh token is stored");
        if (current.refreshToken().equals(rejectedRefreshToken)) {
          throw reauthorization("the stored refresh token was already rejected");
        }
        refreshToken = current.refreshToken();
        future = inFlight = new CompletableFuture<>();
      }
    }
    if (refreshToken == null) return await(future);

    // This call does the refresh, outside the lock; the others wait on the future.
    try {
      OAuthTokens fresh = tokenClient.refresh(refreshToken);
      save(fresh);
      synchronized (lock) {
        inFlight = null;
      }
      future.complete(fresh);
      return fresh;
    } catch (ReauthorizationRequiredException e) {
      synchronized (lock) {
        rejectedRefreshToken = refreshToken;
        inFlight = null;
      }
      future.completeExceptionally(e);
      throw e;
    } catch (RuntimeException | Error e) {
      synchronized (lock) {
        inFlight = null;
      }
      future.completeExceptionally(e);
      throw e;
    }
  }

  private static OAuthTokens await(CompletableFuture<OAuthTokens> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KrakenTransportException(OAuthException.TOKEN_OPERATION,
          new InterruptedIOException("interrupted while waiting for a token refresh"), false);
    } catch (ExecutionException e) {
      // A new exception per waiting call, so each stack trace shows its own caller.
      Throwable cause = e.getCause();
      if (cause instanceof ReauthorizationRequiredException rejected) {
        throw new ReauthorizationRequiredException(
            "the refresh token was rejected", rejected.error(), rejected.httpStatus(), cause);
      }
      if (cause instanceof OAuthException failed) {
        throw new OAuthException(OAuthException.TOKEN_OPERATION, failed.httpStatus(), failed.error(),
            failed.errorDescription(), "the token refresh failed: " + failed.getMessage(), cause);
      }
      if (cause instanceof KrakenTransportException failed) {
        throw new KrakenTransportException(OAuthException.TOKEN_OPERATION,
            new IOException("the token refresh failed", failed.getCause()), failed.outcomeUnknown());
      }
      if (cause instanceof KrakenException failed) {
        throw failed;
      }
      throw new KrakenClientException(OAuthException.TOKEN_OPERATION,
          "the token refresh failed (" + cause.getClass().getSimpleName() + ")", cause);
    }
  }

  /** The stored tokens; a store that fails is a local failure. */
  private OAuthTokens load() {
    try {
      return store.load();
    } catch (IOException e) {
      // The class only: a store's message is the caller's and may say more than a log should.
      throw new KrakenClientException(OAuthException.TOKEN_OPERATION,
          "the token store failed to load (" + e.getClass().getSimpleName() + ")", e);
    }
  }

  private void save(OAuthTokens tokens) {
    try {
      store.save(tokens);
    } catch (IOException e) {
      throw new KrakenClientException(OAuthException.TOKEN_OPERATION,
          "the token store failed to save (" + e.getClass().getSimpleName() + ")", e);
    }
  }

  private static ReauthorizationRequiredException reauthorization(String why) {
    return new ReauthorizationRequiredException(why, null, KrakenException.NO_STATUS, null);
  }

  @Override
  public String toString() {
    return "BearerTokenAuth{" + tokenClient + "}";
  }

  /** Configures a {@link BearerTokenAuth}; every setter returns this builder. */
  public static final class Builder {
    private final OAuthTokenClient tokenClient;
    private final TokenStore store;
    private Clock clock = Clock.systemUTC();
    private Duration refreshMargin = Duration.ofMinutes(2);

    Builder(OAuthTokenClient tokenClient, TokenStore store) {
      this.tokenClient = Objects.requireNonNull(tokenClient, "tokenClient == null");
      this.store = Objects.requireNonNull(store, "store == null");
    }

    /** The clock that decides when a token is about to expire. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Refresh a token this long before it expires; 2 minutes by default. */
    public Builder refreshMargin(Duration refreshMargin) {
      Objects.requireNonNull(refreshMargin, "refreshMargin == null");
      if (refreshMargin.isNegative()) throw new IllegalArgumentException("refreshMargin < 0");
      this.refreshMargin = refreshMargin;
      return this;
    }

    /** Builds the configured {@link BearerTokenAuth}. */
    public BearerTokenAuth build() {
      return new BearerTokenAuth(this);
    }
  }
}
