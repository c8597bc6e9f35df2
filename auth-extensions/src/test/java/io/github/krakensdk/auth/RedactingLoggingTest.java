package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.RedactingLoggingInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** A BODY-level log of calls in every family holds none of the secret values. */
final class RedactingLoggingTest {
  @StartStop final MockWebServer server = TestServers.noDelay();

  private final List<String> log = new CopyOnWriteArrayList<>();
  private final List<RecordedRequest> received = new CopyOnWriteArrayList<>();
  private final RedactingLogging config = RedactingLogging.builder(log::add).level(RedactingLogging.Level.BODY).build();
  private final RedactingLoggingInterceptor logging = new RedactingLoggingInterceptor(config);

  @Test
  void noSecretValueReachesTheLog() throws Exception {
    Random random = new Random(31);
    String spotKey = "SPOTKEY" + Reference.randomSecret(random, 30);
    String spotSecret = Reference.randomSecret(random, 64);
    String futuresKey = "FUTKEY" + Reference.randomSecret(random, 30);
    String futuresSecret = Reference.randomSecret(random, 64);
    String embedKey = "EMBKEY" + Reference.randomSecret(random, 30);
    String embedSecret = Reference.randomSecret(random, 64);
    String clientSecret = "client-secret-" + random.nextLong();
    String code = "auth-code-" + random.nextLong();
    String firstAccess = "access-1-" + random.nextLong();
    String firstRefresh = "refresh-1-" + random.nextLong();
    String secondAccess = "access-2-" + random.nextLong();
    String secondRefresh = "refresh-2-" + random.nextLong();
    String webhookSecret = "whsec-" + random.nextLong();
    String otp = "otp-" + random.nextLong();

    server.setDispatcher(new Dispatcher() {
      int tokenCalls;

      @Override
      public MockResponse dispatch(RecordedRequest request) {
        received.add(request);
        String target = request.getTarget();
        if (target.equals("/oauth/token")) {
          boolean first = tokenCalls++ == 0;
          return ok("{\"access_token\":\"" + (first ? firstAccess : secondAccess) + "\",\"token_type\":\"bearer\","
              + "\"expires_in\":" + (first ? 1 : 14400) + ",\"refresh_token\":\"" + (first ? firstRefresh : secondRefresh) + "\"}");
        }
        if (target.startsWith("/b2b/webhooks")) {
          return ok("{\"result\":{\"webhook\":{\"id\":\"wh_1\",\"secret\":\"" + webhookSecret + "\",\"enabled\":true}}}");
        }
        return ok("{\"error\":[],\"result\":{\"ok\":true}}");
      }
    });

    // Spot: a form body and a JSON body.
    OkHttpClient spot = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(SpotSigningInterceptor.builder(new ApiCredentials(spotKey, spotSecret)).build())
        .addNetworkInterceptor(logging)
        .build();
    call(spot, TestRequests.authenticated().url(server.url("/0/private/TradeVolume"))
        .post(new FormBody.Builder().add("pair", "XBTUSD").build()).build());
    call(spot, TestRequests.authenticated().url(server.url("/0/private/WithdrawCancel"))
        .post(RequestBody.create("{\"asset\":\"XBT\",\"refid\":\"R1\"}", MediaType.get("application/json"))).build());

    // Funding (Beta), signed with the Spot key: the nonce and a two-factor password in headers.
    OkHttpClient funding = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(FundingSigningInterceptor.builder(new ApiCredentials(spotKey, spotSecret)).build())
        .addNetworkInterceptor(logging)
        .build();
    call(funding, TestRequests.authenticated().url(server.url("/funding/v1/withdrawals?limit=5"))
        .header("API-OTP", otp)
        .post(RequestBody.create("{\"address_id\":\"ABR6SXP-SF6CY-VJMONY\"}", MediaType.get("application/json")))
        .build());

    // Futures: query-string signing.
    OkHttpClient futures = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(FuturesSigningInterceptor.builder(new ApiCredentials(futuresKey, futuresSecret)).build())
        .addNetworkInterceptor(logging)
        .build();
    call(futures, TestRequests.authenticated().url(server.url("/derivatives/api/v3/self-trade-strategy?strategy=REJECT_TAKER"))
        .put(RequestBody.create(new byte[0], null)).build());

    // Embed: a PATCH with a body, whose response carries a webhook secret.
    OkHttpClient embed = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(new ApiCredentials(embedKey, embedSecret)).build())
        .addNetworkInterceptor(logging)
        .build();
    call(embed, TestRequests.authenticated().url(server.url("/b2b/webhooks/wh_1"))
        .patch(RequestBody.create("{\"enabled\":true}", MediaType.get("application/json"))).build());

    // OAuth: code exchange, a refresh (the first token expires at once), and a bearer call.
    OkHttpClient oauthHttp = KrakenHttpClients.newBuilder().addNetworkInterceptor(logging).build();
    OAuthTokenClient tokenClient = OAuthTokenClient.builder(ClientCredentials.confidential("client-id", clientSecret))
        .httpClient(oauthHttp).tokenUrl(server.url("/oauth/token")).build();
    BearerTokenAuth auth = BearerTokenAuth.builder(tokenClient, new InMemoryTokenStore()).build();
    auth.completeAuthorization(code, "https://partner.example/cb");
    call(auth.install(oauthHttp.newBuilder()).build(),
        new Request.Builder().url(server.url("/oauth/userinfo")).build());

    // What must never be logged: every credential, and every value derived from one.
    List<String> secrets = new ArrayList<>(List.of(spotKey, spotSecret, futuresKey, futuresSecret, embedKey,
        embedSecret, otp, clientSecret, code, firstAccess, firstRefresh, secondAccess, secondRefresh, webhookSecret,
        Base64.getEncoder().encodeToString(("client-id:" + clientSecret).getBytes(StandardCharsets.UTF_8))));
    for (RecordedRequest request : received) {
      for (String header : List.of("API-Sign", "Authent", "API-Nonce", "API-OTP", "APIKey", "API-Key", "Authorization")) {
        String value = request.getHeaders().get(header);
        if (value != null) secrets.add(value.startsWith("Bearer ") || value.startsWith("Basic ") ? value.substring(6).trim() : value);
      }
    }
    assertEquals(8, received.size());

    String text = String.join("\n", log);
    for (String secret : secrets) {
      assertFalse(text.contains(secret), () -> "the log shows a secret value: " + secret);
    }
    // And the log did show the traffic, with the values masked.
    assertTrue(text.contains("API-Sign: ██"), text);
    assertTrue(text.contains("Authent: ██"));
    assertTrue(text.contains("API-Nonce: ██"));
    assertTrue(text.contains("Authorization: ██"));
    assertTrue(text.contains("code=██"));
    assertTrue(text.contains("\"access_token\":\"██\""));
    assertTrue(text.contains("grant_type=refresh_token&refresh_token=██"));
    assertTrue(text.contains("\"secret\":\"██\""));
    assertTrue(text.contains("pair=XBTUSD"), "non-secret body content is logged");
    assertTrue(text.contains("strategy=REJECT_TAKER"));
    assertTrue(text.contains("API-OTP: ██"), text);
    assertTrue(text.contains("/funding/v1/withdrawals?limit=5"), "the Funding request line is logged");
    assertTrue(text.contains("\"address_id\":\"ABR6SXP-SF6CY-VJMONY\""), "and its body, which holds no secret");
  }

  @Test
  void gzippedAndCutBodiesAreStillRedacted() throws Exception {
    okio.Buffer gzipped = new okio.Buffer();
    try (okio.BufferedSink sink = okio.Okio.buffer(new okio.GzipSink(gzipped))) {
      sink.writeUtf8("{\"refresh_token\":\"zipped-secret\",\"pad\":\"" + "x".repeat(100) + "\"}");
    }
    long gzippedSize = gzipped.size();
    server.enqueue(new MockResponse.Builder().addHeader("Content-Encoding", "gzip")
        .addHeader("Content-Type", "application/json").body(gzipped).build());
    OkHttpClient client = KrakenHttpClients.newBuilder().addNetworkInterceptor(logging).build();
    Request request = new Request.Builder().url(server.url("/oauth/x"))
        .addHeader("Accept-Encoding", "gzip").build();
    try (Response response = client.newCall(request).execute()) {
      // The caller asked for gzip itself, so it gets the compressed bytes, all of them.
      assertEquals(gzippedSize, response.body().bytes().length);
    }
    String text = String.join("\n", log);
    assertTrue(text.contains("\"refresh_token\":\"██\""), text);
    assertFalse(text.contains("zipped-secret"));

    // A string cut at the size limit is still masked.
    log.clear();
    RedactingLoggingInterceptor small = new RedactingLoggingInterceptor(config.newBuilder().maxBodyBytes(30).build());
    server.enqueue(ok("{\"access_token\":\"abcdefghijklmnopqrstuvwxyz0123456789\"}"));
    call(KrakenHttpClients.newBuilder().addNetworkInterceptor(small).build(),
        new Request.Builder().url(server.url("/oauth/token")).build());
    String cut = String.join("\n", log);
    assertFalse(cut.contains("abcdefghij"), cut);
    assertTrue(cut.contains("truncated"));
  }

  @Test
  void longValuesAndFastApiKeysAreMasked() throws Exception {
    // A regex over the value overflowed the stack at about 4 KB (found by fuzzing).
    String longToken = "\\\"".repeat(3000) + "tail-of-the-token";
    server.enqueue(ok("{\"refresh_token\":\"" + longToken + "\",\"api_key\":\"FASTKEY-secret\"}"));
    call(KrakenHttpClients.newBuilder().addNetworkInterceptor(logging).build(),
        new Request.Builder().url(server.url("/oauth/token")).build());
    String text = String.join("\n", log);
    assertFalse(text.contains("tail-of-the-token"), text);
    assertFalse(text.contains("FASTKEY-secret"), text);
    assertTrue(text.contains("\"api_key\":\"██\""), text);
  }

  @Test
  void callerCanAddNames() throws Exception {
    server.enqueue(ok("{\"my_token\":\"custom-secret\"}"));
    RedactingLoggingInterceptor custom =
        new RedactingLoggingInterceptor(config.newBuilder().redactFields("my_token").redactHeaders("X-Private").build());
    call(KrakenHttpClients.newBuilder().addNetworkInterceptor(custom).build(),
        new Request.Builder().url(server.url("/x")).header("X-Private", "header-secret").build());
    String text = String.join("\n", log);
    assertFalse(text.contains("custom-secret"));
    assertFalse(text.contains("header-secret"));
  }

  private static MockResponse ok(String body) {
    return new MockResponse.Builder().addHeader("Content-Type", "application/json").body(body).build();
  }

  private static void call(OkHttpClient client, Request request) throws Exception {
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
      assertTrue(response.body().string().startsWith("{"), "the caller still gets the whole body");
    }
  }
}
