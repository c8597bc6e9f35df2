package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * For many random paths, queries and bodies, recomputes each signature from the bytes the server
 * received (request target, body, headers) with {@link Reference}, and compares it with the
 * header that was sent.
 */
final class SigningRoundTripTest {
  private static final int ROUNDS = 80;
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
  private static final String[] ALPHABET = {
    "a", "Z", "0", "9", "-", "_", ".", "~", " ", "+", "&", "=", "?", "/", "%", "#", "[", "]",
    "\"", "\\", ",", ":", "é", "漢", "😀", "'", "*", "!", "$", "@"
  };

  @StartStop final MockWebServer server = TestServers.noDelay();
  private final OkHttpClient base = KrakenHttpClients.newBuilder().build();
  private final AtomicLong nonces = new AtomicLong(1_700_000_000_000_000L);

  @Test
  void spot() throws Exception {
    Random random = new Random(1);
    for (int round = 0; round < ROUNDS; round++) {
      String secret = Reference.randomSecret(random, 64);
      SpotSigningInterceptor spot =
          SpotSigningInterceptor.builder(new ApiCredentials("key-" + round, secret))
              .nonceSource(nonces::incrementAndGet)
              .build();
      HttpUrl url = randomUrl(random, "0", "private");
      boolean json = random.nextBoolean();
      String original = json ? randomJsonObject(random) : randomForm(random);
      RequestBody body =
          json
              ? RequestBody.create(original.getBytes(StandardCharsets.UTF_8), JSON)
              : RequestBody.create(
                  original.getBytes(StandardCharsets.UTF_8),
                  MediaType.get("application/x-www-form-urlencoded"));
      RecordedRequest recorded = send(spot, TestRequests.authenticated().url(url).post(body).build());

      String sent = new String(bytes(recorded), StandardCharsets.UTF_8);
      String nonce = Long.toString(nonces.get());
      if (json) {
        String expected = original.equals("{}")
            ? "{\"nonce\":" + nonce + "}"
            : "{\"nonce\":" + nonce + "," + original.substring(1);
        assertEquals(expected, sent, "round " + round);
      } else {
        assertEquals(original.isEmpty() ? "nonce=" + nonce : "nonce=" + nonce + "&" + original, sent);
      }
      assertEquals(
          Reference.spotSign(secret, recorded.getTarget(), nonce, bytes(recorded)),
          recorded.getHeaders().get("API-Sign"),
          "round " + round + " " + recorded.getTarget());
      assertEquals("key-" + round, recorded.getHeaders().get("API-Key"));
    }
  }

  @Test
  void futures() throws Exception {
    Random random = new Random(2);
    for (int round = 0; round < ROUNDS; round++) {
      String secret = Reference.randomSecret(random, 64);
      FuturesSigningInterceptor futures =
          FuturesSigningInterceptor.builder(new ApiCredentials("key-" + round, secret))
              .nonceSource(nonces::incrementAndGet)
              .build();
      HttpUrl url =
          random.nextBoolean()
              ? randomUrl(random, "derivatives", "api", "v3")
              : randomUrl(random, "api", "v3");
      Request request = requestOfRound(round, url, (shape, builder) -> {
        if (shape == 3) return builder.post(RequestBody.create(new byte[0], null));
        FormBody.Builder form = new FormBody.Builder();
        for (int i = random.nextInt(4); i >= 0; i--) form.add(randomText(random), randomText(random));
        return builder.post(form.build());
      });
      RecordedRequest recorded = send(futures, request);

      String target = recorded.getTarget();
      int question = target.indexOf('?');
      String path = question < 0 ? target : target.substring(0, question);
      String query = question < 0 ? "" : target.substring(question + 1);
      String body = new String(bytes(recorded), StandardCharsets.UTF_8);
      String postData = body.isEmpty() ? query : body;
      String nonce = lastNonceIn(recorded, "Nonce");
      assertEquals(
          Reference.futuresAuthent(secret, postData, nonce, path),
          recorded.getHeaders().get("Authent"),
          "round " + round + " " + recorded.getRequestLine());
      assertEquals("key-" + round, recorded.getHeaders().get("APIKey"));
    }
  }

  @Test
  void embed() throws Exception {
    Random random = new Random(3);
    for (int round = 0; round < ROUNDS; round++) {
      String secret = Reference.randomSecret(random, 64);
      EmbedSigningInterceptor embed =
          EmbedSigningInterceptor.builder(new ApiCredentials("key-" + round, secret))
              .nonceSource(nonces::incrementAndGet)
              .build();
      HttpUrl url = randomUrl(random, "b2b", "portfolio");
      String json = randomJsonObject(random);
      RequestBody jsonBody = RequestBody.create(json.getBytes(StandardCharsets.UTF_8), JSON);
      Request request = requestOfRound(round, url,
          (shape, builder) -> shape == 2 ? builder.patch(jsonBody) : builder.post(jsonBody));
      RecordedRequest recorded = send(embed, request);

      byte[] body = bytes(recorded);
      if (round % 4 >= 2) assertEquals(json, new String(bytes(recorded), StandardCharsets.UTF_8), "Embed bodies are not changed");
      String nonce = lastNonceIn(recorded, "API-Nonce");
      assertEquals(
          Reference.spotSign(secret, recorded.getTarget(), nonce, body),
          recorded.getHeaders().get("API-Sign"),
          "round " + round + " " + recorded.getRequestLine());
      assertNull(recorded.getHeaders().get("Service-Version"), "a client setting, not the signer's");
    }
  }

  @Test
  void funding() throws Exception {
    Random random = new Random(9);
    for (int round = 0; round < ROUNDS; round++) {
      String secret = Reference.randomSecret(random, 64);
      FundingSigningInterceptor funding =
          FundingSigningInterceptor.builder(new ApiCredentials("key-" + round, secret))
              .nonceSource(nonces::incrementAndGet)
              .build();
      HttpUrl url = randomUrl(random, "funding", "v1");
      String json = randomJsonObject(random);
      RequestBody jsonBody = RequestBody.create(json.getBytes(StandardCharsets.UTF_8), JSON);
      String otp = random.nextBoolean() ? Integer.toString(random.nextInt(1_000_000)) : null;
      Request request = requestOfRound(round, url,
          (shape, builder) -> shape == 2 ? builder.delete() : builder.post(jsonBody));
      if (otp != null) request = request.newBuilder().header("API-OTP", otp).build();
      RecordedRequest recorded = send(funding, request);

      byte[] body = bytes(recorded);
      if (round % 4 == 3) assertEquals(json, new String(body, StandardCharsets.UTF_8), "bodies are not changed");
      else assertEquals(0, body.length, recorded.getMethod() + " sends no body");
      String nonce = lastNonceIn(recorded, "API-Nonce");
      assertEquals(
          Reference.spotSign(secret, recorded.getTarget(), nonce, body),
          recorded.getHeaders().get("API-Sign"),
          "round " + round + " " + recorded.getRequestLine());
      assertEquals("key-" + round, recorded.getHeaders().get("API-Key"));
      assertEquals(otp, recorded.getHeaders().get("API-OTP"), "passed through as set, or absent");
    }
  }

  @Test
  void embedMultipartUploadsAreSignedOverTheExactBytesSent() throws Exception {
    // A document upload: text, JSON and file parts built by the runtime as the generated service does.
    String secret = Reference.randomSecret(new Random(7), 64);
    EmbedSigningInterceptor embed = EmbedSigningInterceptor.builder(new ApiCredentials("k", secret)).build();
    byte[] file = new byte[3000];
    new Random(8).nextBytes(file);
    okhttp3.MultipartBody body = new okhttp3.MultipartBody.Builder().setType(okhttp3.MultipartBody.FORM)
        .addFormDataPart("type", null, io.github.krakensdk.runtime.internal.MultipartParts.text("identity_document"))
        .addPart(okhttp3.MultipartBody.Part.createFormData("metadata", null,
            RequestBody.create("{\"document_type\":\"passport\"}", JSON)))
        .addPart(io.github.krakensdk.runtime.internal.MultipartParts.file("front",
            io.github.krakensdk.runtime.call.FilePart.of("front.png", "image/png", file)))
        .build();
    RecordedRequest recorded = send(embed, TestRequests.authenticated()
        .url(server.url("/b2b/verifications/AA29N84GTRQFZL8R")).post(body).build());

    byte[] received = bytes(recorded);
    okio.Buffer written = new okio.Buffer();
    body.writeTo(written);
    assertEquals(written.readByteString(), okio.ByteString.of(received), "the body sent is the caller's, unchanged");
    assertEquals(body.contentType().toString(), recorded.getHeaders().get("Content-Type"), "boundary kept");
    assertEquals(Reference.spotSign(secret, recorded.getTarget(), recorded.getHeaders().get("API-Nonce"), received),
        recorded.getHeaders().get("API-Sign"), "signed over the bytes the server received");
    assertTrue(new String(received, StandardCharsets.ISO_8859_1).contains("filename=\"front.png\""));
  }

  @Test
  void embedSignerNoLongerTouchesServiceVersion() throws Exception {
    // KrakenClient sets Service-Version on every Embed request; the signer neither adds nor changes it.
    String secret = Reference.randomSecret(new Random(4), 64);
    EmbedSigningInterceptor embed = EmbedSigningInterceptor.builder(new ApiCredentials("k", secret)).build();
    RecordedRequest own = send(embed, TestRequests.authenticated().url(server.url("/b2b/x"))
        .header("Service-Version", "2030-01-01").build());
    assertEquals("2030-01-01", own.getHeaders().get("Service-Version"));
    assertEquals(List.of("2030-01-01"), own.getHeaders().values("Service-Version"), "sent once, as set");
    assertEquals("k", own.getHeaders().get("API-Key"), "and the request was signed");
    RecordedRequest none = send(embed.newBuilder().build(), TestRequests.authenticated().url(server.url("/b2b/x")).build());
    assertNull(none.getHeaders().get("Service-Version"));
    assertEquals("k", none.getHeaders().get("API-Key"));
  }

  @Test
  void publicRequestsAreNotSigned() throws Exception {
    // No RequestSecurity tag and no @Security: a public operation (RequestSecurityTest covers Retrofit's).
    ApiCredentials credentials = new ApiCredentials("k", Reference.randomSecret(new Random(5), 64));
    RecordedRequest assets = send(SpotSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/0/public/Assets?asset=XBT")).build());
    assertNull(assets.getHeaders().get("API-Sign"));
    assertNull(assets.getHeaders().get("API-Key"));
    RecordedRequest history = send(FuturesSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/derivatives/api/v3/history?symbol=PF_XBTUSD")).build());
    assertNull(history.getHeaders().get("Authent"));
    assertNull(history.getHeaders().get("APIKey"));
  }

  @Test
  void untaggedRequestsAreNotSignedWhateverTheirUrl() throws Exception {
    // Nothing is inferred from the URL any more: a private-looking path without a tag is public.
    ApiCredentials credentials = new ApiCredentials("k", Reference.randomSecret(new Random(6), 64));
    RecordedRequest spot = send(SpotSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/0/private/Balance")).post(RequestBody.create("a=1", null)).build());
    assertNull(spot.getHeaders().get("API-Key"));
    assertNull(spot.getHeaders().get("API-Sign"));
    assertEquals("a=1", spot.getBody().utf8(), "no nonce was put in");
    RecordedRequest futures = send(FuturesSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/derivatives/api/v3/accounts")).build());
    assertNull(futures.getHeaders().get("APIKey"));
    assertNull(futures.getHeaders().get("Authent"));
    assertNull(futures.getHeaders().get("Nonce"));
    RecordedRequest embed = send(EmbedSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/b2b/users/AA00000000000000")).build());
    assertNull(embed.getHeaders().get("API-Key"));
    assertNull(embed.getHeaders().get("API-Sign"));
    assertNull(embed.getHeaders().get("API-Nonce"));
    // A request tagged public is not signed either.
    RecordedRequest tagged = send(EmbedSigningInterceptor.builder(credentials).build(),
        new Request.Builder().url(server.url("/b2b/users/AA00000000000000"))
            .tag(RequestSecurity.class, RequestSecurity.PUBLIC).build());
    assertNull(tagged.getHeaders().get("API-Key"));
  }

  private RecordedRequest send(okhttp3.Interceptor interceptor, Request request) throws Exception {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    OkHttpClient client = base.newBuilder().addNetworkInterceptor(interceptor).build();
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest recorded = server.takeRequest();
    assertTrue(recorded.getTarget().startsWith("/"));
    return recorded;
  }

  /**
   * The request of {@code round}: in every four rounds a GET and a PUT without a body, then
   * shapes 2 and 3, which {@code otherShapes} puts on a builder that has the URL.
   */
  private static Request requestOfRound(
      int round, HttpUrl url, BiFunction<Integer, Request.Builder, Request.Builder> otherShapes) {
    Request.Builder builder = TestRequests.authenticated().url(url);
    switch (round % 4) {
      case 0:
        return builder.get().build();
      case 1:
        return builder.put(RequestBody.create(new byte[0], null)).build();
      default:
        return otherShapes.apply(round % 4, builder).build();
    }
  }

  /** The nonce sent in {@code header}, which must be the last one drawn. */
  private String lastNonceIn(RecordedRequest recorded, String header) {
    String nonce = recorded.getHeaders().get(header);
    assertEquals(Long.toString(nonces.get()), nonce);
    return nonce;
  }

  private static byte[] bytes(RecordedRequest recorded) {
    return recorded.getBody() == null ? new byte[0] : recorded.getBody().toByteArray();
  }

  /** A URL under {@code prefix} with random (encoded) path segments and a random query. */
  private HttpUrl randomUrl(Random random, String... prefix) {
    HttpUrl.Builder url = server.url("/").newBuilder();
    for (String segment : prefix) url.addPathSegment(segment);
    for (int i = random.nextInt(3); i >= 0; i--) {
      // "." and ".." would be resolved away by HttpUrl; a letter keeps the segment literal.
      url.addPathSegment("s" + randomText(random));
    }
    int shape = random.nextInt(5);
    if (shape == 1) {
      url.encodedQuery(""); // a bare '?': OkHttp still sends it, so it is signed
    } else if (shape >= 2) {
      for (int i = random.nextInt(4); i >= 0; i--) {
        if (random.nextInt(4) == 0) {
          url.addEncodedQueryParameter("raw" + i + "[]", "A%20b+c");
        } else {
          url.addQueryParameter(randomText(random), randomText(random));
        }
      }
    }
    return url.build();
  }

  private static String randomText(Random random) {
    StringBuilder out = new StringBuilder();
    for (int i = 1 + random.nextInt(8); i > 0; i--) out.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    return out.toString();
  }

  /** A form body as FormBody would encode it, possibly empty. */
  private static String randomForm(Random random) throws Exception {
    int fields = random.nextInt(5);
    if (fields == 0) return "";
    FormBody.Builder form = new FormBody.Builder();
    for (int i = 0; i < fields; i++) form.add(randomText(random), randomText(random));
    okio.Buffer buffer = new okio.Buffer();
    form.build().writeTo(buffer);
    return buffer.readUtf8();
  }

  /** A JSON object with no top-level nonce, varied whitespace, escapes and nesting. */
  private static String randomJsonObject(Random random) {
    int members = random.nextInt(5);
    if (members == 0) return "{}";
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < members; i++) {
      if (i > 0) out.append(random.nextBoolean() ? "," : " ,\n ");
      out.append('"').append("m").append(i).append(jsonEscape(randomText(random))).append("\":");
      switch (random.nextInt(5)) {
        case 0:
          out.append('"').append(jsonEscape(randomText(random))).append('"');
          break;
        case 1:
          out.append(random.nextInt(100000)).append(".25e-3");
          break;
        case 2:
          out.append("[true, null, {\"nonce\": 1}]");
          break;
        case 3:
          out.append(" \"\\u00e9\\n\" ");
          break;
        default:
          out.append("{\"a\":{\"b\":[]}}");
      }
    }
    return out.append('}').toString();
  }

  private static String jsonEscape(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
