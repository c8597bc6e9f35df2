package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.spot.model.GetTradeVolumeRequest;
import io.github.krakensdk.spot.model.TradeVolume;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Target 4: sixteen threads making signed TradeVolume calls against the sandbox (the project's
 * contract-validating stand-in for Kraken, which checks every signature and orders nonces per key
 * like the service). Each call's outcome is counted: a nonce rejection that reaches the caller
 * (the client re-signs and re-sends a refused request up to 3 times first) is counted, not thrown,
 * so that the rows show how many there were, and so are the client's re-sends ({@link
 * KrakenClient#nonceResends()}); any other failure stops the benchmark.
 *
 * <p>The sandbox runs inside the measured JVM, with its default 16 threads; everything shares the
 * same 2 cores. All clients share one OkHttp connection pool sized for 16 threads (OkHttp keeps 5
 * idle connections by default, which would make both sides reconnect).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = Main.WARMUP_ITERATIONS, time = Main.SECONDS)
@Measurement(iterations = Main.ITERATIONS, time = Main.SECONDS)
@Threads(16)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class SandboxBenchmarks {
  static final MediaType JSON = MediaType.get("application/json");
  static final String TRADE_VOLUME = "/0/private/TradeVolume";

  /**
   * A client and how many of its {@link KrakenClient#nonceResends() re-sends} the threads have
   * counted so far: each re-send is credited once, to the first thread that sees it, so that the
   * threads' counters add up to the client's own figure however many threads share it.
   */
  static final class CountedClient {
    final KrakenClient kraken;
    private final AtomicLong counted;

    CountedClient(KrakenClient kraken) {
      this.kraken = kraken;
      this.counted = new AtomicLong(kraken.nonceResends());
    }

    /** The re-sends since the last time any thread asked. */
    long newResends() {
      long total = kraken.nonceResends();
      long before = counted.getAndAccumulate(total, Math::max);
      return Math.max(0, total - before);
    }
  }

  /** The sandbox, the shared connection pool, and the clients that share one key. */
  @State(Scope.Benchmark)
  public static class Server {
    Sandbox sandbox;
    OkHttpClient http;
    /** One key, the builder's defaults (no {@code orderedRequests} call): one call of the key in flight at a time. */
    CountedClient sharedKeyDefaults;
    /** One key, {@code orderedRequests(false)}: nonces may reach the sandbox out of order. */
    CountedClient sharedKeyUnordered;
    final GetTradeVolumeRequest request = GetTradeVolumeRequest.builder().pair("XBTUSD").build();
    final ObjectMapper jackson = new ObjectMapper();

    @Setup(Level.Trial)
    public void setUp() {
      // Throughput, not the service's call counter: the sandbox refuses nothing, the clients do not pace.
      sandbox = Sandbox.builder().spotRateLimits(false).start();
      http = new OkHttpClient.Builder().connectionPool(new ConnectionPool(32, 5, TimeUnit.MINUTES)).build();
      KrakenClient defaults = sandbox.newClientBuilder().httpClient(http).spotRatePacing(false).build();
      KrakenClient unordered = sandbox.newClientBuilder().httpClient(http).spotRatePacing(false)
          .orderedRequests(false).build();
      check(defaults.spot().getTradeVolume(request).fees().size() == 1, "SDK call on the sandbox");
      check(unordered.spot().getTradeVolume(request).fees().size() == 1, "unordered SDK call on the sandbox");
      sharedKeyDefaults = new CountedClient(defaults);
      sharedKeyUnordered = new CountedClient(unordered);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      sharedKeyDefaults.kraken.close();
      sharedKeyUnordered.kraken.close();
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
      sandbox.close();
    }
  }

  /**
   * Keys of its own for each thread, issued by the sandbox: one for an SDK client, one for the
   * floor (each side draws its nonces its own way, so they do not share a key).
   */
  @State(Scope.Thread)
  public static class OwnKey {
    CountedClient sdk;
    SandboxKey rawKey;
    RawSigner signer;
    HttpUrl tradeVolumeUrl;
    long nonce;

    @Setup(Level.Trial)
    public void setUp(Server server) throws IOException {
      KrakenClient own = KrakenClient.builder().environment(server.sandbox.environment())
          .spotCredentials(server.sandbox.spot().newKey().issue().credentials()).httpClient(server.http)
          .spotRatePacing(false).build();
      rawKey = server.sandbox.spot().newKey().issue();
      signer = new RawSigner(rawKey.secret());
      tradeVolumeUrl = HttpUrl.get(server.sandbox.baseUrl().resolve(TRADE_VOLUME.substring(1)));
      nonce = System.currentTimeMillis() * 1000;
      check(own.spot().getTradeVolume(server.request).fees().size() == 1, "SDK call with an issued key");
      sdk = new CountedClient(own);
      JsonNode answer = raw(server);
      check(answer.path("result").path("fees").size() == 1, "raw call with an issued key: " + answer);
    }

    /** The floor: OkHttp, a hand-computed API-Sign over the same JSON body, Jackson into a tree. */
    JsonNode raw(Server server) throws IOException {
      String n = Long.toString(++nonce);
      byte[] body = ("{\"nonce\":" + n + ",\"pair\":\"XBTUSD\"}").getBytes(StandardCharsets.UTF_8);
      Request request = new Request.Builder().url(tradeVolumeUrl)
          .header("API-Key", rawKey.key())
          .header("API-Sign", signer.sign(TRADE_VOLUME, n, body))
          .post(RequestBody.create(body, JSON))
          .build();
      try (Response response = server.http.newCall(request).execute()) {
        return server.jackson.readTree(response.body().byteStream());
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      sdk.kraken.close();
    }
  }

  /** What happened to each call of a measurement iteration, per thread; JMH sums them up. */
  @AuxCounters(AuxCounters.Type.EVENTS)
  @State(Scope.Thread)
  public static class Outcomes {
    public long calls;
    /** Calls that failed for their nonce: for the SDK, refused again after the client's re-sends. */
    public long nonceRejections;
    /** Requests the SDK client re-signed and sent again after the sandbox refused their nonce. */
    public long nonceResends;

    @Setup(Level.Iteration)
    public void reset() {
      calls = 0;
      nonceRejections = 0;
      nonceResends = 0;
    }
  }

  /** Each thread its own key and SDK client (all on one pool): nothing to order. */
  @Benchmark
  public TradeVolume sdkOwnKeys(OwnKey own, Server server, Outcomes outcomes) {
    return sdkCall(own.sdk, server, outcomes);
  }

  /** One key for all sixteen threads with the builder's defaults (ordered requests, nonce re-sends). */
  @Benchmark
  public TradeVolume sdkSharedKeyDefaults(Server server, Outcomes outcomes) {
    return sdkCall(server.sharedKeyDefaults, server, outcomes);
  }

  /** One key for all sixteen threads, {@code orderedRequests(false)}: nonces may reach the sandbox out of order. */
  @Benchmark
  public TradeVolume sdkSharedKeyUnordered(Server server, Outcomes outcomes) {
    return sdkCall(server.sharedKeyUnordered, server, outcomes);
  }

  /** The floor: hand-written OkHttp calls, each thread its own key. */
  @Benchmark
  public JsonNode rawOwnKeys(OwnKey own, Server server, Outcomes outcomes) throws IOException {
    JsonNode answer = own.raw(server);
    outcomes.calls++;
    JsonNode errors = answer.path("error");
    if (!errors.isEmpty()) {
      if (errors.toString().contains("EAPI:Invalid nonce")) {
        outcomes.nonceRejections++;
      } else {
        throw new IOException("sandbox error " + errors);
      }
    }
    return answer;
  }

  private static TradeVolume sdkCall(CountedClient client, Server server, Outcomes outcomes) {
    outcomes.calls++;
    try {
      return client.kraken.spot().getTradeVolume(server.request);
    } catch (NonceRejectedException e) {
      outcomes.nonceRejections++; // reached the caller: refused again after every re-send
      return null;
    } finally {
      outcomes.nonceResends += client.newResends();
    }
  }
}
