package io.github.krakensdk.tests.reliability;

import io.github.krakensdk.auth.RedactingLogging;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.internal.RedactingLoggingInterceptor;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.auth.webhook.WebhookSignatureVerifier;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.oauth.model.FastApiKey;
import io.github.krakensdk.oauth.internal.model.TokenResponse;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.spot.model.GetTradeVolumeRequest;
import io.github.krakensdk.tests.client.ServiceCall;
import io.github.krakensdk.tests.client.TokenCall;
import io.github.krakensdk.tests.client.WireFixture;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Known secret values go through every family (every operation of the four contracts against the
 * sandbox, the OAuth code flow and a refresh through {@code kraken.oauthTokens()}, failures of every kind: a wrong secret, a replayed
 * nonce, a read-only key, a used code, a revoked grant, a refused connection, a dropped POST, a
 * Spot warning, a webhook delivery and a forged one), and everything the SDK writes is scanned for
 * them: the wire log at {@code BODY} (the level that shows most), the {@code System.Logger} output
 * (the default warning listener; every {@code java.util.logging} record of the run is captured), the
 * message, {@code toString()} and stack trace of every failure, and the {@code toString()} of every
 * public SDK object reachable from what the caller holds (clients, services, the signing
 * interceptors and credentials inside them, token stores, results with {@code format: password}
 * members such as {@code TokenResponse} and {@code FastApiKey}). None of the values may appear, in
 * plain text or URL-encoded.
 */
class SecretsTest {
  @RegisterExtension
  static final SandboxExtension EXTENSION = new SandboxExtension(() -> Sandbox.builder()
      .earnCompletionDelay(Duration.ofMillis(50)).autoEarnSwitchDelay(Duration.ZERO));

  static final String WIRE_LOG = "secrets: wire log (RedactingLoggingInterceptor at BODY)";
  static final String LOGGER = "secrets: System.Logger and java.util.logging output";
  static final String EXCEPTIONS = "secrets: exception messages, toString and stack traces";
  static final String TO_STRING = "secrets: toString() of every reachable public SDK object";
  static final String PASSWORD_MEMBERS = "secrets: every format: password member of the contracts, in the wire log";

  static final String EXPECTED = "none of the known secret values appears";

  /** Every case, for the table in RELIABILITY.md. */
  static List<ReliabilityCase> cases() {
    List<ReliabilityCase> cases = new ArrayList<>(List.of(WIRE_LOG, LOGGER, EXCEPTIONS, TO_STRING).stream()
        .map(id -> new ReliabilityCase(id, EXPECTED)).toList());
    cases.add(new ReliabilityCase(PASSWORD_MEMBERS, PASSWORD_EXPECTED));
    return cases;
  }

  static final String PASSWORD_EXPECTED = "each value hidden in JSON and form bodies, requests and answers";

  /**
   * The contracts mark secret members {@code format: password}; the wire log must hide each of
   * them by default, whatever the body (a new one in a contract fails here until the logger knows it).
   */
  @Test
  void everyPasswordMemberOfTheContractsIsHiddenInTheWireLog() throws Exception {
    Set<String> names = new java.util.TreeSet<>();
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      contract.api.getComponents().getSchemas().forEach((schemaName, schema) ->
          contract.properties(schema).forEach((name, property) -> {
            if ("password".equals(contract.resolve(property).getFormat())) {
              names.add(name);
            }
          }));
    }
    assertTrue(names.size() > 0, "no format: password member in the contracts");
    StringBuilder json = new StringBuilder("{");
    StringBuilder form = new StringBuilder();
    for (String name : names) {
      json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":\"").append(value(name)).append('"');
      form.append(form.length() > 0 ? "&" : "").append(name).append('=').append(value(name));
    }
    json.append('}');
    List<String> log = new CopyOnWriteArrayList<>();
    OkHttpClient client = new OkHttpClient.Builder().addNetworkInterceptor(new RedactingLoggingInterceptor(
        RedactingLogging.builder(log::add).level(RedactingLogging.Level.BODY).build())).build();
    try (MockWebServer server = WireFixture.newServer()) {
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json").body(json.toString()).build());
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/x-www-form-urlencoded")
          .body(form.toString()).build());
      for (String body : List.of(form.toString(), json.toString())) {
        okhttp3.MediaType type = okhttp3.MediaType.get(body.startsWith("{") ? "application/json"
            : "application/x-www-form-urlencoded");
        try (Response response = client.newCall(new Request.Builder().url(server.url("/")).post(
            okhttp3.RequestBody.create(body, type)).build()).execute()) {
          response.body().string();
        }
      }
    } finally {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
    String text = String.join("\n", log);
    List<String> shown = names.stream().filter(name -> text.contains(value(name))).toList();
    String observed = shown.isEmpty() ? PASSWORD_EXPECTED : "shown: " + shown;
    Observations.record(PASSWORD_MEMBERS, observed);
    assertEquals(PASSWORD_EXPECTED, observed, () -> "the members " + names + "\n" + text);
    ReliabilityTable.assertObserved(PASSWORD_MEMBERS, PASSWORD_EXPECTED, observed);
  }

  private static String value(String name) {
    return "secret-value-of-" + name.replace('_', '-');
  }

  private final Set<String> secrets = new LinkedHashSet<>();
  private final List<String> wireLog = new CopyOnWriteArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();
  private final List<Object> roots = new ArrayList<>();
  /** The first access token of the run, revoked by the refresh that follows it. */
  private String revokedAccessToken;

  @Test
  void nothingTheSdkWritesShowsASecret(Sandbox sandbox) throws Exception {
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        records.add(record);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger root = Logger.getLogger("");
    Level rootLevel = root.getLevel();
    root.addHandler(capture);
    root.setLevel(Level.ALL);
    try {
      exercise(sandbox);
    } finally {
      root.removeHandler(capture);
      root.setLevel(rootLevel);
    }

    Map<String, List<String>> texts = new LinkedHashMap<>();
    texts.put(WIRE_LOG, List.copyOf(wireLog));
    texts.put(LOGGER, records.stream().map(SecretsTest::text).toList());
    texts.put(EXCEPTIONS, failures.stream().map(SecretsTest::text).toList());
    texts.put(TO_STRING, Reachable.publicSdkObjects(roots).stream().map(String::valueOf).toList());

    Set<String> values = variants(secrets);
    StringBuilder report = new StringBuilder();
    Map<String, List<String>> leaks = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> source : texts.entrySet()) {
      List<String> found = new ArrayList<>();
      for (String text : source.getValue()) {
        for (String secret : values) {
          if (text.contains(secret)) {
            found.add(secret.substring(0, 4) + "… in: " + (text.length() > 300 ? text.substring(0, 300) + "…" : text));
          }
        }
      }
      leaks.put(source.getKey(), found);
      report.append(source.getKey()).append(": ").append(source.getValue().size()).append(" texts, ")
          .append(found.size()).append(" leaks\n");
      Observations.record(source.getKey(), found.isEmpty() ? EXPECTED : found.size() + " secret value(s) found");
    }
    Observations.write("secrets.txt", secrets.size() + " secret values (" + values.size() + " with their encodings)\n"
        + report, false);
    for (String source : texts.keySet()) {
      assertTrue(leaks.get(source).isEmpty(), () -> source + ":\n  " + String.join("\n  ", leaks.get(source)));
      assertTrue(texts.get(source).size() > 0, source + ": nothing was written, the scan proves nothing");
      ReliabilityTable.assertObserved(source, EXPECTED, Observations.observed(source));
    }
  }

  /** Calls every family with the known secrets, keeping what they return and throw. */
  private void exercise(Sandbox sandbox) throws Exception {
    SandboxCredentials demo = sandbox.credentials();
    for (SandboxKey key : List.of(demo.spot(), demo.futures(), demo.futuresReadOnly(), demo.embed())) {
      secrets.add(key.key());
      secrets.add(key.secret());
    }
    secrets.add(demo.oauthConfidentialClientSecret());
    secrets.add(demo.webhookSecret());
    secrets.add("secret-one-time-password"); // the API-OTP of a Funding (Beta) call below
    secrets.add(Base64.getEncoder().encodeToString((demo.oauthConfidentialClientId() + ":"
        + demo.oauthConfidentialClientSecret()).getBytes(StandardCharsets.UTF_8)));
    SandboxKey stranger = sandbox.spot().newKey().issue();
    secrets.add(stranger.secret());

    RedactingLogging logging = RedactingLogging.builder(wireLog::add).level(RedactingLogging.Level.BODY).build();
    InMemoryTokenStore store = new InMemoryTokenStore();
    // The default warning listener: warnings go to System.Logger.
    try (KrakenClient kraken = sandbox.newClientBuilder().logging(logging)
        .oauth(demo.oauthConfidentialClient(), store).build()) {
      roots.add(kraken);
      roots.add(store);
      roots.add(logging);
      roots.add(demo.oauthConfidentialClient());

      // OAuth: the code flow, then a refresh through the token path (getToken is no service method).
      AuthorizationRequest authorization = AuthorizationRequest.builder(demo.oauthConfidentialClientId(),
          demo.redirectUri()).authorizeUrl(sandbox.environment().oauthAuthorize()).scopes("account.info:basic",
          "account.fast-api-key:read").build();
      roots.add(authorization);
      String code = authorization.authorizationCode(redirect(HttpUrl.get(authorization.url())).toString());
      secrets.add(code);
      OAuthTokens first = kraken.oauthTokens().completeAuthorization(code, demo.redirectUri());
      secrets.add(first.accessToken());
      secrets.add(first.refreshToken());
      revokedAccessToken = first.accessToken();
      store.save(expired(first));
      kraken.oauthTokens().accessToken(); // refreshes: getToken with grant_type=refresh_token
      OAuthTokens refreshed = store.load();
      secrets.add(refreshed.accessToken());
      secrets.add(refreshed.refreshToken());
      roots.add(refreshed);
      // The token answer's model, decoded with the client's JSON set-up as a caller may (format: password members).
      roots.add(io.github.krakensdk.tests.contract.Contracts.moshi().adapter(TokenResponse.class).fromJson("{\"access_token\":\"" + refreshed.accessToken()
          + "\",\"token_type\":\"bearer\",\"expires_in\":86400,\"refresh_token\":\"" + refreshed.refreshToken() + "\"}"));
      attempt(() -> kraken.oauthTokens().completeAuthorization(code, demo.redirectUri())); // used code
      store.save(expired(first));
      attempt(() -> kraken.oauthTokens().accessToken()); // rotated refresh token
      store.save(refreshed);

      // A webhook delivery (before the operations below, whose examples delete the seeded webhook), verified and parsed as a partner would; then a forged one.
      WebhookTestResult delivery = kraken.embed().testWebhook(r -> r.webhookId(demo.webhookId()));
      WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(demo.webhookSecret(), Clock.systemUTC());
      roots.add(verifier);
      roots.add(delivery);
      roots.add(verifier.verifyAndParse(delivery.signatureHeader(), delivery.payloadSent().getBytes(StandardCharsets.UTF_8)));
      attempt(() -> verifier.verifyAndParse(delivery.signatureHeader(), "{\"forged\":true}".getBytes(StandardCharsets.UTF_8)));

      // Every operation of the five contracts, with the contract's example arguments.
      for (ServiceCall call : ServiceCall.all()) {
        if (TokenCall.isTokenCall(call)) {
          attempt(() -> TokenCall.obtain(kraken, store, call.exampleArguments()));
          store.save(refreshed);
          continue;
        }
        attempt(() -> call.invoke(kraken, call.decode(call.exampleArguments())));
      }
      List<FastApiKey> fastKeys = kraken.oauth().listFastApiKeys();
      fastKeys.forEach(key -> secrets.add(key.apiKey()));
      roots.add(fastKeys);

      // State changes and the rules' refusals.
      attempt(() -> kraken.spot().cancelWithdrawal(r -> r.asset("ETH").refid("FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e")));
      attempt(() -> kraken.spot().cancelWithdrawal(r -> r.asset("ETH").refid("FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e")));
      attempt(() -> kraken.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_ANY)));
      attempt(() -> kraken.embed().testWebhook(r -> r.webhookId(demo.disabledWebhookId())));
      attempt(() -> kraken.embed().updateWebhook(r -> r.webhookId(demo.foreignWebhookId()).enabled(true)));

    }

    // A wrong secret on every signed family, a replayed nonce, a read-only key where full access is needed.
    try (KrakenClient wrong = sandbox.newClientBuilder().logging(logging)
        .spotCredentials(new ApiCredentials(demo.spot().key(), stranger.secret()))
        .futuresCredentials(new ApiCredentials(demo.futures().key(), stranger.secret()))
        .embedCredentials(new ApiCredentials(demo.embed().key(), stranger.secret())).build();
        KrakenClient replay = sandbox.newClientBuilder().logging(logging).nonceSource(() -> 1L).build();
        KrakenClient readOnly = sandbox.newClientBuilder().logging(logging)
            .futuresCredentials(demo.futuresReadOnly().credentials()).build();
        KrakenClient revoked = sandbox.newClientBuilder().logging(logging).oauth(demo.oauthConfidentialClient(),
            new InMemoryTokenStore(OAuthTokens.builder().accessToken(revokedAccessToken).expiresAt(Instant.now()
                .plusSeconds(60)).tokenType("bearer").build())).build()) {
      roots.addAll(List.of(wrong, replay, readOnly, revoked));
      attempt(() -> wrong.spot().getTradeVolume(GetTradeVolumeRequest.builder().build()));
      attempt(() -> wrong.futures().getNotifications());
      attempt(() -> wrong.embed().getAutoEarnStatus(r -> r.user(demo.userIiban())));
      attempt(() -> wrong.funding().listNetworks(r -> r.otp("secret-one-time-password")));
      attempt(() -> replay.spot().getTradeVolume(GetTradeVolumeRequest.builder().build()));
      attempt(() -> replay.funding().listNetworks());
      attempt(() -> replay.futures().getNotifications());
      attempt(() -> replay.embed().getAutoEarnStatus(r -> r.user(demo.userIiban())));
      attempt(() -> readOnly.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.REJECT_TAKER)));
      attempt(() -> revoked.oauth().getUserInfo());
    }

    // The network: a refused connection, a POST dropped after it was sent, a Spot warning.
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    try (MockWebServer server = WireFixture.newServer();
        KrakenClient refused = sandbox.newClientBuilder().logging(logging)
            .environment(sandbox.environment().toBuilder().spot("http://127.0.0.1:" + closedPort + "/").build()).build();
        KrakenClient dropped = sandbox.newClientBuilder().logging(logging)
            .environment(sandbox.environment().toBuilder().spot(server.url("/").toString()).build()).build()) {
      roots.addAll(List.of(refused, dropped));
      attempt(() -> refused.spot().getTradeVolume(GetTradeVolumeRequest.builder().build()));
      server.enqueue(new MockResponse.Builder().body("{\"error\":[],\"result\":true}")
          .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
      attempt(() -> dropped.spot().cancelWithdrawal(r -> r.asset("ETH").refid("FTQcRw4-Hq8LmZ2vTc6YbNs0Gp3Kd7")));
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
          .body("{\"error\":[\"WGeneral:Deprecated:use assetVersion=1\"],\"result\":{\"currency\":\"ZUSD\","
              + "\"volume\":\"1.5\"}}").build());
      roots.add(dropped.spot().getTradeVolume(GetTradeVolumeRequest.builder().build()));
    }
  }

  /** Runs {@code call}, keeping its result or what it threw. */
  private void attempt(ThrowingCall call) {
    try {
      roots.add(call.run());
    } catch (Throwable e) {
      failures.add(e);
      roots.add(e);
    }
  }

  @FunctionalInterface
  interface ThrowingCall {
    Object run() throws Throwable;
  }

  /** {@code tokens} already expired, so that the next bearer use refreshes them through the token path. */
  private static OAuthTokens expired(OAuthTokens tokens) {
    return OAuthTokens.builder().accessToken(tokens.accessToken()).refreshToken(tokens.refreshToken())
        .expiresAt(Instant.now().minusSeconds(60)).tokenType(tokens.tokenType()).scope(tokens.scope()).build();
  }

  /** Each secret as it is and URL-encoded (Base64 secrets change when encoded). */
  private static Set<String> variants(Set<String> secrets) {
    Set<String> values = new LinkedHashSet<>();
    for (String secret : secrets) {
      values.add(secret);
      values.add(URLEncoder.encode(secret, StandardCharsets.UTF_8));
    }
    return values;
  }

  private static HttpUrl redirect(HttpUrl authorizeUrl) throws java.io.IOException {
    OkHttpClient browser = new OkHttpClient.Builder().followRedirects(false).build();
    try (Response page = browser.newCall(new Request.Builder().url(authorizeUrl).build()).execute()) {
      assertEquals(302, page.code(), "the authorize page");
      return HttpUrl.get(page.header("Location"));
    } finally {
      browser.dispatcher().executorService().shutdown();
      browser.connectionPool().evictAll();
    }
  }

  private static String text(LogRecord record) {
    StringBuilder text = new StringBuilder(String.valueOf(record.getMessage()));
    if (record.getParameters() != null) {
      for (Object parameter : record.getParameters()) {
        text.append(' ').append(parameter);
      }
    }
    if (record.getThrown() != null) {
      text.append(' ').append(text(record.getThrown()));
    }
    return text.toString();
  }

  private static String text(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return e.getMessage() + "\n" + e + "\n" + trace;
  }
}
