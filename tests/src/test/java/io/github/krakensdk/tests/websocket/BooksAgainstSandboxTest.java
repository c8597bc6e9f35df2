package io.github.krakensdk.tests.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.model.OrderBookEntry;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.Level3BookListener;
import io.github.krakensdk.websocket.Level3BookSnapshot;
import io.github.krakensdk.websocket.Level3BookSubscription;
import io.github.krakensdk.websocket.Level3Order;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.OrderBookSubscription;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.Level3Depth;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client's books end to end: a {@link KrakenWebSocketClient} against the embedded sandbox's
 * real WebSocket server (its own exchange behind it), with a {@link KrakenClient} on the same
 * sandbox's REST API. The book the client holds starts equal to REST's Depth, follows an order
 * placed over REST and a trade another participant makes, and every message's CRC32 matched (no
 * mismatch reported, no failure). Level 3 the same, on {@code /l3/v2} with a token from
 * GetWebSocketsToken.
 */
class BooksAgainstSandboxTest {
  private static final String PAIR = "XBTUSD";
  private static final String SYMBOL = "BTC/USD";
  private static final BigDecimal VOLUME = new BigDecimal("0.02");

  private Sandbox sandbox;
  private KrakenClient kraken;
  private KrakenWebSocketClient ws;
  private final List<ChecksumResult> mismatches = new CopyOnWriteArrayList<>();
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
    kraken = sandbox.newClient();
    ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
        .tokenSource(TokenSource.spot(kraken))
        .build();
  }

  @AfterEach
  void stop() {
    ws.close();
    kraken.close();
    sandbox.close();
  }

  @Test
  void theBookStartsAtRestDepthAndFollowsAnOrderAndATrade() throws Exception {
    BlockingQueue<OrderBookSnapshot> books = new LinkedBlockingQueue<>();
    OrderBookSubscription subscription = ws.spot().book(
        params -> params.symbol(List.of(SYMBOL)).depth(BookDepth.NUMBER_10),
        new OrderBookListener() {
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
    assertEquals(List.of(SYMBOL), subscription.symbols());

    OrderBookSnapshot snapshot = books.poll(10, TimeUnit.SECONDS);
    assertNotNull(snapshot, "the snapshot arrived");
    assertEquals(10, snapshot.asks().size());
    assertEquals(10, snapshot.bids().size());
    assertSameAsRestDepth(snapshot);

    // An order placed over REST, between the best bid and ask: a new best bid of its volume.
    BigDecimal bestBid = snapshot.bestBid().orElseThrow().price();
    BigDecimal bestAsk = snapshot.bestAsk().orElseThrow().price();
    BigDecimal price = bestBid.add(bestAsk).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    assertTrue(price.compareTo(bestBid) > 0 && price.compareTo(bestAsk) < 0, bestBid + " < " + price + " < " + bestAsk);
    kraken.spot().addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(VOLUME));
    OrderBookSnapshot withOrder = await(books, b -> b.bestBid().map(level -> same(level, price, VOLUME)).orElse(false));
    assertEquals(10, withOrder.bids().size(), "the level pushed out of depth 10 is gone");
    assertEquals(bestBid, withOrder.bids().get(1).price());
    assertSameAsRestDepth(withOrder);

    // Another participant sells into it: the trade takes the level, the old best bid is back on top.
    assertEquals(0, VOLUME.compareTo(sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, price)));
    OrderBookSnapshot afterTrade = await(books, b -> b.bestBid().map(level -> level.price().equals(bestBid))
        .orElse(false));
    assertFalse(afterTrade.bids().stream().anyMatch(level -> level.price().equals(price)));
    assertEquals(snapshot.bids(), afterTrade.bids(), "the bids are the snapshot's again");
    assertSameAsRestDepth(afterTrade);
    assertEquals(afterTrade, subscription.book(SYMBOL).orElseThrow(), "the subscription holds the last verified book");

    assertEquals(List.of(), mismatches, "every message's checksum matched");
    assertEquals(List.of(), failures);
  }

  @Test
  void theLevel3BookFollowsAnOrderAndATradeWithAToken() throws Exception {
    BlockingQueue<Level3BookSnapshot> books = new LinkedBlockingQueue<>();
    Level3BookSubscription subscription = ws.spot().level3(
        params -> params.symbol(List.of(SYMBOL)).depth(Level3Depth.NUMBER_10),
        new Level3BookListener() {
          @Override public void onBook(Level3BookSnapshot book) {
            books.add(book);
          }

          @Override public void onChecksumMismatch(ChecksumResult mismatch) {
            mismatches.add(mismatch);
          }

          @Override public void onFailure(Throwable failure) {
            failures.add(failure);
          }
        }).get(10, TimeUnit.SECONDS);
    assertEquals(List.of(SYMBOL), subscription.symbols());

    Level3BookSnapshot snapshot = books.poll(10, TimeUnit.SECONDS);
    assertNotNull(snapshot, "the level-3 snapshot arrived");
    assertFalse(snapshot.bids().isEmpty());
    assertFalse(snapshot.asks().isEmpty());
    // Its best levels are REST's: the orders at the best price add up to Depth's volume there.
    OrderBook depth = kraken.spot().getOrderBook(r -> r.pair(PAIR).count(1)).values().iterator().next();
    BigDecimal bestBid = snapshot.bids().get(0).limitPrice();
    assertEquals(0, depth.bids().get(0).price().compareTo(bestBid));
    assertEquals(depth.bids().get(0).volume(), asShownByDepth(sumAt(snapshot.bids(), bestBid), depth.bids().get(0)));

    // An order placed over REST at the best bid joins the back of that level's queue.
    String txid = kraken.spot().addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(bestBid)).volume(VOLUME)).txid();
    Level3BookSnapshot withOrder = await(books, b -> b.bids().stream().anyMatch(o -> o.orderId().equals(txid)));
    List<Level3Order> atBest = withOrder.bids().stream().filter(o -> o.limitPrice().equals(bestBid)).toList();
    Level3Order mine = atBest.get(atBest.size() - 1);
    assertEquals(txid, mine.orderId(), "last in its level's queue");
    assertEquals(0, VOLUME.compareTo(mine.orderQty()));

    // Another participant sells the whole level: every order at the best bid, the new one included, is gone.
    BigDecimal level = sumAt(withOrder.bids(), bestBid);
    sandbox.spot().trade(PAIR, OrderSide.SELL, level, bestBid);
    Level3BookSnapshot afterTrade = await(books, b -> b.bids().stream().noneMatch(o -> o.orderId().equals(txid)));
    assertTrue(afterTrade.bids().stream().noneMatch(o -> o.limitPrice().equals(bestBid)), afterTrade.bids().toString());
    assertTrue(afterTrade.bids().get(0).limitPrice().compareTo(bestBid) < 0);

    assertEquals(List.of(), mismatches, "every message's checksum matched");
    assertEquals(List.of(), failures);
  }

  /** The top 10 levels of REST's Depth equal the client's book, price for price and volume for qty (at Depth's 3 decimals). */
  private void assertSameAsRestDepth(OrderBookSnapshot book) {
    OrderBook depth = kraken.spot().getOrderBook(r -> r.pair(PAIR).count(10)).values().iterator().next();
    assertLevels(depth.asks(), book.asks());
    assertLevels(depth.bids(), book.bids());
  }

  private static void assertLevels(List<OrderBookEntry> rest, List<BookLevel> ws) {
    assertEquals(rest.size(), ws.size(), rest + " vs " + ws);
    for (int i = 0; i < rest.size(); i++) {
      assertEquals(0, rest.get(i).price().compareTo(ws.get(i).price()), "price " + i + ": " + rest + " vs " + ws);
      assertEquals(rest.get(i).volume(), asShownByDepth(ws.get(i).qty(), rest.get(i)), "volume " + i + ": " + rest + " vs " + ws);
    }
  }

  /**
   * {@code qty} as REST's Depth shows a level's volume: the service writes it with 3 decimals
   * ({@code "1.091"}, its documented example), where the WebSocket sends the lot decimals.
   */
  private static BigDecimal asShownByDepth(BigDecimal qty, OrderBookEntry rest) {
    return qty.setScale(rest.volume().scale(), RoundingMode.HALF_EVEN);
  }

  private static boolean same(BookLevel level, BigDecimal price, BigDecimal qty) {
    return level.price().compareTo(price) == 0 && level.qty().compareTo(qty) == 0;
  }

  private static BigDecimal sumAt(List<Level3Order> orders, BigDecimal price) {
    return orders.stream().filter(o -> o.limitPrice().compareTo(price) == 0).map(Level3Order::orderQty)
        .reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** The first book from {@code books} that satisfies {@code wanted}, within 10 seconds. */
  private static <B> B await(BlockingQueue<B> books, Predicate<B> wanted) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      B book = books.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (book != null && wanted.test(book)) return book;
    }
    throw new AssertionError("no such book within 10 s");
  }
}
