package io.github.krakensdk.examples.consumer;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;

/**
 * A client team's project written from the README alone: the SDK from a Maven repository through
 * {@code kraken-bom}, and the README's trading example (place an order by {@code cl_ord_id},
 * handle an unknown outcome, cancel it by the same id) against the embedded sandbox, with its
 * demo Spot key. The code between the markers is the README's snippet as written, but for the
 * client builder pointed at the sandbox (ReadmeSnippetsTest checks that they agree).
 *
 * <pre>{@code
 * mvn -B package   # builds and runs this, printing "cancelled 1 order"
 * }</pre>
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      String spotKey = sandbox.credentials().spot().credentials().key();
      String spotSecret = sandbox.credentials().spot().secret();
      // README: trading example
      try (KrakenClient trader = KrakenClient.builder().environment(sandbox.environment())
          .spotCredentials(new ApiCredentials(spotKey, spotSecret))
          .build()) {
        String clOrdId = UUID.randomUUID().toString(); // yours: the way back to the order
        try {
          trader.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
              .volume(new BigDecimal("0.01")).price(OrderPrice.of(new BigDecimal("30000"))).clientOrderId(clOrdId));
        } catch (KrakenTransportException e) {
          if (!e.outcomeUnknown()) {
            throw e; // nothing reached Kraken: sending it again is safe
          }
          // It may have been placed: look it up by your id instead of placing it twice.
          Map<String, OrderInfo> open = trader.spot().getOpenOrders(r -> r.clientOrderId(clOrdId)).open();
          if (open.isEmpty()) {
            throw e; // not resting in the book: check getClosedOrders(r -> r.clientOrderId(clOrdId)) before re-sending
          }
        }
        OrdersCancelled cancelled = trader.spot().cancelOrder(r -> r.clientOrderId(clOrdId));
        System.out.println("cancelled " + cancelled.count() + " order"); // cancelled 1 order
      }
      // README: end
    }
  }
}
