package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.RedactingLoggingInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.RedactingLogging.Level;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;
import okio.BufferedSink;
import org.junit.jupiter.api.Test;

/**
 * The exact lines each level logs, the body limits and the builder (issue 12, mutation testing):
 * {@link RedactingLoggingTest} proves no secret reaches the log, this pins what does.
 */
final class RedactingLoggingInterceptorTest {
  private static final MediaType JSON = MediaType.get("application/json");
  @StartStop final MockWebServer server = TestServers.noDelay();
  private final List<String> log = new CopyOnWriteArrayList<>();

  private List<String> call(RedactingLoggingInterceptor logging, Request request) throws IOException {
    OkHttpClient client = new OkHttpClient.Builder().addInterceptor(logging).build();
    try (Response response = client.newCall(request).execute()) {
      response.body().string();
    }
    // A call here takes well under 100 s: a duration of more digits is a wrong one.
    return log.stream().map(l -> l.replaceAll("\\(\\d{1,5}ms\\)", "(Tms)")).toList();
  }

  private RedactingLoggingInterceptor at(Level level) {
    return new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).level(level).build());
  }

  @Test void noneLogsNothing() throws IOException {
    server.enqueue(new MockResponse.Builder().body("x").build());
    assertEquals(List.of(), call(at(Level.NONE), new Request.Builder().url(server.url("/a")).build()));
  }

  @Test void basicLogsTheLinesOnlyWithSecretParametersHidden() throws IOException {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    String url = server.url("/a").toString();
    assertEquals(List.of("--> GET " + url + "?code=██&x=1", "<-- 200 OK " + url + "?code=██&x=1 (Tms)"),
        call(at(Level.BASIC), new Request.Builder().url(url + "?code=abc&x=1").addHeader("API-Key", "k").build()));
  }

  @Test void theDefaultLevelIsBasic() throws IOException {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    assertEquals(2, call(new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).build()),
        new Request.Builder().url(server.url("/a")).build()).size());
  }

  @Test void headersLogsHeadersButNoBody() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Set-Cookie", "s=1").addHeader("X-Plain", "p").body("{\"a\":1}").build());
    String url = server.url("/h").toString();
    List<String> lines = call(at(Level.HEADERS), new Request.Builder().url(url)
        .addHeader("api-sign", "sig").addHeader("X-Mine", "visible").build());
    assertEquals("--> GET " + url, lines.get(0));
    assertEquals("api-sign: ██", lines.get(1));
    assertEquals("X-Mine: visible", lines.get(2));
    assertEquals("--> END GET", lines.get(3));
    assertEquals("<-- 200 OK " + url + " (Tms)", lines.get(4));
    assertTrue(lines.contains("Set-Cookie: ██"), lines::toString);
    assertTrue(lines.contains("X-Plain: p"), lines::toString);
    assertEquals("<-- END HTTP", lines.get(lines.size() - 1));
    assertTrue(lines.stream().noneMatch(l -> l.contains("\"a\"") || l.contains("-byte body")), lines::toString);
  }

  @Test void bodyLogsBothBodiesRedacted() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
        .body("{\"access_token\":\"t\",\"n\":1}").build());
    List<String> lines = call(at(Level.BODY), new Request.Builder().url(server.url("/b"))
        .post(RequestBody.create("{\"password\":\"p\"}", JSON)).build());
    int requestBody = lines.indexOf("{\"password\":\"██\"}");
    assertTrue(requestBody > 0, lines::toString);
    assertEquals("(16-byte body)", lines.get(requestBody + 1));
    assertEquals("--> END POST", lines.get(requestBody + 2));
    int responseBody = lines.indexOf("{\"access_token\":\"██\",\"n\":1}");
    assertTrue(responseBody > requestBody, lines::toString);
    assertEquals("(26-byte body)", lines.get(responseBody + 1));
    assertEquals("<-- END HTTP", lines.get(responseBody + 2));
  }

  @Test void anEmptyBodyLogsOnlyItsSize() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/plain").body("").build());
    List<String> lines = call(at(Level.BODY), new Request.Builder().url(server.url("/e")).build());
    assertEquals("(0-byte body)", lines.get(lines.size() - 2));
    assertFalse(lines.contains(""), "an empty body logs no empty line: " + lines);
  }

  @Test void bodiesAreCutAtTheLimit() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/plain").body("0123456789").build());
    RedactingLoggingInterceptor logging = new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).level(Level.BODY).maxBodyBytes(4).build());
    List<String> lines = call(logging, new Request.Builder().url(server.url("/t"))
        .post(RequestBody.create("abcd", MediaType.get("text/plain"))).build());
    assertTrue(lines.contains("abcd"), lines::toString);
    assertTrue(lines.contains("(4-byte body)"), "exactly at the limit is not cut: " + lines);
    assertTrue(lines.contains("0123"), lines::toString);
    assertTrue(lines.contains("(body truncated at 4 bytes)"), lines::toString);
  }

  @Test void binaryBodiesAreNotLogged() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "image/png").body("PNGDATA").build());
    List<String> lines = call(at(Level.BODY), new Request.Builder().url(server.url("/p"))
        .post(RequestBody.create(new byte[] {(byte) 0xff, (byte) 0xfe, 0x00}, null)).build());
    assertTrue(lines.contains("(binary body of 3 bytes not logged)"), "not UTF-8, no type: " + lines);
    assertTrue(lines.contains("(binary body of 7 bytes not logged)"), "image/png: " + lines);
  }

  @Test void aBinaryBodyCutAtTheLimitSaysMoreThan() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/octet-stream").body("0123456789").build());
    RedactingLoggingInterceptor logging = new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).level(Level.BODY).maxBodyBytes(4).build());
    List<String> lines = call(logging, new Request.Builder().url(server.url("/o")).build());
    assertTrue(lines.contains("(binary body of more than 4 bytes not logged)"), lines::toString);
  }

  @Test void aUtf8CharacterCutAtTheLimitStillLogsTheText() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/plain").body("ab€").build());
    RedactingLoggingInterceptor logging = new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).level(Level.BODY).maxBodyBytes(3).build());
    List<String> lines = call(logging, new Request.Builder().url(server.url("/u")).build());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("ab") && !l.startsWith("(")), lines::toString);
    assertTrue(lines.contains("(body truncated at 3 bytes)"), lines::toString);
  }

  @Test void textualTypesAreLogged() throws IOException {
    for (String type : List.of("text/csv", "application/problem+json", "application/x-www-form-urlencoded",
        "application/xml", "application/atom+xml", "TEXT/PLAIN")) {
      log.clear();
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", type).body("v=1").build());
      List<String> lines = call(at(Level.BODY), new Request.Builder().url(server.url("/x")).build());
      assertTrue(lines.contains("v=1"), type + ": " + lines);
    }
  }

  @Test void aOneShotBodyIsNotConsumed() throws Exception {
    server.enqueue(new MockResponse.Builder().body("").build());
    RequestBody oneShot = new RequestBody() {
      @Override public MediaType contentType() { return JSON; }
      @Override public boolean isOneShot() { return true; }
      @Override public void writeTo(BufferedSink sink) throws IOException { sink.writeUtf8("{}"); }
    };
    List<String> lines = call(at(Level.BODY), new Request.Builder().url(server.url("/1")).post(oneShot).build());
    assertTrue(lines.contains("(one-shot or duplex body not logged)"), lines::toString);
    assertEquals("{}", server.takeRequest().getBody().utf8());
  }

  @Test void aGzipBodyIsLoggedInflated() throws IOException {
    Buffer gzipped = new Buffer();
    try (okio.BufferedSink sink = okio.Okio.buffer(new okio.GzipSink(gzipped))) {
      sink.writeUtf8("{\"secret\":\"s\",\"v\":2}");
    }
    long zipped = gzipped.size();
    server.enqueue(new MockResponse.Builder().addHeader("Content-Encoding", "gzip")
        .addHeader("Content-Type", "application/json").body(gzipped).build());
    OkHttpClient client = new OkHttpClient.Builder().addNetworkInterceptor(at(Level.BODY)).build();
    try (Response response = client.newCall(new Request.Builder().url(server.url("/z"))
        .addHeader("Accept-Encoding", "gzip").build()).execute()) {
      assertEquals(zipped, response.body().bytes().length, "the caller still gets all of it");
    }
    assertTrue(log.contains("{\"secret\":\"██\",\"v\":2}"), log::toString);
    assertTrue(log.stream().anyMatch(l -> l.matches("--> GET .*/z http/1\\.1")), "a network interceptor names the protocol: " + log);
  }

  @Test void aFailureIsLoggedAndRethrown() {
    server.enqueue(new MockResponse.Builder().onRequestStart(new SocketEffect.CloseSocket()).build());
    OkHttpClient client = new OkHttpClient.Builder().retryOnConnectionFailure(false).addInterceptor(at(Level.BASIC)).build();
    Request request = new Request.Builder().url(server.url("/f?access_token=abc")).build();
    assertThrows(IOException.class, () -> client.newCall(request).execute().close());
    assertTrue(log.get(log.size() - 1).startsWith("<-- HTTP FAILED: "), log::toString);
  }

  @Test void builderChecksAndCopies() {
    RedactingLogging.Builder builder = RedactingLogging.builder(log::add);
    assertEquals("maxBodyBytes < 0", assertThrows(IllegalArgumentException.class, () -> builder.maxBodyBytes(-1)).getMessage());
    builder.maxBodyBytes(0);
    assertEquals("level == null", assertThrows(NullPointerException.class, () -> builder.level(null)).getMessage());
    assertEquals("logger == null", assertThrows(NullPointerException.class, () -> RedactingLogging.builder(null)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.redactHeaders(" "));
    assertThrows(IllegalArgumentException.class, () -> builder.redactFields(""));
    RedactingLogging logging = builder.level(Level.HEADERS).redactHeaders("X-Secret").redactFields("pin").build();
    assertEquals("RedactingLogging{HEADERS}", logging.toString());
    assertEquals("RedactingLogging{HEADERS}", logging.newBuilder().build().toString());
    assertEquals("RedactingLoggingInterceptor{HEADERS}", new RedactingLoggingInterceptor(logging).toString());
  }

  @Test void addedNamesAreHiddenToo() throws IOException {
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json").body("{\"pin\":\"1234\"}").build());
    RedactingLoggingInterceptor logging = new RedactingLoggingInterceptor(RedactingLogging.builder(log::add).level(Level.BODY)
        .redactHeaders("X-Secret").redactFields("pin").build().newBuilder().build());
    List<String> lines = call(logging, new Request.Builder().url(server.url("/n")).addHeader("X-Secret", "s").build());
    assertTrue(lines.contains("X-Secret: ██"), lines::toString);
    assertTrue(lines.contains("{\"pin\":\"██\"}"), lines::toString);
    assertTrue(lines.contains("(14-byte body)"), lines::toString);
  }
}
