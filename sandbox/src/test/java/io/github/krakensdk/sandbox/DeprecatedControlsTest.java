package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;
import java.math.BigDecimal;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The string-typed controls 1.0.0 published, deprecated since 1.1.0 for the typed ones: they still
 * work, and read and move the same state as their replacements. The only callers left on purpose.
 */
@SuppressWarnings("deprecation") // what is tested is the deprecated methods themselves
class DeprecatedControlsTest {
  private final MutableClock clock = MutableClock.at(Instant.parse("2026-11-28T09:00:00Z"));
  @RegisterExtension final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void spotAndFuturesReadsAgreeWithTheTypedOnes(Sandbox sandbox) {
    assertEquals(sandbox.spot().earnAllocation(SpotFamily.STRATEGY_SOL).allocated(),
        sandbox.earnAllocated(SpotFamily.STRATEGY_SOL));
    assertEquals(sandbox.spot().earnAllocation(SpotFamily.STRATEGY_SOL).pending(),
        sandbox.earnPending(SpotFamily.STRATEGY_SOL));
    assertEquals(Optional.empty(), sandbox.webSocketsTokenKey("no such token"));
    assertEquals(sandbox.futures().selfTradeStrategy(), sandbox.selfTradeStrategy());
    assertEquals(sandbox.futures().assignmentPreferences(), sandbox.assignmentPreferences());
  }

  @Test
  void theEncryptedSecretIsTheDemoClientsEitherWay(Sandbox sandbox) throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance("RSA").generateKeyPair();
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    for (String encrypted : List.of(sandbox.encryptedClientSecret(pair.getPublic()),
        sandbox.oauth().encryptedClientSecret(pair.getPublic()))) {
      cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
      assertEquals(sandbox.credentials().oauthConfidentialClientSecret(),
          new String(cipher.doFinal(java.util.Base64.getDecoder().decode(encrypted)), "UTF-8"));
    }
  }

  @Test
  void embedControlsMoveTheSameWorld(Sandbox sandbox) {
    String user = Seed.USER_IIBAN;
    assertEquals(sandbox.embed().autoEarnEnabled(user), sandbox.autoEarnEnabled(user));
    String webhookId = sandbox.credentials().webhookId();
    assertEquals(sandbox.embed().webhook(webhookId), sandbox.webhook(webhookId));
    assertEquals(sandbox.embed().settlementReportIds(), sandbox.settlementReportIds());

    BigDecimal usd = sandbox.embed().balances(user).getOrDefault("USD", BigDecimal.ZERO);
    sandbox.moveEmbedBalance(user, "deposit", "USD", new BigDecimal("10.00"), "D-OLD");
    sandbox.embed().moveBalance(user, EmbedMovementKind.DEPOSIT, "USD", new BigDecimal("5.00"), "D-NEW");
    assertEquals(0, usd.add(new BigDecimal("15.00")).compareTo(sandbox.embedBalance(user, "USD")));
    assertEquals(0, sandbox.embedFundsBalance(user, "USD").compareTo(sandbox.embed().balances(user).get("USD")));

    String refId = sandbox.embedPartnerDeposit("BTC", new BigDecimal("2"));
    assertTrue(sandbox.embed().transferStatus(refId).isPresent());
    assertEquals(Optional.empty(), sandbox.embedQuoteStatus("no such quote"));
    assertEquals(Optional.empty(), sandbox.embedCustomOrderStatus("no such order"));

    int before = sandbox.embed().eventTypes().size();
    String id = sandbox.publishEmbedEvent("user.verified", user, Map.of());
    assertTrue(id != null && !id.isEmpty());
    assertEquals(WebhookEventType.USER_VERIFIED, sandbox.embed().eventTypes().get(before));
    assertEquals(sandbox.embed().eventTypes().stream().map(WebhookEventType::value).toList(), sandbox.embedEventTypes());

    sandbox.disableEmbedUser(Seed.SECOND_USER_IIBAN);
    sandbox.closeEmbedUser(Seed.SECOND_USER_IIBAN);
    assertEquals(List.of("user.disabled", "user.closed"), sandbox.embedEventTypes(Seed.SECOND_USER_IIBAN));
  }

  @Test
  void rewardsReadTheSameEitherWay(Sandbox sandbox) {
    sandbox.embed().publishEvent(WebhookEventType.REWARD_PAID, Seed.USER_IIBAN,
        Map.of("amount", Map.of("asset", "ETH", "amount", "0.00230136")));
    List<AssetAmount> typed = sandbox.embed().rewardsPaid(Seed.USER_IIBAN);
    assertEquals(List.of(AssetAmount.builder().asset("ETH").amount(new BigDecimal("0.00230136")).build()), typed);
    assertEquals(typed.stream().map(r -> r.asset() + " " + r.amount().toPlainString()).toList(),
        sandbox.embedRewardsPaid(Seed.USER_IIBAN));
  }
}
