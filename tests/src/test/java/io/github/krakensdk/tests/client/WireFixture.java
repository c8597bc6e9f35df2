package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.WireProfile;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.RedactingLogging;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.QueueDispatcher;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;

/**
 * A {@link KrakenClient} wired to two MockWebServers: {@link #server} stands for every family's
 * production base (Futures under the path of its contract's server), {@link #demo} for the
 * Futures demo base, where the operations that declare their own {@code servers} go. Every family
 * has credentials, OAuth has a public client with a valid access token, and Embed sends a {@code
 * Service-Version}. One fixture per test, closed with try-with-resources:
 *
 * <pre>{@code
 * try (WireFixture wire = WireFixture.builder().retryPolicy(policy).build()) {
 *   WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":true}");
 *   wire.client.spot().cancelWithdrawal(request);
 * }
 * }</pre>
 */
public final class WireFixture implements AutoCloseable {
  /** The secret of PUBLIC-SERVICE.md's published Spot example; any Base64 secret would do. */
  public static final String SECRET =
      "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==";
  public static final ApiCredentials SPOT_KEY = new ApiCredentials("spot-api-key", SECRET);
  public static final ApiCredentials FUTURES_KEY = new ApiCredentials("futures-api-key", SECRET);
  public static final ApiCredentials EMBED_KEY = new ApiCredentials("embed-api-key", SECRET);
  public static final ClientCredentials OAUTH_CLIENT = ClientCredentials.publicClient("test-client-id");
  public static final String ACCESS_TOKEN = "access-token-0";
  public static final String REFRESH_TOKEN = "refresh-token-0";

  /** A Spot warning as the listener received it. */
  public record Warning(String operationId, List<KrakenError> warnings) {}

  public final MockWebServer server;
  public final MockWebServer demo;
  public final KrakenClient client;
  public final InMemoryTokenStore tokens;
  /** What the client's waits (pacing, retry delays) run on: no real time passes. */
  public final VirtualTime time = new VirtualTime();
  public final List<Warning> warnings = new CopyOnWriteArrayList<>();
  /** The {@code Service-Version} the client sends: the first value the Embed contract lists. */
  public final ServiceVersion serviceVersion = ServiceVersion.values().get(0);

  private WireFixture(Builder builder) {
    this.server = newServer();
    this.demo = newServer();
    this.tokens = builder.tokens != null ? builder.tokens : new InMemoryTokenStore(validTokens());
    AtomicLong nonces = new AtomicLong(1_750_000_000_000_000L);
    KrakenClient.Builder client = KrakenClient.builder()
        .environment(builder.production ? Environment.PRODUCTION : environment())
        .spotCredentials(SPOT_KEY)
        .futuresCredentials(FUTURES_KEY)
        .embedCredentials(EMBED_KEY)
        .embedServiceVersion(serviceVersion)
        .oauth(OAUTH_CLIENT, tokens)
        .nonceSource(nonces::incrementAndGet)
        .timeSource(time)
        .warningListener((operationId, list) -> warnings.add(new Warning(operationId, list)));
    if (builder.retryPolicy != null) {
      client.retryPolicy(builder.retryPolicy);
    }
    if (builder.production) {
      OkHttpClient base = builder.httpClient != null ? builder.httpClient : new OkHttpClient();
      client.httpClient(base.newBuilder().addInterceptor(this::standInForProduction).build());
    } else if (builder.httpClient != null) {
      client.httpClient(builder.httpClient);
    }
    if (builder.wireProfile != null) {
      client.wireProfile(builder.wireProfile);
    }
    if (builder.logging != null) {
      client.logging(builder.logging);
    }
    if (builder.readTimeout != null) {
      client.readTimeout(builder.readTimeout);
    }
    if (builder.callTimeout != null) {
      client.callTimeout(builder.callTimeout);
    }
    this.client = client.build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A fixture with the defaults: no retries, a valid access token with a refresh token. */
  public static WireFixture create() {
    return builder().build();
  }

  /** Tokens that stay valid for the whole test, with a refresh token. */
  public static OAuthTokens validTokens() {
    return OAuthTokens.builder().accessToken(ACCESS_TOKEN).refreshToken(REFRESH_TOKEN).expiresAt(Instant.now()
        .plus(Duration.ofHours(4))).tokenType("bearer").scope("account.info:basic account.fast-api-key:read").build();
  }

  /**
   * A started MockWebServer without the loopback Nagle stall (auth-extensions' {@link TestServers});
   * close it when done. A request nobody queued an answer for gets {@code 418} at once instead of
   * waiting until the client times out, so a request that should not have been sent fails fast.
   */
  public static MockWebServer newServer() {
    MockWebServer server = TestServers.noDelay();
    ((QueueDispatcher) server.getDispatcher()).setFailFast(new MockResponse.Builder()
        .code(418)
        .body("no answer queued for this request")
        .build());
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a MockWebServer", e);
    }
    return server;
  }

  /** The server an operation of the contract is sent to: {@link #demo} if it declares its own servers. */
  public MockWebServer serverFor(Contract.Op op) {
    return ownServer(op) ? demo : server;
  }

  public static boolean ownServer(Contract.Op op) {
    return op.operation().getServers() != null && !op.operation().getServers().isEmpty();
  }

  /** Queues a JSON answer (or any text, for the malformed-body tests) with {@code status}. */
  public static void enqueue(MockWebServer to, int status, String body, String... headerPairs) {
    MockResponse.Builder response = new MockResponse.Builder()
        .code(status)
        .addHeader("Content-Type", "application/json")
        .body(body);
    for (int i = 0; i + 1 < headerPairs.length; i += 2) {
      response.setHeader(headerPairs[i], headerPairs[i + 1]);
    }
    to.enqueue(response.build());
  }

  /** The next request {@code from} received; fails if none arrives within a few seconds. */
  public static RecordedRequest take(MockWebServer from) throws InterruptedException {
    RecordedRequest request = from.takeRequest(5, TimeUnit.SECONDS);
    assertNotNull(request, "the server received no request");
    return request;
  }

  /** Requests both servers received. */
  public int requestCount() {
    return server.getRequestCount() + demo.getRequestCount();
  }

  @Override
  public void close() {
    client.close();
    server.close();
    demo.close();
  }

  /**
   * With {@link Builder#production()}: a request to one of the public service's hosts goes to
   * {@link #demo} (the Futures demo host) or {@link #server} instead, path and query unchanged,
   * as a DNS entry would send it; it runs before the client's own interceptors.
   */
  private okhttp3.Response standInForProduction(okhttp3.Interceptor.Chain chain) throws IOException {
    okhttp3.HttpUrl url = chain.request().url();
    MockWebServer target = url.host().equals(Environment.PRODUCTION.futuresDemo().getHost()) ? demo : server;
    okhttp3.HttpUrl local = url.newBuilder().scheme("http").host(target.getHostName()).port(target.getPort()).build();
    return chain.proceed(chain.request().newBuilder().url(local).build());
  }

  /** Every family on {@link #server}, Futures under its contract's base path, the demo base on {@link #demo}. */
  private Environment environment() {
    Contract futures = Contracts.get(Family.FUTURES);
    String futuresPath = URI.create(futures.api.getServers().get(0).getUrl()).getPath();
    String demoPath = futures.operations().stream()
        .filter(WireFixture::ownServer)
        .map(futures::serverPath)
        .findFirst()
        .orElse(futuresPath);
    return Environment.PRODUCTION.toBuilder()
        .spot(server.url("/").toString())
        .futures(server.url(directory(futuresPath)).toString())
        .futuresDemo(demo.url(directory(demoPath)).toString())
        .oauth(server.url("/").toString())
        .embed(server.url("/").toString())
        .build();
  }

  private static String directory(String path) {
    return path.endsWith("/") ? path : path + "/";
  }

  /** Configures a {@link WireFixture}. */
  public static final class Builder {
    private RetryPolicy retryPolicy = RetryPolicy.none();
    private InMemoryTokenStore tokens;
    private OkHttpClient httpClient;
    private Duration readTimeout;
    private Duration callTimeout;
    private RedactingLogging logging;
    private boolean production;
    private WireProfile wireProfile;

    private Builder() {}

    /**
     * The client is built for {@link Environment#PRODUCTION}, and {@link #server} (or {@link
     * #demo}, for the Futures demo host) stands in for the public service's hosts: what the client
     * sends to production arrives there, path and query unchanged.
     */
    public Builder production() {
      this.production = true;
      return this;
    }

    /** Chooses the client's {@link WireProfile}; the client's default when not set. */
    public Builder wireProfile(WireProfile wireProfile) {
      this.wireProfile = Objects.requireNonNull(wireProfile, "wireProfile == null");
      return this;
    }

    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy == null");
      return this;
    }

    /** The client's own default retry policy instead of the fixture's {@link RetryPolicy#none()}. */
    public Builder defaultRetryPolicy() {
      this.retryPolicy = null;
      return this;
    }

    public Builder tokens(InMemoryTokenStore tokens) {
      this.tokens = Objects.requireNonNull(tokens, "tokens == null");
      return this;
    }

    public Builder httpClient(OkHttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient == null");
      return this;
    }

    /** The client's read (and write) timeout; the SDK's default when not set. */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout == null");
      return this;
    }

    /** The client's timeout of one whole call; the SDK's default when not set. */
    public Builder callTimeout(Duration callTimeout) {
      this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout == null");
      return this;
    }

    /** Wire logging for the client. */
    public Builder logging(RedactingLogging logging) {
      this.logging = Objects.requireNonNull(logging, "logging == null");
      return this;
    }

    public WireFixture build() {
      return new WireFixture(this);
    }
  }
}
