package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.Signatures;

import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Signatures and nonces as the service checks them: {@code API-Sign} (Spot, Embed) and {@code
 * Authent} (Futures) are recomputed for the keys the sandbox issued, and a nonce must be above the
 * last one the key used.
 */
class AuthenticationTest {
  /** A sandbox per test: some tests push a key's nonce to the top on purpose. */
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension();
  static final String SPOT_OK = "{\"error\":[],\"result\":";

  // ---- Spot ----

  @Test
  void spotAcceptsTheSignatureOfTheKeysItIssued(Sandbox sandbox) {
    Raw.Answer answer = new Raw(sandbox).spot("/0/private/TradeVolume", sandbox.credentials().spot(), Raw.nonce(), "");
    assertEquals(200, answer.status());
    assertTrue(answer.body().startsWith(SPOT_OK), answer.body());
  }

  @Test
  void spotRefusesAnUnknownKeyAndABadSignatureWithHttp200(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey demo = sandbox.credentials().spot();
    SandboxKey stranger = new SandboxKey("SBXSPOTnobody", demo.secret());
    assertEquals(new Raw.Answer(200, "{\"error\":[\"EAPI:Invalid key\"]}", null).body(),
        raw.spot("/0/private/TradeVolume", stranger, Raw.nonce(), "").body());
    SandboxKey wrongSecret = new SandboxKey(demo.key(), Base64.getEncoder().encodeToString(new byte[64]));
    Raw.Answer forged = raw.spot("/0/private/TradeVolume", wrongSecret, Raw.nonce(), "");
    assertEquals(200, forged.status());
    assertEquals("{\"error\":[\"EAPI:Invalid signature\"]}", forged.body());
  }

  @Test
  void theSignatureCoversTheBodyExactly(Sandbox sandbox) {
    SandboxKey key = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    String signedBody = "{\"nonce\":" + nonce + ",\"pair\":\"XBTUSD\"}";
    String sentBody = "{\"nonce\":" + nonce + ",\"pair\":\"ETHUSD\"}";
    String sign = new SpotSigner(key.secret()).sign("/0/private/TradeVolume", Long.toString(nonce),
        signedBody.getBytes(StandardCharsets.UTF_8));
    Raw.Answer answer = new Raw(sandbox).spotSigned("/0/private/TradeVolume", key, Long.toString(nonce), sentBody, sign);
    assertEquals("{\"error\":[\"EAPI:Invalid signature\"]}", answer.body());
  }

  @Test
  void spotNonceMustBeAboveTheLastOne(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    assertTrue(raw.spot("/0/private/TradeVolume", key, nonce, "").body().startsWith(SPOT_OK));
    assertEquals("{\"error\":[\"EAPI:Invalid nonce\"]}", raw.spot("/0/private/TradeVolume", key, nonce, "").body());
    assertEquals("{\"error\":[\"EAPI:Invalid nonce\"]}",
        raw.spot("/0/private/TradeVolume", key, nonce - 1, "").body());
    assertTrue(raw.spot("/0/private/TradeVolume", key, Raw.nonce(), "").body().startsWith(SPOT_OK));
  }

  @Test
  void aForgedRequestDoesNotMoveTheNonce(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().spot();
    SandboxKey forger = new SandboxKey(key.key(), Base64.getEncoder().encodeToString(new byte[64]));
    long low = Raw.nonce();
    long high = Raw.nonce() + 1_000_000;
    assertEquals("{\"error\":[\"EAPI:Invalid signature\"]}", raw.spot("/0/private/TradeVolume", forger, high, "").body());
    assertTrue(raw.spot("/0/private/TradeVolume", key, low, "").body().startsWith(SPOT_OK),
        "the genuine, lower nonce still passes");
  }

  @Test
  void eachKeyHasItsOwnNonces(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey other = sandbox.spot().newKey().issue();
    long nonce = Raw.nonce();
    assertTrue(raw.spot("/0/private/TradeVolume", sandbox.credentials().spot(), nonce, "").body().startsWith(SPOT_OK));
    assertTrue(raw.spot("/0/private/TradeVolume", other, nonce, "").body().startsWith(SPOT_OK));
  }

  @Test
  void theSdkSeesTypedExceptions(Sandbox sandbox) {
    try (KrakenClient stranger = sandbox.newClientBuilder()
        .spotCredentials(new ApiCredentials("SBXSPOTnobody", sandbox.credentials().spot().secret())).build()) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> stranger.spot().getTradeVolume(r -> {}));
      assertInstanceOf(AuthenticationException.class, e);
    }
    // A client whose nonces lag behind another's on the same key: the client re-signs and re-sends
    // a refused request up to 3 times, then the caller gets the rejection.
    Raw raw = new Raw(sandbox);
    raw.spot("/0/private/TradeVolume", sandbox.credentials().spot(), Long.MAX_VALUE - 1, "");
    long rejectedBefore = sandbox.nonceRejections();
    try (KrakenClient kraken = sandbox.newClient()) {
      NonceRejectedException e = assertThrows(NonceRejectedException.class,
          () -> kraken.spot().getTradeVolume(r -> {}));
      assertEquals(java.util.List.of("EAPI:Invalid nonce"), e.errors());
      assertEquals(3, kraken.nonceResends());
      assertEquals(4, sandbox.nonceRejections() - rejectedBefore, "the request and its 3 re-sends");
    }
  }

  // ---- Futures ----

  static final String FUTURES = "/derivatives/api/v3";

  @Test
  void futuresChecksKeyAuthentAndNonce(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().futures();
    String nonce = Long.toString(Raw.nonce());
    Raw.Answer ok = raw.futures("PUT", FUTURES, "/self-trade-strategy?strategy=CANCEL_MAKER_CHILD", key, nonce);
    assertEquals(200, ok.status(), ok.body());
    assertTrue(ok.body().contains("\"strategy\":\"CANCEL_MAKER_CHILD\""), ok.body());

    Raw.Answer duplicate = raw.futures("GET", FUTURES, "/notifications", key, nonce);
    assertTrue(duplicate.body().contains("\"error\":\"nonceDuplicate\""), duplicate.body());
    Raw.Answer below = raw.futures("GET", FUTURES, "/notifications", key, Long.toString(Long.parseLong(nonce) - 5));
    assertTrue(below.body().contains("\"error\":\"nonceBelowThreshold\""), below.body());

    Raw.Answer unknown = raw.futures("GET", FUTURES, "/notifications", new SandboxKey("nobody", key.secret()),
        Long.toString(Raw.nonce()));
    assertEquals(401, unknown.status());
    assertTrue(unknown.body().contains("\"error\":\"authenticationError\""), unknown.body());
    Raw.Answer forged = raw.futures("GET", FUTURES, "/notifications",
        new SandboxKey(key.key(), sandbox.credentials().futuresReadOnly().secret()), Long.toString(Raw.nonce()));
    assertEquals(401, forged.status());
  }

  @Test
  void futuresAuthentCoversTheQueryString(Sandbox sandbox) {
    SandboxKey key = sandbox.credentials().futures();
    String nonce = Long.toString(Raw.nonce());
    String authent = new io.github.krakensdk.auth.FuturesSigner(key.secret())
        .sign(FUTURES + "/self-trade-strategy", "strategy=REJECT_TAKER", nonce);
    Raw.Answer tampered = new Raw(sandbox).send(new okhttp3.Request.Builder()
        .url(sandbox.baseUrl() + "derivatives/api/v3/self-trade-strategy?strategy=CANCEL_MAKER_ANY")
        .header("APIKey", key.key()).header("Authent", authent).header("Nonce", nonce)
        .put(okhttp3.RequestBody.create(new byte[0], null)).build());
    assertEquals(401, tampered.status());
  }

  @Test
  void futuresRequiresTheNonceHeaderAsTheContractDoes(Sandbox sandbox) {
    Raw.Answer answer = new Raw(sandbox).futures("GET", FUTURES, "/pnlpreferences", sandbox.credentials().futures(),
        null);
    assertEquals(401, answer.status(), answer.body());
    assertTrue(answer.body().contains("\"error\":\"authenticationError\""), answer.body());
  }

  @Test
  void theSdkSeesNonceRejectionsOnFuturesAsNonceRejectedException(Sandbox sandbox) {
    new Raw(sandbox).futures("GET", FUTURES, "/notifications", sandbox.credentials().futures(),
        Long.toString(Long.MAX_VALUE - 1));
    try (KrakenClient kraken = sandbox.newClient()) {
      assertThrows(NonceRejectedException.class, () -> kraken.futures().getNotifications());
      assertEquals(3, kraken.nonceResends(), "re-signed and re-sent before giving up");
    }
  }

  // ---- Embed ----

  @Test
  void embedRefusalsAreHttp401(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().embed();
    String path = "/b2b/earn/" + Seed.USER_IIBAN;
    long nonce = Raw.nonce();
    Raw.Answer ok = raw.embed("GET", path, null, key, nonce);
    assertEquals(200, ok.status(), ok.body());
    Raw.Answer replay = raw.embed("GET", path, null, key, nonce);
    assertEquals(401, replay.status());
    assertEquals("{\"error\":[\"EAPI:Invalid nonce\"]}", replay.body());
    Raw.Answer unknown = raw.embed("GET", path, null, new SandboxKey("nobody", key.secret()), Raw.nonce());
    assertEquals("{\"error\":[\"EAPI:Invalid key\"]}", unknown.body());
    Raw.Answer forged = raw.embed("GET", path, null, new SandboxKey(key.key(), sandbox.credentials().spot().secret()),
        Raw.nonce());
    assertEquals(401, forged.status());
    assertEquals("{\"error\":[\"EAPI:Invalid signature\"]}", forged.body());
  }

  @Test
  void embedSignsPathQueryNonceAndBody(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().embed();
    Raw.Answer withQuery = raw.embed("GET", "/b2b/portfolio/" + Seed.USER_IIBAN + "/history?resolution=30", null, key,
        Raw.nonce());
    assertEquals(200, withQuery.status(), withQuery.body());
    Raw.Answer withBody = raw.embed("PATCH", "/b2b/users/" + Seed.USER_IIBAN, "{\"language\":\"de\"}", key,
        Raw.nonce());
    assertEquals(200, withBody.status(), withBody.body());
    assertEquals("de", sandbox.userProfile(Seed.USER_IIBAN).language());
  }
}
