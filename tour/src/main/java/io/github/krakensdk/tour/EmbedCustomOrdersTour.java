package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderCondition;
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
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * The Embed custom orders part of the tour: the followed user places "buy the dip" (spend 50 USD
 * on BTC when BTC falls 5 % below today's price), sees it active, lists it, and the sandbox's BTC
 * price falls through the trigger: the order completes by itself and the balances move. A second
 * order is cancelled.
 */
final class EmbedCustomOrdersTour {
  private static final BigDecimal SPEND = new BigDecimal("50.00");

  private EmbedCustomOrdersTour() {}

  static void run(Tour tour) {
    // The users part sets the followed user; until it runs, the seeded test user.
    String user = tour.embedUser != null ? tour.embedUser : tour.sandbox.credentials().userIiban();
    QuoteAction buyBtc = QuoteAction.builder().type(QuoteType.SPEND)
        .amount(QuoteAmount.builder().asset("USD").amount(SPEND).build())
        .quote(QuoteCounterAsset.builder().asset("BTC").build()).build();
    String[] dip = new String[1];
    BigDecimal[] target = new BigDecimal[1];
    tour.step("createCustomOrder", () -> {
      // The price of now, previewed with a prospective quote as the service's guide suggests.
      BigDecimal today = tour.kraken.embed().requestProspectiveQuote(r -> r.action(buyBtc)).unitPrice().unitPrice();
      target[0] = today.multiply(new BigDecimal("0.95")).setScale(2, RoundingMode.DOWN);
      CustomOrder order = tour.kraken.embed().createCustomOrder(r -> r.user(user).name("Buy the dip")
          .action(buyBtc)
          .trigger(CustomOrderTrigger.builder().type(CustomOrderTriggerType.PRICE).baseAsset("BTC").quoteAsset("USD")
              .targetPrice(target[0]).condition(CustomOrderCondition.LTE).build())).order();
      check(CustomOrderStatusValue.ACTIVE.equals(order.status().status()), "status " + order.status());
      dip[0] = order.id();
      return order.id() + " \"" + order.name() + "\": spend " + SPEND + " USD on BTC when BTC ≤ " + target[0]
          + " USD (now " + today + "), " + order.status().status();
    });
    tour.step("getCustomOrder", () -> {
      CustomOrder order = tour.kraken.embed().getCustomOrder(r -> r.orderId(dip[0]).user(user)).order();
      check(CustomOrderStatusValue.ACTIVE.equals(order.status().status()), "status " + order.status());
      Map<String, BigDecimal> before = tour.sandbox.embed().balances(user);
      // The market falls through the trigger: the sandbox's price moves, the order executes by itself.
      tour.sandbox.embed().setPrice("BTC", target[0].subtract(new BigDecimal("250.00")));
      CustomOrder after = tour.kraken.embed().getCustomOrder(r -> r.orderId(dip[0]).user(user)).order();
      Map<String, BigDecimal> balances = tour.sandbox.embed().balances(user);
      check(CustomOrderStatusValue.COMPLETED.equals(after.status().status()), "after the fall: " + after.status());
      check(before.get("USD").subtract(balances.get("USD")).compareTo(SPEND) == 0,
          "USD " + before.get("USD") + " → " + balances.get("USD"));
      check(balances.get("BTC").compareTo(before.get("BTC")) > 0, "BTC " + before.get("BTC") + " → " + balances.get("BTC"));
      return order.status().status() + "; BTC set to " + target[0].subtract(new BigDecimal("250.00")) + " USD → "
          + after.status().status() + " at " + after.updatedAt().toLocalTime() + ": USD " + before.get("USD") + " → "
          + balances.get("USD") + ", BTC " + before.get("BTC") + " → " + balances.get("BTC");
    });
    String[] rally = new String[1];
    tour.step("cancelCustomOrder", () -> {
      CustomOrder placed = tour.kraken.embed().createCustomOrder(r -> r.user(user).name("Join the rally")
          .action(buyBtc)
          .trigger(CustomOrderTrigger.builder().type(CustomOrderTriggerType.PRICE).baseAsset("BTC").quoteAsset("USD")
              .targetPrice(new BigDecimal("250000.00")).condition(CustomOrderCondition.GTE).build())).order();
      rally[0] = placed.id();
      CustomOrder cancelled = tour.kraken.embed().cancelCustomOrder(r -> r.orderId(placed.id()).user(user)).order();
      check(CustomOrderStatusValue.CANCELLED.equals(cancelled.status().status()), "status " + cancelled.status());
      KrakenServiceException again = expectError(() ->
          tour.kraken.embed().cancelCustomOrder(r -> r.orderId(placed.id()).user(user)).order());
      check(again.hasError(EmbedErrorCode.NEXUS_CUSTOM_ORDER_NOT_CANCELLABLE), "again: " + again.errors());
      return placed.id() + " (BTC ≥ 250000 USD) " + cancelled.status().status() + "; cancelled again → " + again.code();
    });
    tour.step("listCustomOrders", () -> {
      List<CustomOrder> all = tour.kraken.embed().listCustomOrdersPages(r -> r.user(user)).stream().toList();
      check(all.size() >= 2 && all.get(0).id().equals(rally[0]), "newest first: " + all.stream().map(CustomOrder::id).toList());
      List<CustomOrder> completed = tour.kraken.embed().listCustomOrdersPages(r -> r
          .user(user).statuses(List.of(CustomOrderStatusValue.COMPLETED))).stream().toList();
      check(completed.stream().anyMatch(o -> o.id().equals(dip[0])), "completed: " + completed);
      return all.size() + " orders (" + all.stream().map(o -> o.id() + " " + o.status().status()).toList()
          + "); completed only: " + completed.size();
    });
  }
}
