package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.nio.charset.StandardCharsets;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

final class SpotSignerTest {
  /** The published example of PUBLIC-SERVICE.md, verbatim. */
  static final String SECRET =
      "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==";
  static final String NONCE = "1616492376594";
  static final String BODY =
      "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25";
  static final String PATH = "/0/private/AddOrder";
  static final String EXPECTED =
      "4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==";

  @StartStop final MockWebServer server = TestServers.noDelay();

  @Test
  void publishedExample() {
    String signature =
        new SpotSigner(SECRET).sign(PATH, NONCE, BODY.getBytes(StandardCharsets.UTF_8));
    assertEquals(EXPECTED, signature);
  }

  @Test
  void describesItselfWithoutTheSecret() {
    String text = new SpotSigner(SECRET).toString();
    assertEquals("SpotSigner{secret=██}", text);
    assertFalse(text.contains(SECRET.substring(0, 8)));
  }

  @Test
  void publishedExampleThroughTheInterceptor() throws Exception {
    // The caller builds the order without a nonce; the interceptor puts it first and signs.
    server.enqueue(new MockResponse.Builder().body("{\"error\":[],\"result\":{}}").build());
    SpotSigningInterceptor spot =
        SpotSigningInterceptor.builder(new ApiCredentials("the-key", SECRET))
            .nonceSource(() -> 1616492376594L)
            .build();
    OkHttpClient client = KrakenHttpClients.newBuilder().addNetworkInterceptor(spot).build();
    FormBody order =
        new FormBody.Builder()
            .add("ordertype", "limit")
            .add("pair", "XBTUSD")
            .add("price", "37500")
            .add("type", "buy")
            .add("volume", "1.25")
            .build();
    Request request = TestRequests.authenticated().url(server.url(PATH)).post(order).build();
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest recorded = server.takeRequest();
    assertEquals(BODY, recorded.getBody().utf8());
    assertEquals(EXPECTED, recorded.getHeaders().get("API-Sign"));
    assertEquals("the-key", recorded.getHeaders().get("API-Key"));
    assertEquals(
        "application/x-www-form-urlencoded", recorded.getHeaders().get("Content-Type"));
  }

  @Test
  void signatureCoversPathQueryNonceAndBody() throws Exception {
    SpotSigner signer = new SpotSigner(SECRET);
    byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
    String base = signer.sign(PATH, NONCE, body);
    assertFalse(base.equals(signer.sign(PATH + "?x=1", NONCE, body)));
    assertFalse(base.equals(signer.sign(PATH, "1616492376595", body)));
    assertFalse(base.equals(signer.sign(PATH, NONCE, (BODY + "0").getBytes(StandardCharsets.UTF_8))));
    assertEquals(
        Reference.spotSign(SECRET, "/b2b/x?y=1", "7", new byte[0]),
        signer.sign("/b2b/x?y=1", "7", new byte[0]));
  }

  @Test
  void refusesBadSecretsWithoutEchoingThem() {
    IllegalArgumentException blank =
        assertThrows(IllegalArgumentException.class, () -> new SpotSigner("   "));
    assertEquals("base64Secret is blank", blank.getMessage());
    String notBase64 = "not-base64-secret!";
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> new SpotSigner(notBase64));
    assertFalse(bad.getMessage().contains(notBase64));
    assertFalse(bad.getMessage().contains("-"), "the decoder's message quotes a character");
    assertEquals(null, bad.getCause());
    assertThrows(NullPointerException.class, () -> new SpotSigner(null));
  }
}
