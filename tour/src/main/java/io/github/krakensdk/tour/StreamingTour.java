package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.WebSocketEndpoint;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.BookDepth;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The streaming part of the tour: Spot WebSocket v2 against the sandbox's own WebSocket server,
 * through {@code kraken-websocket}. A BTC/USD book subscribed over WebSocket follows what happens
 * on the exchange over REST: an order the tour places appears as the new best bid, and a trade
 * another participant makes takes it away again; every message's CRC32 matched the book the
 * client built.
 *
 * <p>Its steps are named after the WebSocket channel or method they show ({@code ws:book}), not
 * after a REST operation.
 */
final class StreamingTour {
  /** The lines of this part, in order: {@code ws:} and the channel or method. */
  static final List<String> STEPS = List.of("ws:book");

  private static final String PAIR = "XBTUSD";
  private static final String SYMBOL = "BTC/USD";
  private static final BigDecimal VOLUME = new BigDecimal("0.02");

  private StreamingTour() {}

  static void run(Tour tour) {
    WebSocketEnvironment sandbox = WebSocketEnvironment.PRODUCTION.toBuilder()
        .url(WebSocketEndpoint.SPOT_PUBLIC, tour.sandbox.spotWebSocketUrl().toString())
        .url(WebSocketEndpoint.SPOT_PRIVATE, tour.sandbox.spotWebSocketAuthUrl().toString())
        .url(WebSocketEndpoint.SPOT_LEVEL3, tour.sandbox.spotWebSocketLevel3Url().toString())
        .build();
    try (KrakenWebSocketClient ws = KrakenWebSocketClient.builder().environment(sandbox).build()) {
      tour.step("ws:book", () -> book(tour, ws));
    }
  }

  private static String book(Tour tour, KrakenWebSocketClient ws) throws Exception {
    BlockingQueue<OrderBookSnapshot> books = new LinkedBlockingQueue<>();
    List<ChecksumResult> mismatches = new CopyOnWriteArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    ws.spot().book(params -> params.symbol(List.of(SYMBOL)).depth(BookDepth.NUMBER_10), new OrderBookListener() {
      @Override public void onBook(OrderBookSnapshot book) {
        books.add(book);
      }

      @Override public void onChecksumMismatch(ChecksumResult mismatch) {
        mismatches.add(mismatch);
      }

      @Override public void onFailure(Throwable failure) {
        failures.add(failure);
      }
    }).get(10, TimeUnit.SECONDS);
    OrderBookSnapshot snapshot = next(books, book -> true);
    BigDecimal bestBid = snapshot.bestBid().orElseThrow().price();
    BigDecimal bestAsk = snapshot.bestAsk().orElseThrow().price();

    // A limit buy between the best bid and ask, placed over REST: the book's new best bid.
    BigDecimal price = bestBid.add(bestAsk).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    check(price.compareTo(bestBid) > 0, "no room between " + bestBid + " and " + bestAsk);
    String txid = tour.kraken.spot().addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(VOLUME)).txid();
    next(books, book -> book.bestBid().map(level -> at(level, price, VOLUME)).orElse(false));

    // Another participant sells into it: the level is gone, the old best bid back on top.
    BigDecimal traded = tour.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, price);
    check(traded.compareTo(VOLUME) == 0, "traded " + traded);
    OrderBookSnapshot after = next(books, book -> book.bestBid().map(level -> level.price().equals(bestBid))
        .orElse(false));
    check(after.bids().stream().noneMatch(level -> level.price().equals(price)), "the level at " + price + " stayed");
    check(mismatches.isEmpty(), "checksum mismatches " + mismatches);
    check(failures.isEmpty(), "failures " + failures);
    return SYMBOL + " best bid " + bestBid + " -> " + price + " (" + txid + " placed over REST) -> " + bestBid
        + " after another participant's trade; every checksum matched (last " + after.checksum() + ")";
  }

  private static boolean at(BookLevel level, BigDecimal price, BigDecimal qty) {
    return level.price().compareTo(price) == 0 && level.qty().compareTo(qty) == 0;
  }

  /** The first book that satisfies {@code wanted}, within 10 seconds. */
  private static OrderBookSnapshot next(BlockingQueue<OrderBookSnapshot> books, Predicate<OrderBookSnapshot> wanted)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      OrderBookSnapshot book = books.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (book != null && wanted.test(book)) return book;
    }
    throw new AssertionError("no such book within 10 s");
  }
}
