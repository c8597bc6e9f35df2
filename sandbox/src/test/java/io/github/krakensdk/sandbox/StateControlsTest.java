package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.VerificationKind;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Export, reset and import of the whole state through {@code sandbox.state()}. */
class StateControlsTest {
  private final MutableClock clock = MutableClock.at(Instant.parse("2026-11-28T09:00:00Z"));
  @RegisterExtension final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void exportResetAndImportRoundTrip(Sandbox sandbox, KrakenClient kraken) throws Exception {
    SandboxState seed = sandbox.state().export();
    Map<String, BigDecimal> seedBalances = sandbox.spot().balances();

    // A world: an order resting, another filled, a deposit credited, an Embed user verified
    // (its webhook delivery), a key with its tier.
    BigDecimal price = sandbox.spot().lastPrice("XBTUSD").multiply(new BigDecimal("0.9")).setScale(1, RoundingMode.DOWN);
    String resting = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(new BigDecimal("0.01"))).txid();
    sandbox.spot().arriveDeposit("BTC", "Bitcoin", new BigDecimal("0.25"));
    sandbox.time().advance(Duration.ofMinutes(10));
    // The demo webhook is subscribed to the custom-order and quote events only: add user.verified,
    // delivered to the sandbox's own receiver (its default URL).
    String webhook = sandbox.credentials().webhookId();
    kraken.embed().updateWebhook(r -> r.webhookId(webhook).events(List.of("custom_order.executed",
        "custom_order.execution_failed", "quote.executed", "user.verified")));
    String iiban = EmbedUsersTest.createUser(kraken, "state-1");
    kraken.embed().submitVerificationUrl(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(EmbedUsersTest.check()).frontUrl("https://kyc.example.com/c/front.jpg"));
    sandbox.embed().approveVerification(iiban);
    assertEquals(List.of("user.verified"), sandbox.embedEventTypes(iiban));
    SandboxKey extra = sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_QUERY).issue();
    Map<String, BigDecimal> balances = sandbox.spot().balances();
    List<WebhookDelivery> deliveries = delivered(sandbox);
    assertEquals(List.of("user.verified"), deliveries.stream().map(WebhookDelivery::eventType).toList());
    assertNotEquals(seedBalances, balances);

    SandboxState world = sandbox.state().export();
    assertTrue(world.toJson().startsWith("{\n  \"format\": 1,\n  \"clock\": \"2026-11-28T09:10:00Z\""),
        world.toJson().substring(0, 80));

    sandbox.state().reset();
    assertTrue(sandbox.embed().webhookDeliveries(webhook).isEmpty());
    assertEquals(seedBalances, sandbox.spot().balances());
    assertThrows(IllegalArgumentException.class, () -> sandbox.embed().verified(iiban));
    assertThrows(IllegalArgumentException.class, () -> sandbox.spot().key(extra.key()));
    assertFalse(kraken.spot().getOpenOrders().open().containsKey(resting));
    assertEquals(Instant.parse("2026-11-28T09:10:00Z"), sandbox.time().now(), "the clock never runs backwards");

    sandbox.state().restore(world);
    assertEquals(world, sandbox.state().export(), "exporting right after an import gives the text imported");
    assertEquals(balances, sandbox.spot().balances());
    assertTrue(sandbox.embed().verified(iiban));
    assertEquals(deliveries, sandbox.embed().webhookDeliveries(webhook));
    assertEquals(Set.of(SpotKeyPermission.FUNDS_QUERY), sandbox.spot().key(extra.key()).permissions());
    assertTrue(kraken.spot().getOpenOrders().open().containsKey(resting));
    assertEquals(balances, kraken.spot().getBalance());

    sandbox.state().restore(seed);
    assertEquals(seedBalances, sandbox.spot().balances());
  }

  /** The deliveries of the demo webhook once the verification's has been delivered (they are sent in the background). */
  static List<WebhookDelivery> delivered(Sandbox sandbox) throws InterruptedException {
    List<WebhookDelivery> deliveries = List.of();
    for (int i = 0; i < 100; i++) {
      deliveries = sandbox.embed().webhookDeliveries(sandbox.credentials().webhookId());
      if (deliveries.stream().anyMatch(d -> d.eventType().equals("user.verified")
          && d.status() == WebhookDelivery.Status.DELIVERED)) {
        return deliveries;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("user.verified not delivered: " + deliveries);
  }

  @Test
  void aDocumentOfAnotherFormatIsRefusedAndChangesNothing(Sandbox sandbox) {
    SandboxState before = sandbox.state().export();
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> sandbox.state().restore(SandboxState.fromJson(before.toJson().replace("\"format\": 1", "\"format\": 2"))));
    assertEquals("format: this sandbox reads state documents of format 1, not 2", refused.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> sandbox.state().restore(SandboxState.fromJson("{\"format\": 1, \"clock\": \"2026-11-28T09:00:00Z\"}")));
    assertEquals("nonces: missing", missing.getMessage());
    assertEquals(before, sandbox.state().export());
  }
}
