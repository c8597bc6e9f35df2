package io.github.krakensdk.benchmarks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one loopback stand-in for {@code api.kraken.com} that the call rounds (targets 1 and 2) and
 * the cold-start probes (target 5) call, serving {@link Payloads} from byte arrays over plain
 * HTTP/1.1 keep-alive (no TLS, no gzip) on the JDK's {@link HttpServer}: Assets, AssetPairs,
 * Ticker and Depth (whatever the query), and the signed TradeVolume, AddOrder and CancelOrder.
 *
 * <p>Every private call is verified the way Kraken does it, for the whole run: a known {@code
 * API-Key}, an {@code API-Sign} over the exact body, and a nonce above the key's last one. As
 * Kraken asks of every process that trades, each client set up in a measured JVM has a key of its
 * own ({@link #issueKey}): the server outlives JMH's forks, and a fork's client must not inherit
 * the nonces of the one before it (XChange counts milliseconds, one more per call, so at more than
 * 1,000 calls a second its nonces run ahead of the clock, and the next fork's would start below
 * them). The
 * body of the SDK and of the raw floor must also be the benchmark's request ({@link
 * Payloads#TRADE_VOLUME_REQUEST} and the like, nonce aside: JSON, and a form for AddOrder), so
 * that they provably send the same bytes; XChange sends its own form body. A failed check answers a Kraken error (which makes the benchmark fail), and
 * is counted; the report states how many signed calls were checked and refused. Verifying costs
 * the server a few microseconds and is the same for every client measured.
 *
 * <p>{@link Main} runs it in its own JVM, so that the measured JVMs hold only the client: JMH's
 * allocation figures are then the client's alone. A benchmark run without {@link Main} starts
 * one in-process instead.
 */
final class LoopbackKraken implements Closeable {
  static final String ASSETS = "/0/public/Assets";
  static final String ASSET_PAIRS = "/0/public/AssetPairs";
  static final String TICKER = "/0/public/Ticker";
  static final String DEPTH = "/0/public/Depth";
  static final String TRADE_VOLUME = "/0/private/TradeVolume";
  static final String ADD_ORDER = "/0/private/AddOrder";
  static final String CANCEL_ORDER = "/0/private/CancelOrder";

  private static final Map<String, byte[]> PUBLIC_ANSWERS = Map.of(ASSETS, Payloads.ASSETS,
      ASSET_PAIRS, Payloads.ASSET_PAIRS, TICKER, Payloads.TICKER, DEPTH, Payloads.DEPTH);
  private static final Map<String, byte[]> PRIVATE_ANSWERS = Map.of(TRADE_VOLUME, Payloads.TRADE_VOLUME,
      ADD_ORDER, Payloads.ADD_ORDER, CANCEL_ORDER, Payloads.CANCEL_ORDER);
  /** The one body, nonce aside, each private path accepts from the SDK and the raw floor. */
  private static final Map<String, String> REQUESTS = Map.of(TRADE_VOLUME, Payloads.TRADE_VOLUME_REQUEST,
      ADD_ORDER, Payloads.ADD_ORDER_REQUEST, CANCEL_ORDER, Payloads.CANCEL_ORDER_REQUEST);

  /** Every key shares one secret: 64 bytes, standard Base64, like a real Kraken API secret. */
  static final String SECRET = Base64.getEncoder().encodeToString(secretBytes());

  /**
   * The clients measured, each the prefix of the keys {@link #issueKey} gives it: Kraken orders
   * nonces per key, and each client counts its own. The server counts calls per client.
   */
  static final String SDK_KEY = "bench-sdk";
  static final String RAW_KEY = "bench-raw";
  static final String XCHANGE_KEY = "bench-xchange";
  static final String COLD_SDK_KEY = "cold-start-sdk";
  static final String COLD_XCHANGE_KEY = "cold-start-xchange";
  /** {@link Main} warms the server's own code up with it before anything is measured. */
  static final String WARM_UP_KEY = "warm-up";
  /** The set-up's deliberately wrong signatures use it, so that every other key should see no refusal. */
  static final String FORGED_KEY = "forged-signatures";
  private static final List<String> KEYS =
      List.of(SDK_KEY, RAW_KEY, XCHANGE_KEY, COLD_SDK_KEY, COLD_XCHANGE_KEY, WARM_UP_KEY, FORGED_KEY);

  static {
    // Read once, when the JDK's server classes initialize: without it every answer waits for the
    // client's delayed ACK (Nagle), about 40 ms per call on loopback.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** The system property through which {@link Main} hands its server to the measured JVMs. */
  static final String URL_PROPERTY = "benchmarks.loopback";

  private static LoopbackKraken inProcess;

  private final HttpServer server;
  private final ExecutorService threads;
  private final RawSigner verifier = new RawSigner(SECRET);
  /** Per issued key, as Kraken keeps it per key: the highest nonce accepted. */
  private final Map<String, AtomicLong> lastNonce = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> accepted = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> refused = new ConcurrentHashMap<>();

  private LoopbackKraken(int threadCount) throws IOException {
    for (String key : KEYS) {
      accepted.put(key, new AtomicLong());
      refused.put(key, new AtomicLong());
    }
    this.threads = Executors.newFixedThreadPool(threadCount, runnable -> {
      Thread thread = new Thread(runnable, "loopback-kraken");
      thread.setDaemon(true);
      return thread;
    });
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    server.setExecutor(threads);
    server.createContext("/0/", this::handle);
    server.start();
  }

  /** Starts a server on a free port of 127.0.0.1 with {@code threadCount} handler threads. */
  static LoopbackKraken start(int threadCount) {
    try {
      return new LoopbackKraken(threadCount);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the loopback server", e);
    }
  }

  /**
   * The base URL of the run's server: {@link Main}'s, handed over in {@link #URL_PROPERTY}, or
   * else one started in this JVM on first use (for runs through {@code org.openjdk.jmh.Main}).
   */
  static synchronized String sharedBaseUrl() {
    String url = System.getProperty(URL_PROPERTY);
    if (url != null) {
      return url;
    }
    if (inProcess == null) {
      inProcess = start(4);
    }
    return inProcess.baseUrl();
  }

  /**
   * A new key of {@code client} (one of the clients above), for one client set up in one JVM:
   * {@code client.<process id>.<n>}, a key the server has not seen, whose nonces start afresh.
   */
  static String issueKey(String client) {
    if (!KEYS.contains(client)) {
      throw new IllegalArgumentException("unknown client " + client + "; clients: " + KEYS);
    }
    return client + "." + ProcessHandle.current().pid() + "." + ISSUED.incrementAndGet();
  }

  private static final AtomicLong ISSUED = new AtomicLong();

  /** The client of {@code key}: the key itself, or its prefix up to the first dot. */
  static String clientOf(String key) {
    int dot = key.indexOf('.');
    return dot < 0 ? key : key.substring(0, dot);
  }

  /** {@code http://127.0.0.1:<port>/}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  /** Signed calls accepted, per client (whichever of its keys), so far. */
  Map<String, Long> accepted() {
    return snapshot(accepted);
  }

  /** Signed calls refused (key, signature or nonce), per client, so far. */
  Map<String, Long> refused() {
    return snapshot(refused);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getRawPath();
      String method = exchange.getRequestMethod();
      byte[] answer;
      int status = 200;
      if (method.equals("GET") && PUBLIC_ANSWERS.containsKey(path)) {
        answer = PUBLIC_ANSWERS.get(path);
      } else if (method.equals("POST") && PRIVATE_ANSWERS.containsKey(path)) {
        String error = verify(exchange, path, body);
        answer = error == null ? PRIVATE_ANSWERS.get(path) : utf8("{\"error\":[\"" + error + "\"]}");
      } else {
        status = 404;
        answer = utf8("{\"error\":[\"EGeneral:Unknown method\"]}");
      }
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(status, answer.length);
      exchange.getResponseBody().write(answer);
    }
  }

  /** Null when the call is authentic and its nonce is new, else the error Kraken would send. */
  private String verify(HttpExchange exchange, String path, byte[] body) {
    String key = exchange.getRequestHeaders().getFirst("API-Key");
    String client = key == null ? null : clientOf(key);
    if (client == null || !KEYS.contains(client)) {
      return "EAPI:Invalid key";
    }
    AtomicLong last = lastNonce.computeIfAbsent(key, issued -> new AtomicLong(Long.MIN_VALUE));
    String text = new String(body, StandardCharsets.UTF_8);
    String nonce = nonceOf(text);
    String error = null;
    if (nonce == null) {
      error = "EAPI:Invalid nonce";
    } else if (!client.equals(XCHANGE_KEY) && !client.equals(COLD_XCHANGE_KEY)
        && !text.equals(new String(Payloads.withNonce(nonce, REQUESTS.get(path)), StandardCharsets.UTF_8))) {
      error = "EGeneral:Invalid arguments:body is not the benchmark's request";
    } else if (!verifier.sign(path, nonce, body).equals(exchange.getRequestHeaders().getFirst("API-Sign"))) {
      error = "EAPI:Invalid signature";
    } else {
      long value = Long.parseLong(nonce);
      long previous = last.getAndAccumulate(value, Math::max);
      if (value <= previous) {
        error = "EAPI:Invalid nonce";
      }
    }
    (error == null ? accepted : refused).get(client).incrementAndGet();
    return error;
  }

  /** The nonce of a form body ({@code nonce=...}) or a JSON body ({@code "nonce":...}). */
  static String nonceOf(String body) {
    int at = body.indexOf("\"nonce\":");
    int start;
    if (at >= 0) {
      start = at + "\"nonce\":".length();
    } else if (body.startsWith("nonce=")) {
      start = "nonce=".length();
    } else {
      at = body.indexOf("&nonce=");
      if (at < 0) {
        return null;
      }
      start = at + "&nonce=".length();
    }
    int end = start;
    while (end < body.length() && Character.isDigit(body.charAt(end))) {
      end++;
    }
    return end > start ? body.substring(start, end) : null;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private static Map<String, Long> snapshot(Map<String, AtomicLong> counters) {
    Map<String, Long> copy = new TreeMap<>();
    counters.forEach((key, count) -> copy.put(key, count.get()));
    return copy;
  }

  private static byte[] secretBytes() {
    byte[] bytes = new byte[64];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 37 + 11);
    }
    return bytes;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
