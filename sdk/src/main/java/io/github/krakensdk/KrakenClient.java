package io.github.krakensdk;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.RedactingLoggingInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.RedactingLogging;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.OAuthSession;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.embed.internal.EmbedApi;
import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.internal.EmbedPublicServiceForms;
import io.github.krakensdk.embed.internal.EmbedServiceImpl;
import io.github.krakensdk.embed.internal.model.EmbedJsonAdapters;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.funding.FundingService;
import io.github.krakensdk.funding.internal.FundingApi;
import io.github.krakensdk.funding.internal.FundingPublicServiceForms;
import io.github.krakensdk.funding.internal.FundingServiceImpl;
import io.github.krakensdk.funding.internal.model.FundingJsonAdapters;
import io.github.krakensdk.futures.internal.FuturesApi;
import io.github.krakensdk.futures.FuturesService;
import io.github.krakensdk.futures.internal.FuturesPublicServiceForms;
import io.github.krakensdk.futures.internal.FuturesServiceImpl;
import io.github.krakensdk.futures.internal.model.FuturesJsonAdapters;
import io.github.krakensdk.internal.TradingPacing;
import io.github.krakensdk.oauth.internal.OAuthApi;
import io.github.krakensdk.oauth.OAuthService;
import io.github.krakensdk.oauth.internal.OAuthPublicServiceForms;
import io.github.krakensdk.oauth.internal.OAuthServiceImpl;
import io.github.krakensdk.oauth.internal.model.OAuthJsonAdapters;
import io.github.krakensdk.runtime.internal.Calls;
import io.github.krakensdk.runtime.internal.ClientLifecycle;
import io.github.krakensdk.runtime.internal.ErrorModel;
import io.github.krakensdk.runtime.internal.JsonRequestBody;
import io.github.krakensdk.runtime.internal.KeyTurns;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.runtime.internal.Pacing;
import io.github.krakensdk.runtime.internal.PublicServiceForms;
import io.github.krakensdk.runtime.internal.RatePacer;
import io.github.krakensdk.runtime.internal.RawApi;
import io.github.krakensdk.runtime.internal.RequestHook;
import io.github.krakensdk.runtime.internal.ResponseDecoding;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.runtime.call.WarningListener;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.runtime.internal.retrofit.QueryConverterFactory;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.spot.internal.SpotApi;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.internal.SpotPublicServiceForms;
import io.github.krakensdk.spot.internal.SpotServiceImpl;
import io.github.krakensdk.spot.internal.model.SpotJsonAdapters;
import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import java.io.Closeable;
import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import okhttp3.Dispatcher;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.RequestBody;
import retrofit2.Retrofit;
import retrofit2.converter.moshi.MoshiConverterFactory;

/**
 * One entry point for Kraken's Spot, Spot Funding (Beta), Futures, OAuth and Embed APIs. Each operation of the contract
 * is one call on a family service taking one request object (or a {@code Consumer} of its
 * builder), with an {@code ...Async} twin:
 *
 * <pre>{@code
 * try (KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(new ApiCredentials(apiKey, apiSecret))
 *     .build()) {
 *   TradeVolume volume = kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
 * }
 * }</pre>
 *
 * <p>Every call checks its request against the contract when it is built, refuses an operation
 * whose credentials the client was not given before anything is sent, signs what it sends,
 * unwraps the result and reports every failure as an unchecked {@link
 * io.github.krakensdk.errors.KrakenException}. All families share one OkHttp connection pool and
 * dispatcher, and one Moshi.
 *
 * <p><b>Concurrency.</b> Instances are thread-safe and meant to be shared. By default the signed
 * requests of one API key go out one at a time in nonce order ({@link
 * Builder#orderedRequests(boolean)}), so any number of threads can share a key without a nonce
 * rejection; a request the service still refuses for its nonce executed nothing and is re-signed
 * and sent again (up to 3 times, for every operation). Use one client per key: two clients (or
 * processes) signing with one key can still reach the service out of order. Asynchronous calls
 * complete on the {@link Builder#completionExecutor(Executor) completion executor}, never on an
 * OkHttp thread. {@link #close()} releases what the client owns; later calls fail at once with
 * {@link io.github.krakensdk.errors.KrakenClientException}.
 *
 * <p><b>Rate limits.</b> The private Spot calls of the key are paced by the service's REST call
 * counter for the account's verification tier ({@link Builder#spotRateTier(SpotRateTier)},
 * Starter by default), each counted at the cost the contract states: a burst never draws {@code
 * EAPI:Rate limit exceeded}; a call that would overflow the counter waits (on its caller's thread
 * when blocking, on a timer when asynchronous), and is never dropped. Waits run on the {@link
 * Builder#timeSource(TimeSource) time source}, the system clock by default. A call waits for the
 * counter <em>before</em> it queues behind the key's earlier requests, so a call the counter does
 * not count (an order, a cancel) never waits behind a paced one. When the service still answers
 * {@code EAPI:Rate limit exceeded} (another process, or an earlier run of this one, filled the
 * counter), nothing was executed: the client reckons the counter full, waits for it to decay and
 * sends the call again ({@link #rateLimitResends()} counts them). A call that could not be sent
 * within {@link Builder#maxQueueWait(Duration)} fails unsent.
 *
 * <p><b>Funding (Beta)</b> ({@link #funding()}) is signed with the Spot key and is, to the client,
 * more of that key's requests: its nonces come from the same {@link Builder#nonceSource(NonceSource)
 * source}, its requests wait in the same per-key line as the Spot ones (ordered requests), and each
 * call counts 1 on the same REST call counter.
 */
public final class KrakenClient implements Closeable {
  private static final MediaType JSON = MediaType.get("application/json");

  private final OkHttpClient http;
  private final boolean ownsHttp;
  private final ExecutorService ownedCompletionExecutor;
  private final ClientLifecycle lifecycle = new ClientLifecycle();
  private final LongAdder nonceResends = new LongAdder();
  private final LongAdder rateLimitResends = new LongAdder();
  private final Moshi moshi;
  private final SpotService spot;
  private final AssetPairsCache assetPairs;
  // Made on first use: creating a family's Retrofit interface loads every type its methods name,
  // hundreds of classes at start-up for a family the program may never call.
  private final Supplier<FuturesService> futures;
  private final Supplier<OAuthService> oauth;
  private final Supplier<EmbedService> embed;
  private final Supplier<FundingService> funding;
  private final BearerTokenAuth oauthTokens;
  private final ClientCredentials oauthClient;
  private final URI oauthAuthorize;
  private final RedactingLoggingInterceptor logging;
  private final Map<Family, RawFamily> raw = new EnumMap<>(Family.class);

  private KrakenClient(Builder builder) {
    this.moshi = KrakenJson.newBuilder()
        .add(SpotJsonAdapters.FACTORY)
        .add(FuturesJsonAdapters.FACTORY)
        .add(OAuthJsonAdapters.FACTORY)
        .add(EmbedJsonAdapters.FACTORY)
        .add(FundingJsonAdapters.FACTORY)
        .build();
    this.ownsHttp = builder.httpClient == null;
    // A caller's client is never changed: newBuilder() makes a copy sharing its pool and dispatcher.
    OkHttpClient.Builder base = KrakenHttpClients.configure(
        ownsHttp ? new OkHttpClient.Builder() : builder.httpClient.newBuilder());
    if (ownsHttp) {
      Dispatcher dispatcher = new Dispatcher();
      dispatcher.setMaxRequests(builder.maxRequests);
      dispatcher.setMaxRequestsPerHost(builder.maxRequestsPerHost);
      base.dispatcher(dispatcher);
    }
    base.connectTimeout(builder.connectTimeout).readTimeout(builder.readTimeout)
        .writeTimeout(builder.readTimeout).callTimeout(builder.callTimeout);
    base.addInterceptor(ResponseDecoding.statusInterceptor(UserAgent.VALUE)); // sets the User-Agent too
    this.http = base.build();
    this.logging = builder.logging == null ? null : new RedactingLoggingInterceptor(builder.logging);
    this.ownedCompletionExecutor = builder.completionExecutor == null ? newCompletionExecutor() : null;
    Executor completion = builder.completionExecutor != null ? builder.completionExecutor : ownedCompletionExecutor;
    Environment environment = builder.environment;
    this.oauthClient = builder.oauthClient;
    this.oauthAuthorize = environment.oauthAuthorize();

    OkHttpClient spotHttp = speaking(family(builder.spotCredentials == null ? null
        : SpotSigningInterceptor.builder(builder.spotCredentials).nonceSource(builder.nonceSource).build()),
        builder.wireProfile, SpotPublicServiceForms.FORMS, List.of(environment.spot()),
        List.of(Environment.PRODUCTION.spot()));
    RatePacer spotPacer = builder.spotCredentials == null || !builder.spotRatePacing ? null
        : new RatePacer(builder.spotRateTier, builder.timeSource); // one key, one counter
    // The checks read the cache, which calls the Spot service, which runs on these calls: made in that order.
    AtomicReference<AssetPairsCache> checkedAgainst = new AtomicReference<>();
    OrderChecks orderChecks = builder.assetPairsMaxAge == null ? null : new OrderChecks(checkedAgainst::get);
    // One key, one line: the Spot key's Funding (Beta) requests queue with its Spot requests.
    KeyTurns spotKey = new KeyTurns();
    Calls spotCalls = calls(builder, completion, builder.spotCredentials, "spotCredentials(...)", spotKey, spotPacer,
        orderChecks, spotPacer == null ? null : new TradingPacing(builder.spotRateTier, builder.timeSource));
    this.spot = new SpotServiceImpl(retrofit(environment.spot(), spotHttp).create(SpotApi.class), spotCalls);
    this.assetPairs = orderChecks == null ? null
        : new AssetPairsCache(spot, builder.assetPairsMaxAge, builder.timeSource);
    checkedAgainst.set(assetPairs);
    raw.put(Family.SPOT, new RawFamily(retrofit(environment.spot(), spotHttp).create(RawApi.class), spotCalls,
        SpotServiceImpl.ERRORS));

    OkHttpClient futuresHttp = speaking(family(builder.futuresCredentials == null ? null
        : FuturesSigningInterceptor.builder(builder.futuresCredentials).nonceSource(builder.nonceSource).build()),
        builder.wireProfile, FuturesPublicServiceForms.FORMS, List.of(environment.futures(), environment.futuresDemo()),
        List.of(Environment.PRODUCTION.futures(), Environment.PRODUCTION.futuresDemo()));
    Calls futuresCalls = calls(builder, completion, builder.futuresCredentials, "futuresCredentials(...)",
        new KeyTurns(), null, null, null);
    this.futures = onFirstUse(() -> new FuturesServiceImpl(
        retrofit(environment.futures(), futuresHttp).create(FuturesApi.class),
        retrofit(environment.futuresDemo(), futuresHttp).create(FuturesApi.class),
        futuresCalls));
    raw.put(Family.FUTURES, new RawFamily(retrofit(environment.futures(), futuresHttp).create(RawApi.class),
        futuresCalls, FuturesServiceImpl.ERRORS));

    Interceptor embedSigning = builder.embedCredentials == null ? null
        : EmbedSigningInterceptor.builder(builder.embedCredentials).nonceSource(builder.nonceSource).build();
    OkHttpClient embedHttp = family(embedSigning);
    if (builder.embedServiceVersion != null) {
      String version = builder.embedServiceVersion.value();
      embedHttp = embedHttp.newBuilder()
          .addInterceptor(chain -> chain.proceed(chain.request().newBuilder().header("Service-Version", version).build()))
          .build();
    }
    // After the version header is set, which it may rename.
    embedHttp = speaking(embedHttp, builder.wireProfile, EmbedPublicServiceForms.FORMS, List.of(environment.embed()),
        List.of(Environment.PRODUCTION.embed()));
    Calls embedCalls = calls(builder, completion, builder.embedCredentials, "embedCredentials(...)", new KeyTurns(),
        null, null, null);
    OkHttpClient embedClient = embedHttp;
    this.embed = onFirstUse(() -> new EmbedServiceImpl(retrofit(environment.embed(), embedClient).create(EmbedApi.class),
        embedCalls));
    raw.put(Family.EMBED, new RawFamily(retrofit(environment.embed(), embedHttp).create(RawApi.class), embedCalls,
        EmbedServiceImpl.ERRORS));

    // Funding (Beta): the Spot key's other family. Its signer draws from the nonce source of the Spot
    // signer, its calls wait in the Spot key's line and count on the Spot key's call counter.
    OkHttpClient fundingHttp = speaking(family(builder.spotCredentials == null ? null
        : FundingSigningInterceptor.builder(builder.spotCredentials).nonceSource(builder.nonceSource).build()),
        builder.wireProfile, FundingPublicServiceForms.FORMS, List.of(environment.funding()),
        List.of(Environment.PRODUCTION.funding()));
    Calls fundingCalls =
        calls(builder, completion, builder.spotCredentials, "spotCredentials(...)", spotKey, spotPacer, null, null);
    this.funding = onFirstUse(() -> new FundingServiceImpl(
        retrofit(environment.funding(), fundingHttp).create(FundingApi.class), fundingCalls));
    raw.put(Family.FUNDING, new RawFamily(retrofit(environment.funding(), fundingHttp).create(RawApi.class),
        fundingCalls, FundingServiceImpl.ERRORS));

    OAuthAccess access = OAuthAccess.create(speaking(family(null), builder.wireProfile, OAuthPublicServiceForms.FORMS,
        List.of(environment.oauth()), List.of(Environment.PRODUCTION.oauth())), environment.oauth(), builder.oauthClient,
        builder.tokenStore);
    this.oauthTokens = access.tokens();
    Calls oauthCalls = calls(builder, completion, access.tokens(), "oauth(client, tokenStore)", new KeyTurns(), null,
        null, null);
    this.oauth = onFirstUse(() -> new OAuthServiceImpl(retrofit(environment.oauth(), access.client()).create(OAuthApi.class),
        oauthCalls));
    raw.put(Family.OAUTH, new RawFamily(retrofit(environment.oauth(), access.client()).create(RawApi.class),
        oauthCalls, OAuthServiceImpl.ERRORS));
  }

  /**
   * Starts configuring a client: production base URLs and the public service's wire forms, no
   * credentials, ordered nonces, Spot calls paced for the Starter tier, operations that are safe
   * to repeat retried by {@code RetryPolicy.exponential().build()}.
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Spot: market data, account and ledgers, trading, funding, subaccounts, Earn and exports;
   * every operation of the Spot contract ({@code api-spec/spot.yaml}).
   */
  public SpotService spot() {
    return spot;
  }

  /** Futures: portfolio simulation, assignment program, notifications, PnL preferences, self-trade strategy, trade history. */
  public FuturesService futures() {
    return futures.get();
  }

  /** OAuth (Kraken Connect): user info, fast API keys. Tokens come from {@link #oauthTokens()}. */
  public OAuthService oauth() {
    return oauth.get();
  }

  /**
   * Embed (B2B partner API): users and their verification, portfolios, quotes and custom orders,
   * funding, Earn and Auto-Earn, settlement reports, webhooks and Ramp; every operation of the
   * Embed contract ({@code api-spec/embed.yaml}).
   */
  public EmbedService embed() {
    return embed.get();
  }

  /**
   * Spot Funding (Beta): funding methods, assets, networks, fee quotes and limits, deposit
   * addresses and deposits, saved withdrawal addresses and withdrawals; every operation of the
   * Funding contract ({@code api-spec/funding.yaml}). Signed with the {@link
   * Builder#spotCredentials(ApiCredentials) Spot key}, whose nonces, request line and call counter
   * it shares with {@link #spot()}:
   *
   * <pre>{@code
   * try (KrakenClient kraken = KrakenClient.builder().spotCredentials(credentials).build()) {
   *   FundingNetworks networks = kraken.funding().listNetworks();
   * }
   * }</pre>
   */
  public FundingService funding() {
    return funding.get();
  }

  /**
   * The Spot pairs and their limits, which the client checks orders against before sending them;
   * see {@link Builder#assetPairsCache(Duration)}.
   *
   * @throws io.github.krakensdk.errors.KrakenClientException if the client was built without it.
   */
  public AssetPairsCache assetPairs() {
    if (assetPairs == null) {
      throw new io.github.krakensdk.errors.KrakenClientException("assetPairs",
          "no AssetPairs cache configured: set it with KrakenClient.builder().assetPairsCache(maxAge)", null);
    }
    return assetPairs;
  }

  /**
   * The OAuth tokens of the configured {@link Builder#oauth(ClientCredentials, TokenStore) client}:
   * {@code completeAuthorization(code, redirectUri)} after the browser flow, then the bearer
   * operations of {@link #oauth()} use and refresh them. The token endpoint is reached only
   * through here, so every token lands in the token store.
   *
   * @throws io.github.krakensdk.errors.KrakenClientException if no OAuth client was configured.
   */
  public OAuthSession oauthTokens() {
    if (oauthTokens == null) {
      throw new io.github.krakensdk.errors.KrakenClientException("oauthTokens",
          "no OAuth client configured: set it with KrakenClient.builder().oauth(client, tokenStore)", null);
    }
    return oauthTokens;
  }

  /**
   * Starts the browser step of the OAuth code flow for the configured {@link Builder#oauth(ClientCredentials,
   * TokenStore) client}: its client ID, {@code redirectUri}, and the authorize page of the client's
   * {@link Environment} ({@link Environment#oauthAuthorize()}; the sandbox's own page against the sandbox).
   *
   * <pre>{@code
   * AuthorizationRequest authorization = kraken.authorizationRequest(redirectUri)
   *     .scopes("account.info:basic")
   *     .build();
   * // send the browser to authorization.url(); in the callback:
   * kraken.oauthTokens().completeAuthorization(authorization.authorizationCode(callbackUrl), redirectUri);
   * }</pre>
   *
   * @param redirectUri a redirect URI registered for the client; give the same one to {@code
   *     completeAuthorization}.
   * @throws io.github.krakensdk.errors.KrakenClientException if no OAuth client was configured.
   */
  public AuthorizationRequest.Builder authorizationRequest(String redirectUri) {
    if (oauthClient == null) {
      throw new io.github.krakensdk.errors.KrakenClientException("authorizationRequest",
          "no OAuth client configured: set it with KrakenClient.builder().oauth(client, tokenStore)", null);
    }
    return AuthorizationRequest.builder(oauthClient.clientId(), redirectUri).authorizeUrl(oauthAuthorize);
  }

  /**
   * Sends an operation the contract does not have yet, through the same pipeline as a generated
   * call (see {@link RawRequest}), and returns the family's unwrapped result as untyped JSON.
   *
   * @throws io.github.krakensdk.errors.KrakenException as a generated call would
   */
  public Object rawCall(Family family, RawRequest request) {
    RawFamily target = raw.get(Objects.requireNonNull(family, "family == null"));
    Objects.requireNonNull(request, "request == null");
    return target.calls.executeRaw(target.operation(request), () -> target.call(request, moshi));
  }

  /** {@link #rawCall} without blocking; completes on the completion executor. */
  public CompletableFuture<Object> rawCallAsync(Family family, RawRequest request) {
    RawFamily target = raw.get(Objects.requireNonNull(family, "family == null"));
    Objects.requireNonNull(request, "request == null");
    return target.calls.executeRawAsync(target.operation(request), () -> target.call(request, moshi));
  }

  /**
   * How many requests were re-signed and sent again after the service refused their nonce (the
   * refused request executed nothing). With ordered requests this stays at zero unless another
   * client or process uses the same key.
   */
  public long nonceResends() {
    return nonceResends.sum();
  }

  /**
   * How many requests were sent again after the service answered {@code EAPI:Rate limit
   * exceeded} (the refused request executed nothing): once the key's call counter had decayed as
   * far as the client's pacing reckons. Stays at zero unless something else (another process, a
   * previous run of this one) filled the key's counter.
   */
  public long rateLimitResends() {
    return rateLimitResends.sum();
  }

  /**
   * Releases the threads and connections this client created; later calls fail at once with
   * {@link io.github.krakensdk.errors.KrakenClientException}. A caller's {@link
   * Builder#httpClient(OkHttpClient) OkHttpClient} and {@link Builder#completionExecutor(Executor)
   * executor} are left running: they are the caller's.
   */
  @Override
  public void close() {
    lifecycle.close();
    if (ownsHttp) {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
    if (ownedCompletionExecutor != null) {
      ownedCompletionExecutor.shutdown();
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

  /**
   * {@code client} putting a family's requests into the public service's forms ({@code forms}, the
   * family's generated table) when the profile is {@link WireProfile#PUBLIC_SERVICE}: chosen with
   * {@link Builder#wireProfile(WireProfile)}, else when every base of the family is one of the
   * public service's ({@code publicBases}). Added as an application interceptor, it runs before
   * the signers (network interceptors): the path signed is the path sent.
   */
  private static OkHttpClient speaking(OkHttpClient client, WireProfile chosen, PublicServiceForms forms,
      List<URI> bases, List<URI> publicBases) {
    WireProfile profile = chosen != null ? chosen
        : publicBases.containsAll(bases) ? WireProfile.PUBLIC_SERVICE : WireProfile.CONTRACT;
    if (profile == WireProfile.CONTRACT || forms.sendsAsTheContract()) {
      return client;
    }
    return client.newBuilder().addInterceptor(forms.interceptor(bases.stream().map(HttpUrl::get).toList())).build();
  }

  /**
   * A family's calls: in the key's line {@code turns} when requests are ordered, paced by the key's
   * REST call {@code pacer} and the {@code trading} engine's counters where given (Spot), checked
   * by {@code hook} where given.
   */
  private Calls calls(Builder builder, Executor completion, Object credentials, String builderMethod,
      KeyTurns turns, RatePacer pacer, RequestHook hook, Pacing trading) {
    Calls.Builder calls = Calls.builder(moshi)
        .retryPolicy(builder.retryPolicy)
        .warnings(builder.warningListener)
        .completionExecutor(completion)
        .lifecycle(lifecycle)
        .nonceResends(nonceResends)
        .rateLimitResends(rateLimitResends)
        .pacing(pacer)
        .maxQueueWait(builder.maxQueueWait)
        .callListener(builder.callListener)
        .requestHook(hook)
        .timeSource(builder.timeSource);
    if (trading != null) {
      calls.addPacing(trading);
    }
    if (credentials == null) {
      calls.credentialsMissing(builderMethod);
    } else if (builder.orderedRequests && credentials instanceof ApiCredentials) {
      calls.ordering(turns); // OAuth tokens carry no nonce
    }
    return calls.build();
  }

  /**
   * The client-owned completion executor: threads are made on demand and end after a minute
   * idle, so a caller's stage that blocks never holds up the completion of other calls.
   */
  private static ExecutorService newCompletionExecutor() {
    AtomicInteger count = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
      Thread thread = new Thread(runnable, "kraken-completion-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  /** A value made by {@code make} on the first {@code get()}, once, whichever thread asks first. */
  private static <T> Supplier<T> onFirstUse(Supplier<T> make) {
    return new Supplier<>() {
      private T value;

      @Override
      public synchronized T get() {
        if (value == null) {
          value = make.get();
        }
        return value;
      }
    };
  }

  private Retrofit retrofit(URI baseUrl, OkHttpClient client) {
    return new Retrofit.Builder()
        .baseUrl(HttpUrl.get(baseUrl))
        .client(client)
        .addConverterFactory(QueryConverterFactory.create(moshi))
        .addConverterFactory(ResponseDecoding.converterFactory(moshi))
        .addConverterFactory(JsonRequestBody.converterFactory(moshi))
        .addConverterFactory(MoshiConverterFactory.create(moshi))
        .build();
  }

  @Override
  public String toString() {
    return "KrakenClient";
  }

  /** One family's raw calls: its Retrofit {@link RawApi}, its calls and its error model. */
  private record RawFamily(RawApi api, Calls calls, ErrorModel errors) {
    Operation operation(RawRequest request) {
      // An operation the contract does not describe yet costs what most do: 1 on the call counter.
      return new Operation("raw " + request.method() + " " + request.path(), request.safeToRetry(),
          request.authenticated(), errors, request.authenticated() ? 1 : 0);
    }

    retrofit2.Call<Object> call(RawRequest request, Moshi moshi) {
      RequestSecurity security = request.authenticated() ? RequestSecurity.AUTHENTICATED : RequestSecurity.PUBLIC;
      RequestBody body = body(request, moshi);
      return switch (request.method()) {
        case "GET" -> api.get(request.path(), request.query(), security);
        case "DELETE" -> api.delete(request.path(), request.query(), security);
        case "POST" -> api.post(request.path(), request.query(), body, security);
        case "PUT" -> api.put(request.path(), request.query(), body, security);
        default -> api.patch(request.path(), request.query(), body, security);
      };
    }

    private static RequestBody body(RawRequest request, Moshi moshi) {
      if (request.body() == null) {
        return RequestBody.create(new byte[0], JSON);
      }
      if (request.form()) {
        FormBody.Builder form = new FormBody.Builder();
        request.body().forEach((name, value) -> form.add(name, String.valueOf(value)));
        return form.build();
      }
      return RequestBody.create(moshi.adapter(Object.class).toJson(request.body()), JSON);
    }
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
    private boolean orderedRequests = true;
    private Executor completionExecutor;
    private int maxRequests = 64;
    private int maxRequestsPerHost = 32;
    private OkHttpClient httpClient;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration callTimeout = Duration.ofSeconds(60);
    private RetryPolicy retryPolicy = RetryPolicy.exponential().build();
    private Duration maxQueueWait = Calls.DEFAULT_MAX_QUEUE_WAIT;
    private CallListener callListener = CallListener.NONE;
    private SpotRateTier spotRateTier = SpotRateTier.STARTER;
    private boolean spotRatePacing = true;
    private TimeSource timeSource = TimeSource.system();
    private Duration assetPairsMaxAge;
    private WarningListener warningListener = WarningListener.logging();
    private RedactingLogging logging;
    private WireProfile wireProfile;

    private Builder() {}

    /** Where each family is; {@link Environment#PRODUCTION} by default. */
    public Builder environment(Environment environment) {
      this.environment = Objects.requireNonNull(environment, "environment == null");
      return this;
    }

    /**
     * The Spot API key; without it, only public Spot operations work. It also signs Funding (Beta)
     * ({@link KrakenClient#funding()}), which Kraken serves to Spot keys.
     */
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

    /**
     * The Embed API version sent on every Embed call; absent, the service's default applies. The
     * contract's header is {@code Service-Version}; to the public service ({@link
     * WireProfile#PUBLIC_SERVICE}) the value goes as {@code Kraken-Version} and {@code
     * Payward-Version}, the names its documentation gives.
     */
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
     * Whether the signed requests of each API key go out one at a time, in nonce order; on by
     * default. Kraken refuses a nonce that is not above the last one it saw for the key, so
     * concurrent requests on one key that overtake each other on the wire fail with {@code
     * EAPI:Invalid nonce} (Spot, Embed) or {@code nonceBelowThreshold} (Futures). Ordered, any
     * number of threads can share a key with no rejection; the cost is one request in flight per
     * key. Turn it off only with one key per thread, or with a key whose <em>nonce window</em>
     * (a setting of the API key on Kraken's site, which lets the service accept nonces that
     * arrive slightly out of order) covers the overtaking. Waiting requests queue in the client,
     * never on an OkHttp thread.
     */
    public Builder orderedRequests(boolean orderedRequests) {
      this.orderedRequests = orderedRequests;
      return this;
    }

    /**
     * Where the futures of {@code ...Async} calls complete, and so where their dependent stages
     * run unless given an executor of their own. By default the client owns a pool (threads
     * made on demand, ended when idle) and shuts it down on {@link KrakenClient#close()}; a
     * caller's executor is never shut down by the client. Futures never complete on an OkHttp
     * thread, so a slow stage cannot stall the connection pool.
     */
    public Builder completionExecutor(Executor executor) {
      this.completionExecutor = Objects.requireNonNull(executor, "executor == null");
      return this;
    }

    /**
     * The most requests in flight at once, all families together; default 64. Applies to the
     * client's own dispatcher: with {@link #httpClient(OkHttpClient)}, the caller's dispatcher
     * keeps its limits.
     */
    public Builder maxRequests(int maxRequests) {
      this.maxRequests = requirePositive(maxRequests, "maxRequests");
      return this;
    }

    /**
     * The most requests in flight to one host; default 32. Spot and OAuth share a host
     * ({@code api.kraken.com}), so they share this limit. Like {@link #maxRequests(int)}, it
     * applies to the client's own dispatcher only.
     */
    public Builder maxRequestsPerHost(int maxRequestsPerHost) {
      this.maxRequestsPerHost = requirePositive(maxRequestsPerHost, "maxRequestsPerHost");
      return this;
    }

    /**
     * An OkHttp client whose pool and dispatcher to share; the SDK configures a copy of it. The one
     * place the SDK's API names an OkHttp type: for an application that already has a client to
     * share (its connection pool, dispatcher, proxy or TLS settings). Everything else about the
     * transport is set on this builder.
     */
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

    /**
     * When to retry operations that are safe to repeat (GETs and those the contract marks
     * idempotent; never an order); by default {@code RetryPolicy.exponential().build()}: 3
     * attempts, 200 ms doubling up to 10 s. {@link RetryPolicy#none()} turns retries off.
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy == null");
      return this;
    }

    /**
     * How long a call may wait before it is sent (paced by the key's counters, then queued behind
     * the key's earlier requests) before it fails with a {@link
     * io.github.krakensdk.errors.KrakenClientException} saying it was not sent; 60 s by default:
     * longer than any one call's pacing wait on any tier (about 9 s at most, at Starter), so only a
     * backlog of calls made faster than the key allows reaches it, and short enough that no call is
     * sent on a decision a minute stale. Pacing waits count on the {@link #timeSource time source}.
     */
    public Builder maxQueueWait(Duration maxQueueWait) {
      this.maxQueueWait = Calls.checkMaxQueueWait(maxQueueWait);
      return this;
    }

    /**
     * Sees every attempt and every call of every family, with where its time went and how it
     * ended; {@link CallListener#NONE} by default. Combine several with {@link CallListener#plus}.
     */
    public Builder callListener(CallListener callListener) {
      this.callListener = Objects.requireNonNull(callListener, "callListener == null");
      return this;
    }

    /**
     * The verification tier of the Spot key's account, whose REST call counter (maximum and
     * decay) the client paces the key's private calls by (its Funding (Beta) calls included); {@link SpotRateTier#STARTER} by
     * default. A higher tier than the account has draws {@code EAPI:Rate limit exceeded} in a
     * burst; a lower one only paces more slowly than needed.
     *
     * <pre>{@code
     * KrakenClient kraken = KrakenClient.builder()
     *     .spotCredentials(credentials)
     *     .spotRateTier(SpotRateTier.PRO)
     *     .build();
     * }</pre>
     */
    public Builder spotRateTier(SpotRateTier tier) {
      this.spotRateTier = Objects.requireNonNull(tier, "tier == null");
      return this;
    }

    /**
     * Whether the private Spot calls of the key are paced by its REST call counter, and its orders
     * by the trading engine's per-pair counters; on by default. Pacing only delays a call, so that
     * a burst never draws {@code EAPI:Rate limit exceeded} or {@code EOrder:Rate limit exceeded};
     * a cancel is counted but never delayed, and orders leave room under the engine's threshold
     * for one cancel. Turn it off when something else paces the calls (a shared limiter in front
     * of several processes using one key): the service's rate-limit errors then reach the caller
     * as {@link io.github.krakensdk.errors.RateLimitedException}.
     */
    public Builder spotRatePacing(boolean pacing) {
      this.spotRatePacing = pacing;
      return this;
    }

    /**
     * What the client's waits (rate pacing, retry delays) run on; {@link TimeSource#system()},
     * the monotonic clock and real sleeping, by default. The sandbox has one on its own clock, so
     * a test or a demo that paces many calls waits no real time:
     *
     * <pre>{@code
     * KrakenClient kraken = sandbox.newClientBuilder() // .timeSource(sandbox.timeSource()) included
     *     .build();
     * }</pre>
     */
    public Builder timeSource(TimeSource timeSource) {
      this.timeSource = Objects.requireNonNull(timeSource, "timeSource == null");
      return this;
    }

    /**
     * Keeps the Spot pairs and their limits ({@code getAssetPairs}) in an {@link AssetPairsCache},
     * refreshed when older than {@code maxAge}, and checks orders against it before sending them;
     * off by default. {@code addOrder}, {@code addOrderBatch}, {@code editOrder} and {@code
     * amendOrder} are then refused locally, with a {@link
     * io.github.krakensdk.errors.PairLimitException} naming the pair, the field and the limit, when
     * an absolute price has more decimals than the pair's {@code pair_decimals} or is not a
     * multiple of its {@code tick_size}, a volume has more decimals than its {@code lot_decimals},
     * or a volume or a limit order's cost is under its {@code ordermin} or {@code costmin}: the
     * rejections the service would answer with {@code EOrder:Invalid price}, {@code EOrder:Tick
     * size check failed}, {@code EOrder:Order minimum not met} or {@code EOrder:Cost minimum not met}.
     *
     * <pre>{@code
     * KrakenClient kraken = KrakenClient.builder()
     *     .spotCredentials(credentials)
     *     .assetPairsCache(Duration.ofHours(1))
     *     .build();
     * try {
     *   kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
     *       .volume(new BigDecimal("0.01")).price("65000.12"));
     * } catch (PairLimitException e) {
     *   // addOrder: XXBTZUSD: price 65000.12 has 2 decimals; pair_decimals is 1
     * }
     * }</pre>
     *
     * <p>The first order loads the pairs (one public call) and waits for them; later, an order
     * finding them older than {@code maxAge} starts a refresh in the background and is checked
     * with the data at hand. Relative prices ({@code +5}, {@code #2%}) are not checked, nor are
     * orders on pairs the data does not have; amends are checked for decimals only, and only when
     * the pair is known (given, or the order placed through this client). {@link AssetPairsCache}
     * says what exactly is checked and when the service is called.
     */
    public Builder assetPairsCache(Duration maxAge) {
      this.assetPairsMaxAge = requirePositive(maxAge, "maxAge");
      return this;
    }

    /** Receives the warnings of Spot calls that succeeded; logs them by default. */
    public Builder warningListener(WarningListener warningListener) {
      this.warningListener = Objects.requireNonNull(warningListener, "warningListener == null");
      return this;
    }

    /**
     * Which forms go on the wire where the contract and the public service differ (a path, a
     * header name), for every family. By default each family speaks the public service's forms
     * when its base URL is the public service's ({@link Environment#PRODUCTION}, {@link
     * Environment#FUTURES_DEMO}) and the contract's forms otherwise (the sandbox, a proxy); see
     * {@link WireProfile}.
     */
    public Builder wireProfile(WireProfile wireProfile) {
      this.wireProfile = Objects.requireNonNull(wireProfile, "wireProfile == null");
      return this;
    }

    /**
     * Wire logging that never shows a key, signature, nonce or token: what each family sends, as
     * signed, and what it receives.
     */
    public Builder logging(RedactingLogging logging) {
      this.logging = Objects.requireNonNull(logging, "logging == null");
      return this;
    }

    public KrakenClient build() {
      return new KrakenClient(this);
    }

    private static int requirePositive(int value, String name) {
      if (value <= 0) {
        throw new IllegalArgumentException(name + " must be positive (was " + value + ")");
      }
      return value;
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
