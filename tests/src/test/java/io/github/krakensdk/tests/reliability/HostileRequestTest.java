package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.FuturesSigner;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.spot.model.GetTradeVolumeRequest;
import io.github.krakensdk.tests.contract.Contracts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import java.net.URI;

/**
 * Requests the SDK would never send, sent to the sandbox raw: oversized bodies, nesting a hundred
 * thousand levels deep, invalid UTF-8, line breaks and broken escapes in path parameters, replayed
 * nonces, signatures made with another key, the tokens and codes of another OAuth client, another
 * partner's webhook, a webhook pointed at the sandbox itself. Each is refused with its family's
 * error (an answer the contract allows: {@link SandboxExtension} checks every answer against it),
 * and the sandbox keeps serving: a public and a signed SDK call succeed after every case.
 *
 * <p>Requests are signed correctly unless the case is about the signature, so that each one gets
 * past authentication to the check it is aimed at.
 */
class HostileRequestTest {
  @RegisterExtension
  static final SandboxExtension EXTENSION = new SandboxExtension();

  static final int OVERSIZED_BYTES = 2 * 1024 * 1024;
  /** The test user of every sandbox (its README lists it), needed before a sandbox runs to name the cases. */
  static final String DEMO_USER = "AA29N84GTRQFZL8R";
  static final int NESTING = 100_000;
  private static final OkHttpClient BROWSER = new OkHttpClient.Builder().followRedirects(false).build();

  private static Sandbox sandbox;
  private static KrakenClient kraken;

  @BeforeAll
  static void start(Sandbox started) {
    sandbox = started;
    // A key of its own: the hostile requests count on the demo key's call counter, which this
    // client's pacing cannot know of (as with two clients on one key).
    kraken = started.newClientBuilder().spotCredentials(started.spot().newKey().issue().credentials()).build();
  }

  @AfterAll
  static void stop() {
    kraken.close();
    BROWSER.dispatcher().executorService().shutdown();
    BROWSER.connectionPool().evictAll();
  }

  /** One hostile request: what it is, what the family must answer, and how to send it. */
  record Hostile(String family, String what, String expected, Function<Sandbox, RawHttp.Answer> send) {
    String id() {
      return "hostile " + family + ": " + what;
    }
  }

  static List<Hostile> hostiles() {
    List<Hostile> all = new ArrayList<>();
    String iiban = DEMO_USER;
    // ---- oversized bodies ----
    all.add(new Hostile("Spot", "body of 2 MiB (limit 1 MiB)", "HTTP 200, EGeneral:Invalid arguments",
        s -> spot(s, "/0/private/TradeVolume", nonce -> json("{\"nonce\":" + nonce + ",\"pair\":\"" + "X".repeat(OVERSIZED_BYTES) + "\"}"))));
    all.add(new Hostile("Futures", "body of 2 MiB (limit 1 MiB)", "HTTP 400, invalidArgument",
        s -> futures(s, "POST", "/derivatives/api/v3/assignmentprogram/delete", "id=48213",
            ("id=48213&pad=" + "X".repeat(OVERSIZED_BYTES)).getBytes(StandardCharsets.UTF_8), s.credentials().futures(),
            null)));
    all.add(new Hostile("OAuth", "body of 2 MiB (limit 1 MiB)", "HTTP 400, invalid_request",
        s -> token(s, basic(s.credentials().oauthConfidentialClientId(), s.credentials().oauthConfidentialClientSecret()),
            "grant_type=refresh_token&refresh_token=" + "X".repeat(OVERSIZED_BYTES))));
    all.add(new Hostile("Embed", "body of 2 MiB (limit 1 MiB)", "HTTP 400, EGeneral:Invalid arguments",
        s -> embed(s, "PATCH", "/b2b/users/" + iiban, json("{\"language\":\"" + "X".repeat(OVERSIZED_BYTES) + "\"}"),
            s.credentials().embed(), null)));
    // ---- deep nesting, invalid UTF-8 ----
    all.add(new Hostile("Spot", "JSON nested 100000 levels deep", "HTTP 200, EGeneral:Invalid arguments",
        s -> spot(s, "/0/private/TradeVolume", nonce -> json("{\"nonce\":" + nonce + ",\"pair\":"
            + "[".repeat(NESTING) + "]".repeat(NESTING) + "}"))));
    all.add(new Hostile("Embed", "JSON nested 100000 levels deep", "HTTP 400, EGeneral:Invalid arguments",
        s -> embed(s, "PATCH", "/b2b/users/" + iiban, json("{\"language\":" + "{\"a\":".repeat(NESTING) + "1"
            + "}".repeat(NESTING) + "}"), s.credentials().embed(), null)));
    all.add(new Hostile("Spot", "invalid UTF-8 in the body", "HTTP 200, EGeneral:Invalid arguments",
        s -> spot(s, "/0/private/TradeVolume", nonce -> concat(json("{\"nonce\":" + nonce + ",\"pair\":\"XBT"),
            new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28}, json("\"}")))));
    all.add(new Hostile("Embed", "invalid UTF-8 in the body", "HTTP 400, EGeneral:Invalid arguments",
        s -> embed(s, "PATCH", "/b2b/users/" + iiban, concat(json("{\"language\":\"d"),
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, json("\"}")), s.credentials().embed(), null)));
    // ---- path parameters ----
    all.add(new Hostile("Embed", "CRLF and a Set-Cookie header in a path parameter",
        "HTTP 400, EGeneral:Invalid arguments; no header injected",
        s -> embed(s, "PATCH", "/b2b/users/" + iiban + "%0D%0ASet-Cookie:%20session=stolen",
            json("{\"language\":\"de\"}"), s.credentials().embed(), null)));
    all.add(new Hostile("Embed", "NUL byte in a path parameter (%00)", "HTTP 404, ENexus:User not found",
        s -> embed(s, "PATCH", "/b2b/users/" + iiban + "%00", json("{\"language\":\"de\"}"), s.credentials().embed(),
            null)));
    all.add(new Hostile("Embed", "invalid UTF-8 in a path parameter (%FF%FE)", "HTTP 404, ENexus:Webhook not found",
        s -> embed(s, "PATCH", "/b2b/webhooks/WH7K2M-QP4XD-%FF%FE", json("{\"enabled\":true}"), s.credentials().embed(),
            null)));
    // Not a URI: the JDK's HTTP server answers before any handler runs, so no family sees it.
    all.add(new Hostile("Embed", "broken percent-escape in a path parameter (%ZZ)",
        "HTTP 400, not JSON (text/html)",
        s -> embed(s, "GET", "/b2b/earn/%ZZ" + iiban, null, s.credentials().embed(), null)));
    // ---- replayed nonces ----
    all.add(new Hostile("Spot", "replayed nonce", "HTTP 200, EAPI:Invalid nonce", s -> {
      long nonce = NonceSource.system().nextNonce();
      byte[] body = json("{\"nonce\":" + nonce + "}");
      requireOk(spotSigned(s, "/0/private/TradeVolume", nonce, body, s.credentials().spot(), s.credentials().spot()));
      return spotSigned(s, "/0/private/TradeVolume", nonce, body, s.credentials().spot(), s.credentials().spot());
    }));
    all.add(new Hostile("Futures", "replayed nonce", "HTTP 400, nonceDuplicate", s -> {
      String nonce = Long.toUnsignedString(NonceSource.system().nextNonce());
      requireOk(futures(s, "GET", "/derivatives/api/v3/notifications", null, null, s.credentials().futures(), nonce));
      return futures(s, "GET", "/derivatives/api/v3/notifications", null, null, s.credentials().futures(), nonce);
    }));
    all.add(new Hostile("Embed", "replayed nonce", "HTTP 401, EAPI:Invalid nonce", s -> {
      long nonce = NonceSource.system().nextNonce();
      requireOk(embed(s, "GET", "/b2b/earn/" + iiban, null, s.credentials().embed(), nonce));
      return embed(s, "GET", "/b2b/earn/" + iiban, null, s.credentials().embed(), nonce);
    }));
    all.add(new Hostile("Funding", "the nonce a Spot call of the key already used", "HTTP 401, InvalidNonce", s -> {
      // One counter per key for /0/private (body nonce) and /funding (API-Nonce).
      long nonce = NonceSource.system().nextNonce();
      requireOk(spotSigned(s, "/0/private/TradeVolume", nonce, json("{\"nonce\":" + nonce + "}"), s.credentials().spot(),
          s.credentials().spot()));
      return embed(s, "GET", "/funding/v1/networks", null, s.credentials().spot(), nonce);
    }));
    all.add(new Hostile("Funding", "body of 2 MiB (limit 1 MiB)", "HTTP 400, InvalidArguments",
        s -> embed(s, "PUT", "/funding/v1/deposit/address", json("{\"method_id\":\"" + "X".repeat(OVERSIZED_BYTES) + "\"}"),
            s.credentials().spot(), null)));
    // ---- signatures from another key ----
    all.add(new Hostile("Funding", "signature made with another key's secret", "HTTP 401, InvalidSignature",
        s -> embed(s, "GET", "/funding/v1/networks", null, s.credentials().spot(), null, s.spot().newKey().issue())));
    all.add(new Hostile("Spot", "signature made with another key's secret", "HTTP 200, EAPI:Invalid signature", s -> {
      long nonce = NonceSource.system().nextNonce();
      return spotSigned(s, "/0/private/TradeVolume", nonce, json("{\"nonce\":" + nonce + "}"), s.credentials().spot(),
          s.spot().newKey().issue());
    }));
    all.add(new Hostile("Futures", "signature made with another key's secret", "HTTP 401, authenticationError",
        s -> futures(s, "GET", "/derivatives/api/v3/notifications", null, null, s.credentials().futures(), null,
            s.credentials().futuresReadOnly())));
    all.add(new Hostile("Embed", "signature made with another key's secret", "HTTP 401, EAPI:Invalid signature",
        s -> embed(s, "GET", "/b2b/earn/" + iiban, null, s.credentials().embed(), null, s.embed().newKey())));
    // ---- what belongs to another client ----
    all.add(new Hostile("OAuth", "refresh token of another client", "HTTP 400, invalid_grant", s -> {
      SandboxCredentials demo = s.credentials();
      String refresh = tokens(s).get("refresh_token").asText();
      return token(s, basic(demo.oauthPublicClientId(), ""), "grant_type=refresh_token&refresh_token=" + refresh);
    }));
    all.add(new Hostile("OAuth", "authorization code of another client", "HTTP 400, invalid_grant", s -> {
      SandboxCredentials demo = s.credentials();
      String code = code(s, demo.oauthConfidentialClientId());
      return token(s, basic(demo.oauthPublicClientId(), ""), "grant_type=authorization_code&code=" + code
          + "&redirect_uri=" + java.net.URLEncoder.encode(demo.redirectUri(), StandardCharsets.UTF_8));
    }));
    all.add(new Hostile("OAuth", "refresh token presented as a bearer token", "HTTP 401, invalid_token", s -> {
      String refresh = tokens(s).get("refresh_token").asText();
      return RawHttp.send(s.baseUrl(), "GET", "/oauth/userinfo", Map.of("Authorization", "Bearer " + refresh), null);
    }));
    all.add(new Hostile("Embed", "another partner's webhook", "HTTP 404, ENexus:Webhook not found",
        s -> embed(s, "PATCH", "/b2b/webhooks/" + s.credentials().foreignWebhookId(), json("{\"enabled\":false}"),
            s.credentials().embed(), null)));
    all.add(new Hostile("Embed", "webhook URL pointing at the sandbox itself", "HTTP 400, EGeneral:Invalid arguments",
        s -> {
          String webhook = s.credentials().webhookId();
          s.embed().setWebhookUrl(webhook, URI.create(s.baseUrl() + "b2b/webhooks/" + webhook + "/test"));
          try {
            return embed(s, "POST", "/b2b/webhooks/" + webhook + "/test", null, s.credentials().embed(), null);
          } finally {
            s.embed().setWebhookUrl(webhook, URI.create(s.baseUrl() + "sandbox/webhooks/" + webhook));
          }
        }));
    all.add(new Hostile("Embed", "webhook URL pointing at the sandbox by another name (localhost)",
        "HTTP 400, EGeneral:Invalid arguments", s -> {
          String webhook = s.credentials().webhookId();
          s.embed().setWebhookUrl(webhook, URI.create("http://localhost:" + s.port() + "/b2b/webhooks/" + webhook + "/test"));
          try {
            return embed(s, "POST", "/b2b/webhooks/" + webhook + "/test", null, s.credentials().embed(), null);
          } finally {
            s.embed().setWebhookUrl(webhook, URI.create(s.baseUrl() + "sandbox/webhooks/" + webhook));
          }
        }));
    return all;
  }

  /** Every case, for the table in RELIABILITY.md. */
  static List<ReliabilityCase> cases() {
    return hostiles().stream().map(h -> new ReliabilityCase(h.id(), h.expected() + "; still serving")).toList();
  }

  @TestFactory
  Stream<DynamicTest> eachIsRefusedWithTheFamilysError() {
    return hostiles().stream().map(hostile -> dynamicTest(hostile.id(), () -> {
      RawHttp.Answer answer = hostile.send().apply(sandbox);
      String observed = "HTTP " + answer.status() + ", " + error(hostile.family(), answer);
      if (hostile.expected().endsWith("; no header injected")) {
        assertNull(answer.header("Set-Cookie"), "a header was injected: " + answer.headers());
        observed += "; no header injected";
      }
      observed += stillServing() ? "; still serving" : "; NOT SERVING";
      Observations.record(hostile.id(), observed);
      assertEquals(hostile.expected() + "; still serving", observed, () -> "answer: " + answer.text());
      ReliabilityTable.assertObserved(hostile.id(), hostile.expected() + "; still serving", observed);
    }));
  }

  /** A public and a signed call through the SDK both succeed. */
  private static boolean stillServing() {
    return !kraken.spot().listAssets(r -> r.asset("XBT")).isEmpty()
        && kraken.spot().getTradeVolume(GetTradeVolumeRequest.builder().build()).volume() != null;
  }

  /**
   * The family's error in the answer: a Spot or Embed error string's category and message, a
   * Funding problem's code, or the code.
   */
  static String error(String family, RawHttp.Answer answer) {
    JsonNode body;
    try {
      body = Contracts.JSON.readTree(answer.body());
    } catch (IOException | RuntimeException e) {
      return "not JSON (" + answer.header("Content-Type") + ")";
    }
    JsonNode error = body.path("error");
    return switch (family) {
      case "Spot", "Embed" -> {
        if (!error.isArray() || error.isEmpty()) {
          yield "no error: " + Contracts.writeJson(body);
        }
        String[] parts = error.get(0).asText().split(":", 3);
        yield parts.length < 2 ? parts[0] : parts[0] + ":" + parts[1];
      }
      // Funding (Beta): problem+json, the code the tag of its type after the last ':'.
      case "Funding" -> body.path("type").isTextual()
          ? body.get("type").asText().substring(body.get("type").asText().lastIndexOf(':') + 1)
          : "no problem: " + Contracts.writeJson(body);
      default -> error.isTextual() ? error.asText() : "no error: " + Contracts.writeJson(body);
    };
  }

  // ---- requests, signed as each family signs them ----

  interface BodyForNonce {
    byte[] body(long nonce);
  }

  static RawHttp.Answer spot(Sandbox s, String path, BodyForNonce body) {
    long nonce = NonceSource.system().nextNonce();
    return spotSigned(s, path, nonce, body.body(nonce), s.credentials().spot(), s.credentials().spot());
  }

  /** A Spot POST carrying {@code key}'s API-Key, signed with {@code signer}'s secret. */
  static RawHttp.Answer spotSigned(Sandbox s, String path, long nonce, byte[] body, SandboxKey key, SandboxKey signer) {
    String sign = new SpotSigner(signer.secret()).sign(path, Long.toUnsignedString(nonce), body);
    return RawHttp.send(s.baseUrl(), "POST", path,
        Map.of("API-Key", key.key(), "API-Sign", sign, "Content-Type", "application/json"), body);
  }

  static RawHttp.Answer futures(Sandbox s, String method, String path, String query, byte[] body, SandboxKey key,
      String nonce) {
    return futures(s, method, path, query, body, key, nonce, key);
  }

  /** A Futures call carrying {@code key}'s APIKey, signed with {@code signer}'s secret. */
  static RawHttp.Answer futures(Sandbox s, String method, String path, String query, byte[] body, SandboxKey key,
      String nonce, SandboxKey signer) {
    String nonceText = nonce != null ? nonce : Long.toUnsignedString(NonceSource.system().nextNonce());
    byte[] postData = body != null && body.length > 0 ? body
        : query == null ? new byte[0] : query.getBytes(StandardCharsets.UTF_8);
    String authent = new FuturesSigner(signer.secret()).sign(path, postData, nonceText);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("APIKey", key.key());
    headers.put("Authent", authent);
    headers.put("Nonce", nonceText);
    if (body != null) {
      headers.put("Content-Type", "application/x-www-form-urlencoded");
    }
    return RawHttp.send(s.baseUrl(), method, query == null ? path : path + "?" + query, headers, body);
  }

  static RawHttp.Answer embed(Sandbox s, String method, String target, byte[] body, SandboxKey key, Long nonce) {
    return embed(s, method, target, body, key, nonce, key);
  }

  /** An Embed call carrying {@code key}'s API-Key, signed with {@code signer}'s secret over the target as sent. */
  static RawHttp.Answer embed(Sandbox s, String method, String target, byte[] body, SandboxKey key, Long nonce,
      SandboxKey signer) {
    String nonceText = Long.toUnsignedString(nonce != null ? nonce : NonceSource.system().nextNonce());
    byte[] bytes = body == null ? new byte[0] : body;
    String sign = new SpotSigner(signer.secret()).sign(target, nonceText, bytes);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("API-Key", key.key());
    headers.put("API-Sign", sign);
    headers.put("API-Nonce", nonceText);
    if (body != null) {
      headers.put("Content-Type", "application/json");
    }
    return RawHttp.send(s.baseUrl(), method, target, headers, body);
  }

  static RawHttp.Answer token(Sandbox s, String authorization, String form) {
    return RawHttp.send(s.baseUrl(), "POST", "/oauth/token", Map.of("Authorization", authorization,
        "Content-Type", "application/x-www-form-urlencoded"), form.getBytes(StandardCharsets.UTF_8));
  }

  static String basic(String clientId, String secret) {
    return "Basic " + Base64.getEncoder().encodeToString((clientId + ":" + secret).getBytes(StandardCharsets.UTF_8));
  }

  /** An authorization code for {@code clientId}, from the sandbox's authorize page. */
  static String code(Sandbox s, String clientId) {
    AuthorizationRequest request = AuthorizationRequest.builder(clientId, s.credentials().redirectUri())
        .authorizeUrl(s.environment().oauthAuthorize()).scopes("account.info:basic").build();
    try (Response page = BROWSER.newCall(new Request.Builder().url(HttpUrl.get(request.url())).build()).execute()) {
      return request.authorizationCode(page.header("Location"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A fresh token pair of the confidential client. */
  static JsonNode tokens(Sandbox s) {
    SandboxCredentials demo = s.credentials();
    String code = code(s, demo.oauthConfidentialClientId());
    RawHttp.Answer answer = token(s, basic(demo.oauthConfidentialClientId(), demo.oauthConfidentialClientSecret()),
        "grant_type=authorization_code&code=" + code + "&redirect_uri="
            + java.net.URLEncoder.encode(demo.redirectUri(), StandardCharsets.UTF_8));
    requireOk(answer);
    return Contracts.readJson(answer.text());
  }

  static RawHttp.Answer requireOk(RawHttp.Answer answer) {
    if (answer.status() != 200 || answer.text().contains("\"error\":[\"")) {
      throw new AssertionError("the set-up request was refused: HTTP " + answer.status() + " " + answer.text());
    }
    return answer;
  }

  static byte[] json(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
