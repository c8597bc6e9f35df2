package io.github.krakensdk.sandbox.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's own verifier against vectors that owe nothing to the SDK: Kraken's published
 * AddOrder example, and values computed with {@code openssl dgst} from the documented algorithms.
 */
class SignaturesTest {
  private static final String SECRET =
      "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==";

  @Test
  void spotMatchesKrakensPublishedExample() {
    byte[] body = "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25"
        .getBytes(StandardCharsets.UTF_8);
    assertEquals("4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==",
        Signatures.apiSign(SECRET, "/0/private/AddOrder", "1616492376594", body));
  }

  @Test
  void spotSignatureCoversPathNonceAndBody() {
    byte[] body = "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25"
        .getBytes(StandardCharsets.UTF_8);
    String published = "4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==";
    assertNotEqual(published, Signatures.apiSign(SECRET, "/0/private/CancelOrder", "1616492376594", body));
    assertNotEqual(published, Signatures.apiSign(SECRET, "/0/private/AddOrder", "1616492376595", body));
    assertNotEqual(published, Signatures.apiSign(SECRET, "/0/private/AddOrder", "1616492376594",
        "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.26"
            .getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void futuresSignsTheEndpointPathWithoutDerivatives() {
    // printf 'symbol=PF_XBTUSD1616492376594/api/v3/self-trade-strategy' | openssl dgst -sha256 -binary
    //     | openssl dgst -sha512 -mac HMAC -macopt hexkey:<secret as hex> -binary | base64
    String expected = "h/deD81j/f+Oh11BmNrhalOW/6Liy76mKoHapeYBoAJZIcJEcidTwL9Ki+eHahjmTqgXMrVS5ZVc1E2+X4sKBQ==";
    byte[] postData = "symbol=PF_XBTUSD".getBytes(StandardCharsets.UTF_8);
    assertEquals(expected,
        Signatures.authent(SECRET, "/derivatives/api/v3/self-trade-strategy", postData, "1616492376594"));
    assertEquals(expected, Signatures.authent(SECRET, "/api/v3/self-trade-strategy", postData, "1616492376594"));
  }

  @Test
  void webhookV1AndItsCheck() {
    // printf '1700000000.{"event_type":"webhook.test"}' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<secret as hex>
    String v1 = "d06d2f9e7fc6fa9e3a57b0bac9cb5d52383ee6032c7e33e1321834a230c85725";
    byte[] body = "{\"event_type\":\"webhook.test\"}".getBytes(StandardCharsets.UTF_8);
    assertEquals(v1, Signatures.webhookV1(SECRET, "1700000000", body));
    assertNull(Signatures.webhookProblem(SECRET, "t=1700000000,v1=00,v1=" + v1.toUpperCase(), body, 1700000100));
    assertEquals("t is 301 s away from now; tolerance is 300 s",
        Signatures.webhookProblem(SECRET, "t=1700000000,v1=" + v1, body, 1700000301));
    assertEquals("no v1 signature matches the body and the webhook secret",
        Signatures.webhookProblem(SECRET, "t=1700000001,v1=" + v1, body, 1700000001));
    assertEquals("the header has no t", Signatures.webhookProblem(SECRET, "v1=" + v1, body, 1700000000));
    assertEquals("no X-Signature header", Signatures.webhookProblem(SECRET, null, body, 1700000000));
  }

  private static void assertNotEqual(String unexpected, String actual) {
    org.junit.jupiter.api.Assertions.assertNotEquals(unexpected, actual);
  }
}
