package io.github.krakensdk;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.EmbedSigningInterceptor;
import io.github.krakensdk.auth.FuturesSigningInterceptor;
import io.github.krakensdk.auth.RedactingLoggingInterceptor;
import io.github.krakensdk.auth.SpotSigningInterceptor;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.nonce.RequestSequencer;
import io.github.krakensdk.auth.oauth.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.OAuthTokenClient;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.embed.EmbedApi;
import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.EmbedJsonAdapters;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.futures.FuturesApi;
import io.github.krakensdk.futures.FuturesService;
import io.github.krakensdk.futures.model.FuturesJsonAdapters;
import io.github.krakensdk.oauth.OAuthApi;
import io.github.krakensdk.oauth.OAuthService;
import io.github.krakensdk.oauth.model.OAuthJsonAdapters;
import io.github.krakensdk.runtime.call.Calls;
import io.github.krakensdk.runtime.call.ResponseDecoding;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.WarningListener;
import io.github.krakensdk.runtime.json.KrakenJson;
import io.github.krakensdk.runtime.retrofit.QueryConverterFactory;
import io.github.krakensdk.runtime.transport.KrakenHttpClients;
import io.github.krakensdk.spot.SpotApi;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.SpotJsonAdapters;
import java.io.Closeable;
import java.time.Duration;
import java.util.Objects;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import retrofit2.Retrofit;
import retrofit2.converter.moshi.MoshiConverterFactory;

/**
 * One entry point for Kraken's Spot, Futures, OAuth and Embed APIs. Each operation of the contract
 * is one typed call on a family service, with an {@code ...Async} twin:
 *
 * <pre>{@code
 * try (KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(new ApiCredentials(apiKey, apiSecret))
 *     .build()) {
 *   TradeVolume volume = kraken.spot().getTradeVolume(TradeVolumeRequest.builder().pair("XBTUSD").build());
 * }
 * }</pre>
 *
 * <p>Every call signs what it sends, checks its arguments against the contract before sending,
 * unwraps the result and reports failures as {@link io.github.krakensdk.errors.KrakenException}s.
 * All families share one OkHttp connection pool and dispatcher, and one Moshi. Instances are
 * thread-safe; {@link #close()} releases what the client owns.
 */
public final class KrakenClient implements Closeable {
  private final OkHttpClient http;
  private final boolean ownsHttp;
  private final Moshi moshi;
  private final SpotService spot;
  private final FuturesService futures;
  private final OAuthService oauth;
  private final EmbedService embed;
  private final BearerTokenAuth oauthTokens;
  private final RedactingLoggingInterceptor logging;

  private KrakenClient(Builder builder) {
    this.moshi = KrakenJson.newBuilder()
        .add(SpotJsonAdapters.FACTORY)
        .add(FuturesJsonAdapters.FACTORY)
        .add(OAuthJsonAdapters.FACTORY)
        .add(EmbedJsonAdapters.FACTORY)
        .build();
    this.ownsHttp = builder.httpClient == null;
    // A caller's client is never changed: newBuilder() makes a copy sharing its pool and dispatcher.
    OkHttpClient.Builder base = KrakenHttpClients.configure(
        ownsHttp ? new OkHttpClient.Builder() : builder.httpClient.newBuilder());
    base.connectTimeout(builder.connectTimeout).readTimeout(builder.readTimeout)
        .writeTimeout(builder.readTimeout).callTimeout(builder.callTimeout);
    base.addInterceptor(ResponseDecoding.statusInterceptor());
    this.http = base.build();
    this.logging = builder.logging;

    Calls calls = new Calls(moshi, builder.retryPolicy, builder.warningListener);
    Environment environment = builder.environment;

    OkHttpClient spotHttp = builder.spotCredentials == null ? family(null) : family(SpotSigningInterceptor
        .builder(builder.spotCredentials).nonceSource(builder.nonceSource)
        .sequencer(sequencer(builder, builder.spotCredentials)).build());
    this.spot = new SpotService(retrofit(environment.spot(), spotHttp).create(SpotApi.class), calls);

    OkHttpClient futuresHttp = builder.futuresCredentials == null ? family(null) : family(FuturesSigningInterceptor
        .builder(builder.futuresCredentials).nonceSource(builder.nonceSource)
        .sequencer(sequencer(builder, builder.futuresCredentials)).build());
    this.futures = new FuturesService(
        retrofit(environment.futures(), futuresHttp).create(FuturesApi.class),
        retrofit(environment.futuresDemo(), futuresHttp).create(FuturesApi.class),
        calls);

    EmbedSigningInterceptor.Builder embedSigning = builder.embedCredentials == null ? null
        : EmbedSigningInterceptor.builder(builder.embedCredentials).nonceSource(builder.nonceSource)
            .sequencer(sequencer(builder, builder.embedCredentials));
    if (embedSigning != null && builder.embedServiceVersion != null) {
      embedSigning.serviceVersion(builder.embedServiceVersion.value());
    }
    OkHttpClient embedHttp = family(embedSigning == null ? null : embedSigning.build());
    this.embed = new EmbedService(retrofit(environment.embed(), embedHttp).create(EmbedApi.class), calls);

    OAuthAccess access = OAuthAccess.create(family(null), environment.oauth(), builder.oauthClient, builder.tokenStore);
    this.oauthTokens = access.tokens();
    this.oauth = new OAuthService(retrofit(environment.oauth(), access.client()).create(OAuthApi.class), calls);
  }

  /** Starts configuring a client: production base URLs, no credentials, no retries. */
  public static Builder builder() {
    return new Builder();
  }

  /** Spot: assets, trade volume, Earn deallocation, withdrawal cancellation. */
  public SpotService spot() {
    return spot;
  }

  /** Futures: portfolio simulation, assignment program, notifications, PnL preferences, self-trade strategy, trade history. */
  public FuturesService futures() {
    return futures;
  }

  /** OAuth (Kraken Connect): token, user info, fast API keys. */
  public OAuthService oauth() {
    return oauth;
  }

  /** Embed (B2B partner API): users, portfolio history, deposit methods, Auto-Earn, webhooks. */
  public EmbedService embed() {
    return embed;
  }

  /**
   * The OAuth tokens of the configured {@link Builder#oauth(ClientCredentials, TokenStore) client}:
   * {@code completeAuthorization(code, redirectUri)} after the browser flow, then the bearer
   * operations of {@link #oauth()} use and refresh them.
   *
   * @throws IllegalStateException if no OAuth client was configured.
   */
  public BearerTokenAuth oauthTokens() {
    if (oauthTokens == null) {
      throw new IllegalStateException("no OAuth client configured: KrakenClient.builder().oauth(client, tokenStore)");
    }
    return oauthTokens;
  }

  /** The JSON set-up of the four families, for reading stored or received bodies. */
  public Moshi moshi() {
    return moshi;
  }

  /**
   * Releases the threads and connections this client created. A caller's {@link
   * Builder#httpClient(OkHttpClient) OkHttpClient} is left running: its pool and dispatcher are
   * the caller's.
   */
  @Override
  public void close() {
    if (ownsHttp) {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
  }

  /**
   * A family's client: the shared one (same pool and dispatcher) plus its signer, then the logger,
   * which therefore shows what is actually sent (redacted).
   */
  private OkHttpClient family(Interceptor signer) {
    if (signer == null && logging == null) {
      return http;
    }
    OkHttpClient.Builder family = http.newBuilder();
    if (signer != null) {
      family.addNetworkInterceptor(signer);
    }
    if (logging != null) {
      family.addNetworkInterceptor(logging);
    }
    return family.build();
  }

  private static RequestSequencer sequencer(Builder builder, ApiCredentials credentials) {
    return builder.orderedRequests ? RequestSequencer.forKey(credentials.key()) : null;
  }

  private Retrofit retrofit(okhttp3.HttpUrl baseUrl, OkHttpClient client) {
    return new Retrofit.Builder()
        .baseUrl(baseUrl)
        .client(client)
        .addConverterFactory(QueryConverterFactory.create(moshi))
        .addConverterFactory(ResponseDecoding.converterFactory(moshi))
        .addConverterFactory(MoshiConverterFactory.create(moshi))
        .build();
  }

  @Override
  public String toString() {
    return "KrakenClient";
  }

  /** Configures a {@link KrakenClient}; every setter returns this builder. */
  public static final class Builder {
    private Environment environment = Environment.PRODUCTION;
    private ApiCredentials spotCredentials;
    private ApiCredentials futuresCredentials;
    private ApiCredentials embedCredentials;
    private ServiceVersion embedServiceVersion;
    private ClientCredentials oauthClient;
    private TokenStore tokenStore;
    private NonceSource nonceSource = NonceSource.system();
    private boolean orderedRequests;
    private OkHttpClient httpClient;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration callTimeout = Duration.ofSeconds(60);
    private RetryPolicy retryPolicy = RetryPolicy.none();
    private WarningListener warningListener = WarningListener.logging();
    private RedactingLoggingInterceptor logging;

    private Builder() {}

    /** Where each family is; {@link Environment#PRODUCTION} by default. */
    public Builder environment(Environment environment) {
      this.environment = Objects.requireNonNull(environment, "environment == null");
      return this;
    }

    /** The Spot API key; without it, only public Spot operations work. */
    public Builder spotCredentials(ApiCredentials credentials) {
      this.spotCredentials = Objects.requireNonNull(credentials, "credentials == null");
      return this;
    }

    /** The Futures API key (read-only or full access; full access for the self-trade strategy). */
    public Builder futuresCredentials(ApiCredentials credentials) {
      this.futuresCredentials = Objects.requireNonNull(credentials, "credentials == null");
      return this;
    }

    /** The Embed partner key. */
    public Builder embedCredentials(ApiCredentials credentials) {
      this.embedCredentials = Objects.requireNonNull(credentials, "credentials == null");
      return this;
    }

    /** The Embed {@code Service-Version} header sent on every Embed call; absent, the service's default applies. */
    public Builder embedServiceVersion(ServiceVersion serviceVersion) {
      Objects.requireNonNull(serviceVersion, "serviceVersion == null");
      if (!serviceVersion.isKnown()) {
        throw new IllegalArgumentException("embedServiceVersion must be one of " + ServiceVersion.values()
            + " (was " + serviceVersion.value() + ")");
      }
      this.embedServiceVersion = serviceVersion;
      return this;
    }

    /**
     * The OAuth client and where its tokens are kept; enables {@link KrakenClient#oauthTokens()}
     * and the bearer operations of {@link KrakenClient#oauth()}.
     */
    public Builder oauth(ClientCredentials client, TokenStore tokenStore) {
      this.oauthClient = Objects.requireNonNull(client, "client == null");
      this.tokenStore = Objects.requireNonNull(tokenStore, "tokenStore == null");
      return this;
    }

    /** Where nonces come from; a shared source when several processes use one key. */
    public Builder nonceSource(NonceSource nonceSource) {
      this.nonceSource = Objects.requireNonNull(nonceSource, "nonceSource == null");
      return this;
    }

    /**
     * Keeps the requests of each key in nonce order end to end (one in flight per key), so that
     * concurrent calls never reach the service out of order. Off by default.
     */
    public Builder orderedRequests(boolean orderedRequests) {
      this.orderedRequests = orderedRequests;
      return this;
    }

    /** An OkHttp client whose pool and dispatcher to share; the SDK configures a copy of it. */
    public Builder httpClient(OkHttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient == null");
      return this;
    }

    /** Default 10 s. */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = requirePositive(timeout, "connectTimeout");
      return this;
    }

    /** Default 30 s, also used for writes. */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = requirePositive(timeout, "readTimeout");
      return this;
    }

    /** The whole call, retries excluded; default 60 s. */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = requirePositive(timeout, "callTimeout");
      return this;
    }

    /** When to retry operations that are safe to repeat; {@link RetryPolicy#none()} by default. */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy == null");
      return this;
    }

    /** Receives the warnings of Spot calls that succeeded; logs them by default. */
    public Builder warningListener(WarningListener warningListener) {
      this.warningListener = Objects.requireNonNull(warningListener, "warningListener == null");
      return this;
    }

    /** Wire logging that never shows a key, signature, nonce or token. */
    public Builder logging(RedactingLoggingInterceptor logging) {
      this.logging = Objects.requireNonNull(logging, "logging == null");
      return this;
    }

    public KrakenClient build() {
      return new KrakenClient(this);
    }

    private static Duration requirePositive(Duration duration, String name) {
      Objects.requireNonNull(duration, name + " == null");
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(name + " must be positive (was " + duration + ")");
      }
      return duration;
    }
  }
}
