package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.Seed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.VerificationKind;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The typed controls ({@code sandbox.spot()}, {@code .embed()}, ...) that the story test does not cover. */
class ControlsTest {
  private final MutableClock clock = MutableClock.at(Instant.parse("2026-11-28T09:00:00Z"));
  @RegisterExtension final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void theClockMovesForwardOnly(Sandbox sandbox) {
    assertEquals(clock.instant(), sandbox.time().now());
    assertEquals(Instant.parse("2026-11-28T09:10:00Z"), sandbox.time().advance(Duration.ofMinutes(10)));
    assertEquals(Instant.parse("2026-11-28T10:00:00Z"), sandbox.time().set(Instant.parse("2026-11-28T10:00:00Z")));
    IllegalStateException back = assertThrows(IllegalStateException.class,
        () -> sandbox.time().set(Instant.parse("2026-11-28T09:00:00Z")));
    assertTrue(back.getMessage().contains("never runs backwards"), back.getMessage());
    assertEquals(Instant.parse("2026-11-28T10:00:00Z"), clock.instant());
  }

  @Test
  void aSpotKeyIsReadBackWithItsTierAndPermissions(Sandbox sandbox) {
    SandboxKey key = sandbox.spot().newKey().tier(SpotRateTier.INTERMEDIATE)
        .permissions(SpotKeyPermission.FUNDS_QUERY).issue();
    SpotKeyState state = sandbox.spot().key(key.key());
    assertEquals(SpotRateTier.INTERMEDIATE, state.tier());
    assertEquals(Set.of(SpotKeyPermission.FUNDS_QUERY), state.permissions());
    assertEquals(0, state.callCounter().signum());
    assertThrows(IllegalArgumentException.class, () -> sandbox.spot().key("SBXNOSUCHKEY"));
  }

  @Test
  void aSpotDepositIsCreditedTenMinutesLater(Sandbox sandbox) {
    BigDecimal before = sandbox.spot().balances().getOrDefault("XXBT", BigDecimal.ZERO);
    SpotDeposit deposit = sandbox.spot().arriveDeposit("BTC", "Bitcoin", new BigDecimal("0.25"));
    assertEquals(SpotFundingState.SETTLED, deposit.state());
    assertEquals(0, before.compareTo(sandbox.spot().balances().getOrDefault("XXBT", BigDecimal.ZERO)));
    sandbox.time().advance(Duration.ofMinutes(10));
    assertEquals(SpotFundingState.SUCCESS, sandbox.spot().depositState(deposit.refid()));
    assertEquals(0, before.add(new BigDecimal("0.25")).compareTo(sandbox.spot().balances().get("XXBT")));
    assertThrows(IllegalArgumentException.class, () -> sandbox.spot().arriveDeposit("BTC", "Bitcoin", BigDecimal.ZERO));
    assertThrows(IllegalArgumentException.class, () -> sandbox.spot().arriveDeposit("BTC", "SEPA", BigDecimal.ONE));
  }

  @Test
  void aReadOnlyFuturesKeyCannotChangeTheSelfTradeStrategy(Sandbox sandbox) {
    SandboxKey readOnly = sandbox.futures().newKey(FuturesKeyAccess.READ_ONLY);
    SandboxKey full = sandbox.futures().newKey(FuturesKeyAccess.FULL);
    try (KrakenClient reader = sandbox.newClientBuilder().futuresCredentials(readOnly.credentials()).build();
         KrakenClient writer = sandbox.newClientBuilder().futuresCredentials(full.credentials()).build()) {
      assertThrows(AuthenticationException.class,
          () -> reader.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF)));
      assertEquals(SelfTradeStrategy.CANCEL_MAKER_SELF,
          writer.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF)).strategy());
    }
  }

  @Test
  void aRegisteredOAuthClientMayOpenTheAuthorizePageWithItsRedirect(Sandbox sandbox) throws Exception {
    URI callback = URI.create("http://127.0.0.1:9000/callback");
    SandboxOAuthClient app = sandbox.oauth().newClient(SandboxOAuthClient.Type.PUBLIC, List.of(callback));
    assertEquals(SandboxOAuthClient.Type.PUBLIC, app.type());
    assertTrue(app.clientSecret().isEmpty());
    assertTrue(sandbox.oauth().newClient(SandboxOAuthClient.Type.CONFIDENTIAL, List.of(callback)).clientSecret().isPresent());
    OkHttpClient http = new OkHttpClient.Builder().followRedirects(false).build();
    String page = sandbox.baseUrl() + "oauth/authorize?response_type=code&state=s1&client_id=";
    try (Response known = http.newCall(new Request.Builder().url(page + app.clientId() + "&redirect_uri=" + callback).build()).execute();
         Response other = http.newCall(new Request.Builder().url(page + app.clientId() + "&redirect_uri=http://127.0.0.1:9001/x").build()).execute()) {
      // The sandbox's authorize page approves at once: back to the registered redirect with a code.
      assertEquals(302, known.code(), known.body().string());
      assertTrue(known.header("Location").startsWith(callback + "?code="), known.header("Location"));
      assertEquals(400, other.code());
    }
    assertThrows(IllegalArgumentException.class,
        () -> sandbox.oauth().newClient(SandboxOAuthClient.Type.PUBLIC, List.of(URI.create("ftp://example.com/x"))));
  }

  @Test
  void aRejectedVerificationLeavesTheUserUnverifiedAndAnApprovedOneVerifies(Sandbox sandbox, KrakenClient kraken) {
    String iiban = EmbedUsersTest.createUser(kraken, "controls-1");
    IllegalStateException nothingPending = assertThrows(IllegalStateException.class,
        () -> sandbox.embed().approveVerification(iiban));
    assertTrue(nothingPending.getMessage().contains("no pending verification"), nothingPending.getMessage());
    submit(kraken, iiban);
    sandbox.embed().rejectVerification(iiban);
    clock.advance(Duration.ofMinutes(5));
    assertFalse(sandbox.embed().verified(iiban), "a rejected verification never completes");
    submit(kraken, iiban);
    sandbox.embed().approveVerification(iiban);
    assertTrue(sandbox.embed().verified(iiban));
    assertEquals(List.of("user.verified"), sandbox.embedEventTypes(iiban));
  }

  @Test
  void anEmbedDepositArrivesAtTheUsersAddress(Sandbox sandbox, KrakenClient kraken) {
    kraken.embed().createDepositAddress(r -> r.user(Seed.USER_IIBAN).asset("BTC").methodId(EmbedFundsTest.BITCOIN));
    BigDecimal before = sandbox.embed().balances(Seed.USER_IIBAN).get("BTC");
    String refId = sandbox.embed().deposit(Seed.USER_IIBAN, "BTC", new BigDecimal("0.1"));
    assertEquals(FundingTransactionStatus.PENDING, sandbox.embed().transferStatus(refId).orElseThrow());
    clock.advance(Duration.ofMinutes(1));
    assertEquals(FundingTransactionStatus.SUCCESS, sandbox.embed().transferStatus(refId).orElseThrow());
    assertEquals(0, before.add(new BigDecimal("0.1")).compareTo(sandbox.embed().balances(Seed.USER_IIBAN).get("BTC")));
    assertTrue(sandbox.embed().transferStatus("NOPE").isEmpty());
    assertThrows(IllegalArgumentException.class, () -> sandbox.embed().webhookDeliveries("WHNOPE"));
  }

  private static void submit(KrakenClient kraken, String iiban) {
    kraken.embed().submitVerificationUrl(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(EmbedUsersTest.check()).frontUrl("https://kyc.example.com/c/front.jpg"));
  }
}
