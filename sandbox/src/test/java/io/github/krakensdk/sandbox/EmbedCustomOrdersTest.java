package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedQuotes;
import io.github.krakensdk.sandbox.internal.embed.EmbedState;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderCondition;
import io.github.krakensdk.embed.model.CustomOrderList;
import io.github.krakensdk.embed.model.CustomOrderStatusValue;
import io.github.krakensdk.embed.model.CustomOrderTrigger;
import io.github.krakensdk.embed.model.CustomOrderTriggerType;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.QuoteAction;
import io.github.krakensdk.embed.model.QuoteAmount;
import io.github.krakensdk.embed.model.QuoteCounterAsset;
import io.github.krakensdk.embed.model.QuoteType;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Embed custom orders: triggers on the sandbox price in both directions, failed executions, cancels, paging. */
class EmbedCustomOrdersTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  static QuoteAction spend(String asset, String amount, String forAsset) {
    return QuoteAction.builder().type(QuoteType.SPEND)
        .amount(QuoteAmount.builder().asset(asset).amount(new BigDecimal(amount)).build())
        .quote(QuoteCounterAsset.builder().asset(forAsset).build()).build();
  }

  static CustomOrderTrigger btcUsd(String target, CustomOrderCondition condition) {
    return CustomOrderTrigger.builder().type(CustomOrderTriggerType.PRICE).baseAsset("BTC").quoteAsset("USD")
        .targetPrice(new BigDecimal(target)).condition(condition).build();
  }

  static CustomOrder place(KrakenClient kraken, String user, QuoteAction action, CustomOrderTrigger trigger) {
    return kraken.embed().createCustomOrder(r -> r.user(user).name("order").action(action).trigger(trigger)).order();
  }

  @Test
  void aBuyTheDipOrderExecutesWhenThePriceFallsToItsTarget(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    CustomOrder order = place(kraken, USER, spend("USD", "1000.00", "BTC"), btcUsd("95000", CustomOrderCondition.LTE));
    assertEquals(CustomOrderStatusValue.ACTIVE, order.status().status());
    assertEquals("0", order.action().feeBps(), "defaults written back");

    sandbox.embed().setPrice("BTC", new BigDecimal("95001"));
    assertEquals(CustomOrderStatusValue.ACTIVE, status(kraken, order), "not yet at the target");
    clock.advance(java.time.Duration.ofMinutes(5));
    sandbox.embed().setPrice("BTC", new BigDecimal("95000"));
    CustomOrder executed = kraken.embed().getCustomOrder(r -> r.orderId(order.id()).user(USER)).order();
    assertEquals(CustomOrderStatusValue.COMPLETED, executed.status().status());
    assertEquals(START.plusSeconds(300), executed.updatedAt().toInstant());
    Map<String, BigDecimal> balances = sandbox.embed().balances(USER);
    assertEquals(new BigDecimal("24000.00"), balances.get("USD"));
    assertTrue(balances.get("BTC").compareTo(new BigDecimal("0.51")) > 0, "about 0.0104 BTC more: " + balances);

    EmbedState.Event event = lastEvent(sandbox);
    assertEquals("custom_order.executed", event.type());
    assertEquals(USER, event.iiban());
    assertEquals(order.id(), event.data().get("custom_order_id"));
    assertEquals(Map.of("type", "price", "base_asset", "BTC", "quote_asset", "USD", "target_price", "95000",
        "condition", "lte"), event.data().get("trigger"));
    sandbox.embed().setPrice("BTC", new BigDecimal("90000"));
    assertEquals(new BigDecimal("24000.00"), sandbox.embed().balances(USER).get("USD"), "executes once");
  }

  @Test
  void aTakeTheProfitOrderExecutesWhenThePriceRises(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    CustomOrder order = place(kraken, USER, spend("BTC", "0.10000000", "USD"), btcUsd("120000", CustomOrderCondition.GTE));
    sandbox.embed().setPrice("BTC", new BigDecimal("119999.99"));
    assertEquals(CustomOrderStatusValue.ACTIVE, status(kraken, order));
    sandbox.embed().setPrice("BTC", new BigDecimal("125000"));
    assertEquals(CustomOrderStatusValue.COMPLETED, status(kraken, order));
    assertEquals(new BigDecimal("0.40000000"), sandbox.embed().balances(USER).get("BTC"));
    assertTrue(sandbox.embed().balances(USER).get("USD").compareTo(new BigDecimal("37000")) > 0);
  }

  @Test
  void aConditionThatAlreadyHoldsExecutesAtOnce(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    CustomOrder order = place(kraken, USER, spend("USD", "100.00", "BTC"), btcUsd("150000", CustomOrderCondition.LTE));
    assertEquals(CustomOrderStatusValue.COMPLETED, order.status().status());
    assertEquals(new BigDecimal("24900.00"), sandbox.embed().balances(USER).get("USD"));
  }

  @Test
  void anOrderTheBalanceCannotPayIsPausedWithTheReason(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    CustomOrder order = place(kraken, USER, spend("USD", "20000.00", "BTC"), btcUsd("90000", CustomOrderCondition.LTE));
    // The user spends most of the USD elsewhere before the trigger.
    place(kraken, USER, spend("USD", "10000.00", "BTC"), btcUsd("200000", CustomOrderCondition.LTE));
    sandbox.embed().setPrice("BTC", new BigDecimal("89000"));
    CustomOrder paused = kraken.embed().getCustomOrder(r -> r.orderId(order.id()).user(USER)).order();
    assertEquals(CustomOrderStatusValue.PAUSED, paused.status().status());
    assertEquals(EmbedQuotes.INSUFFICIENT_FUNDS, paused.status().reason());
    assertEquals("custom_order.execution_failed", lastEvent(sandbox).type());
    assertEquals(new BigDecimal("15000.00"), sandbox.embed().balances(USER).get("USD"), "nothing moved");
    sandbox.embed().setPrice("BTC", new BigDecimal("80000"));
    assertEquals(CustomOrderStatusValue.PAUSED, status(kraken, order), "a paused order does not trigger again");
  }

  @Test
  void cancellingStopsTheOrderOnceAndAnnouncesIt(KrakenClient kraken, Sandbox sandbox) {
    CustomOrder order = place(kraken, USER, spend("USD", "100.00", "BTC"), btcUsd("1000", CustomOrderCondition.LTE));
    CustomOrder cancelled = kraken.embed().cancelCustomOrder(r -> r.orderId(order.id()).user(USER)).order();
    assertEquals(CustomOrderStatusValue.CANCELLED, cancelled.status().status());
    assertEquals("custom_order.cancelled", lastEvent(sandbox).type());
    KrakenServiceException again = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().cancelCustomOrder(r -> r.orderId(order.id()).user(USER)).order());
    assertEquals(422, again.httpStatus());
    assertTrue(again.hasError(EmbedErrorCode.NEXUS_CUSTOM_ORDER_NOT_CANCELLABLE), again.errors().toString());
    sandbox.embed().setPrice("BTC", new BigDecimal("900"));
    assertEquals(CustomOrderStatusValue.CANCELLED, status(kraken, order), "a cancelled order does not trigger");
    assertEquals(new BigDecimal("25000.00"), sandbox.embed().balances(USER).get("USD"));
  }

  @Test
  void refusesBadOrdersAndUsersThatMayNotTrade(KrakenClient kraken, Sandbox sandbox) {
    KrakenServiceException unknownTrigger = assertThrows(KrakenServiceException.class, () -> place(kraken, USER,
        spend("USD", "100.00", "BTC"), CustomOrderTrigger.builder().type(CustomOrderTriggerType.PRICE)
            .baseAsset("DOGE").quoteAsset("USD").targetPrice(BigDecimal.ONE).condition(CustomOrderCondition.LTE).build()));
    assertEquals(422, unknownTrigger.httpStatus());
    assertTrue(unknownTrigger.hasError(EmbedErrorCode.NEXUS_UNKNOWN_TRIGGER_ASSET), unknownTrigger.errors().toString());
    KrakenServiceException tooSmall = assertThrows(KrakenServiceException.class,
        () -> place(kraken, USER, spend("USD", "0.01", "BTC"), btcUsd("1000", CustomOrderCondition.LTE)));
    assertTrue(tooSmall.hasError(EmbedErrorCode.API_QUANTITY_IS_TOO_SMALL_FOR_ASSET), tooSmall.errors().toString());
    KrakenServiceException foreign = assertThrows(KrakenServiceException.class, () -> place(kraken,
        Seed.OTHER_PARTNER_USER_IIBAN, spend("USD", "100.00", "BTC"), btcUsd("1000", CustomOrderCondition.LTE)));
    assertEquals(404, foreign.httpStatus());
    CustomOrder mine = place(kraken, USER, spend("USD", "100.00", "BTC"), btcUsd("1000", CustomOrderCondition.LTE));
    KrakenServiceException otherUser = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getCustomOrder(r -> r.orderId(mine.id()).user(Seed.SECOND_USER_IIBAN)).order());
    assertTrue(otherUser.hasError(EmbedErrorCode.NEXUS_CUSTOM_ORDER_NOT_FOUND), otherUser.errors().toString());
  }

  @Test
  void listsNewestFirstPageByPageWithTheFilterCarriedByTheCursor(KrakenClient kraken, Sandbox sandbox) {
    List<String> placed = new ArrayList<>();
    for (int i = 0; i < 45; i++) {
      placed.add(0, place(kraken, USER, spend("USD", "10.00", "BTC"), btcUsd("1000", CustomOrderCondition.LTE)).id());
    }
    String cancelled = placed.get(3);
    kraken.embed().cancelCustomOrder(r -> r.orderId(cancelled).user(USER)).order();
    place(kraken, Seed.SECOND_USER_IIBAN, spend("USD", "10.00", "BTC"), btcUsd("1000", CustomOrderCondition.LTE));

    List<String> seen = new ArrayList<>();
    CustomOrderList page = kraken.embed().listCustomOrders(r -> r.user(USER)
        .statuses(List.of(CustomOrderStatusValue.ACTIVE)));
    int pages = 1;
    seen.addAll(page.orders().stream().map(CustomOrder::id).toList());
    while (page.nextCursor() != null) {
      String cursor = page.nextCursor();
      page = kraken.embed().listCustomOrders(r -> r.user(USER).cursor(cursor));
      pages++;
      seen.addAll(page.orders().stream().map(CustomOrder::id).toList());
    }
    List<String> expected = new ArrayList<>(placed);
    expected.remove(cancelled);
    assertEquals(expected, seen);
    assertEquals(3, pages, "44 orders, 20 a page");
    assertNull(page.nextCursor());

    String firstCursor = kraken.embed().listCustomOrders(r -> r.user(USER)).nextCursor();
    assertNotNull(firstCursor);
    KrakenServiceException stolen = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listCustomOrders(r -> r.user(Seed.SECOND_USER_IIBAN).cursor(firstCursor)));
    assertEquals(400, stolen.httpStatus(), "a cursor is for the user it was made for");
  }

  private static CustomOrderStatusValue status(KrakenClient kraken, CustomOrder order) {
    return kraken.embed().getCustomOrder(r -> r.orderId(order.id()).user(USER)).order().status().status();
  }

  private static EmbedState.Event lastEvent(Sandbox sandbox) {
    List<EmbedState.Event> events = sandbox.embedQuotesState().events();
    return events.get(events.size() - 1);
  }
}
