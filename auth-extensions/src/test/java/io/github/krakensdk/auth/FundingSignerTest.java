package io.github.krakensdk.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.nio.charset.StandardCharsets;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * Funding (Beta) signing: the vectors of the research brief (nyg/kraken-api-java's GET /fees test
 * and three more computed with Python's hmac/hashlib), each also recomputed here by {@link
 * Reference} (JDK Mac and MessageDigest, no code shared with the signer) from the bytes the server
 * received; and queries signed exactly as they went on the wire.
 */
final class FundingSignerTest {
  /** Kraken's Spot documentation secret, which the brief's vectors use too. */
  private static final String SECRET = SpotSignerTest.SECRET;
  private static final long NONCE = 1616492376594L;
  private static final String FEES = "/funding/v1/fees/d4ec4d52-b159-428e-ba64-f45455a978a1";
  private static final String ADDRESS_BODY = "{\"scope\":{\"network_id\":\"d9d375da-44b7-4be1-8a00-8b281acfe366\"},"
      + "\"address_details\":{\"crypto\":{\"address\":\"0xBef7B36845cA31045E86D0B46DBCac4e6752\"}},"
      + "\"name\":\"Personal Wallet\"}";
  private static final MediaType JSON = MediaType.get("application/json");

  @StartStop final MockWebServer server = TestServers.noDelay();
  private final OkHttpClient client = KrakenHttpClients.newBuilder()
      .addNetworkInterceptor(FundingSigningInterceptor.builder(new ApiCredentials("the-key", SECRET))
          .nonceSource(() -> NONCE).build())
      .build();

  @Test
  void feeQuoteWithItsQueryMatchesNygsVector() throws Exception {
    RecordedRequest fees = send(get(FEES + "?amount=5&fee_included=true"));
    assertEquals(FEES + "?amount=5&fee_included=true", fees.getTarget());
    assertSigned(fees, "+EH4mm7c+g2d6XOdsx+0rElDQTXFVxuzLIYLgZJwEe80Wi1TMWKDRoQA1dIXD/QFCGEwtvrp32APAoXMXT2k3w==");
    assertEquals(0, fees.getBodySize(), "a GET sends no body");
    assertNull(fees.getHeaders().get("Content-Type"));
  }

  @Test
  void theSamePathWithoutItsQuerySignsDifferently() throws Exception {
    assertSigned(send(get(FEES)), "F/+8Fu9l0eflRYnGUVqc/46gRN36YT4WhZPMeOXVX7SC3CKwaxDCOQDbN8GYRYgdo5AcCwl7jAIdXhHkjfXIAg==");
  }

  @Test
  void networks() throws Exception {
    assertSigned(send(get("/funding/v1/networks")),
        "yYxZeNH5UgFeG841NuiZqm5zjoS3cveFTirBsgZDWnh4fADlRy4dYkKf3FKFDEayhMj1+AAck1mZ0Uihv4PN1w==");
  }

  @Test
  void savingAnAddressSignsTheNonceFollowedByTheJsonBody() throws Exception {
    RecordedRequest saved = send(TestRequests.authenticated().url(server.url("/funding/v1/addresses"))
        .post(RequestBody.create(ADDRESS_BODY, JSON)).build());
    assertSigned(saved, "Lc9l+liE00GWbh8QHewQEfGH3S6pYOjHIiTRyb9s9/Cynw9lIc1Y/z7LW+u8XUAVZ7AUdCrK7wmWYmBXHBp7Kg==");
    assertEquals(ADDRESS_BODY, saved.getBody().utf8(), "the body is sent as given: no nonce in it");
    assertEquals("application/json; charset=utf-8", saved.getHeaders().get("Content-Type"));
  }

  @Test
  void deleteAndBodylessPutHashTheNonceAlone() throws Exception {
    RecordedRequest deleted = send(TestRequests.authenticated()
        .url(server.url("/funding/v1/addresses/AB7J4FF-BGM7G-V2JMIH")).delete().build());
    assertEquals("DELETE", deleted.getMethod());
    assertSigned(deleted, Reference.spotSign(SECRET, "/funding/v1/addresses/AB7J4FF-BGM7G-V2JMIH",
        Long.toString(NONCE), new byte[0]));
    // Retrofit gives a PUT without @Body an empty body with no type: signed as no body at all.
    RecordedRequest put = send(TestRequests.authenticated().url(server.url("/funding/v1/deposit/address"))
        .put(RequestBody.create(new byte[0], null)).build());
    assertSigned(put, Reference.spotSign(SECRET, "/funding/v1/deposit/address", Long.toString(NONCE), new byte[0]));
  }

  @Test
  void bracketsAreSignedAsSentEncodedOrNot() throws Exception {
    // Retrofit's @Query encodes the brackets of deepObject keys; a URL written by hand may not.
    HttpUrl encoded = server.url("/funding/v1/methods/withdraw").newBuilder()
        .addQueryParameter("asset[class]", "currency").addQueryParameter("asset[name]", "USDC").build();
    RecordedRequest percent = send(TestRequests.authenticated().url(encoded).build());
    assertEquals("/funding/v1/methods/withdraw?asset%5Bclass%5D=currency&asset%5Bname%5D=USDC", percent.getTarget());
    assertSigned(percent, null);

    RecordedRequest raw = send(get("/funding/v1/methods/withdraw?asset[class]=currency&asset[name]=USDC"));
    assertEquals("/funding/v1/methods/withdraw?asset[class]=currency&asset[name]=USDC", raw.getTarget());
    assertSigned(raw, null);
    assertNotEquals(percent.getHeaders().get("API-Sign"), raw.getHeaders().get("API-Sign"),
        "the same parameters in two spellings are two signed messages");
  }

  @Test
  void plusAndPercentTwentyAreSignedAsSent() throws Exception {
    HttpUrl base = server.url("/funding/v1/addresses");
    RecordedRequest percent = send(TestRequests.authenticated()
        .url(base.newBuilder().addQueryParameter("cursor", "a b+c").build()).build());
    assertEquals("/funding/v1/addresses?cursor=a%20b%2Bc", percent.getTarget());
    assertSigned(percent, null);

    RecordedRequest plus = send(TestRequests.authenticated()
        .url(base.newBuilder().addEncodedQueryParameter("cursor", "a+b%2Bc").build()).build());
    assertEquals("/funding/v1/addresses?cursor=a+b%2Bc", plus.getTarget());
    assertSigned(plus, null);
    assertNotEquals(percent.getHeaders().get("API-Sign"), plus.getHeaders().get("API-Sign"));
  }

  @Test
  void theOneTimePasswordHeaderPassesThroughUnsigned() throws Exception {
    RecordedRequest withOtp = send(TestRequests.authenticated().url(server.url("/funding/v1/networks"))
        .header("API-OTP", "123456").build());
    assertEquals(List.of("123456"), withOtp.getHeaders().values("API-OTP"), "sent once, as set");
    assertSigned(withOtp, "yYxZeNH5UgFeG841NuiZqm5zjoS3cveFTirBsgZDWnh4fADlRy4dYkKf3FKFDEayhMj1+AAck1mZ0Uihv4PN1w==");
    assertNull(send(get("/funding/v1/networks")).getHeaders().get("API-OTP"), "never added by the signer");
  }

  @Test
  void publicRequestsPassUntouched() throws Exception {
    RecordedRequest untagged = send(new Request.Builder().url(server.url("/funding/v1/networks")).build());
    assertNull(untagged.getHeaders().get("API-Key"));
    assertNull(untagged.getHeaders().get("API-Sign"));
    assertNull(untagged.getHeaders().get("API-Nonce"));
  }

  /**
   * The headers of a signed request: the key, the nonce, and a signature equal to {@code expected}
   * (when given) and to the one {@link Reference} computes from what the server received.
   */
  private static void assertSigned(RecordedRequest recorded, String expected) throws Exception {
    assertEquals("the-key", recorded.getHeaders().get("API-Key"));
    assertEquals(Long.toString(NONCE), recorded.getHeaders().get("API-Nonce"));
    byte[] body = recorded.getBody() == null ? new byte[0] : recorded.getBody().toByteArray();
    String independent = Reference.spotSign(SECRET, recorded.getTarget(), Long.toString(NONCE), body);
    assertEquals(independent, recorded.getHeaders().get("API-Sign"), recorded.getRequestLine());
    if (expected != null) {
      assertEquals(expected, independent, "the brief's vector, recomputed");
    }
    assertTrue(new String(body, StandardCharsets.UTF_8).indexOf("nonce") < 0, "no nonce in the body");
  }

  private Request get(String pathAndQuery) {
    return TestRequests.authenticated().url(server.url("/").resolve(pathAndQuery)).build();
  }

  private RecordedRequest send(Request request) throws Exception {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    return server.takeRequest();
  }
}
