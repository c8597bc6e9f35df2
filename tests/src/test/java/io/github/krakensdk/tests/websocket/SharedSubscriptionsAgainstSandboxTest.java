package io.github.krakensdk.tests.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.websocket.ChannelListener;
import io.github.krakensdk.websocket.ChannelMessage;
import io.github.krakensdk.websocket.ChannelSubscription;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.OrderBookSubscription;
import io.github.krakensdk.websocket.WebSocketEndpoint;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.InstrumentData;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The books' hidden {@code instrument} subscription and the caller's share one server
 * subscription on the sandbox (which, as Kraken, refuses a second one with "Already subscribed"):
 * each closed on its own, in both orders, and a new {@code instrument} subscribe after both are
 * gone is accepted, so the last holder did unsubscribe it.
 */
class SharedSubscriptionsAgainstSandboxTest {
  private Sandbox sandbox;
  private KrakenWebSocketClient ws;
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private final BlockingQueue<OrderBookSnapshot> books = new LinkedBlockingQueue<>();

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
    ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PUBLIC, sandbox.spotWebSocketUrl().toString())
            .build())
        .build();
  }

  @AfterEach
  void stop() {
    ws.close();
    sandbox.close();
  }

  private final class Instruments implements ChannelListener<InstrumentData> {
    final BlockingQueue<ChannelMessage<InstrumentData>> received = new LinkedBlockingQueue<>();

    @Override public void onMessage(ChannelMessage<InstrumentData> message) {
      received.add(message);
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }

    ChannelMessage<InstrumentData> snapshot() throws InterruptedException {
      while (true) {
        ChannelMessage<InstrumentData> message = received.poll(10, TimeUnit.SECONDS);
        assertNotNull(message, "no instrument snapshot");
        if (message.isSnapshot()) return message;
      }
    }
  }

  private ChannelSubscription instrument(Instruments listener) throws Exception {
    return ws.spot().instrument(params -> params.snapshot(true), listener).get(10, TimeUnit.SECONDS);
  }

  private OrderBookSubscription book() throws Exception {
    OrderBookListener listener = new OrderBookListener() {
      @Override public void onBook(OrderBookSnapshot book) {
        books.add(book);
      }

      @Override public void onFailure(Throwable failure) {
        failures.add(failure);
      }
    };
    OrderBookSubscription subscription = ws.spot()
        .book(params -> params.symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10), listener)
        .get(10, TimeUnit.SECONDS);
    assertNotNull(books.poll(10, TimeUnit.SECONDS), "no verified book");
    return subscription;
  }

  private static void assertHasBtcUsd(ChannelMessage<InstrumentData> snapshot) {
    assertTrue(snapshot.data().pairs().stream().anyMatch(pair -> "BTC/USD".equals(pair.symbol())),
        snapshot.toString());
  }

  @Test
  void instrumentFirstThenBookClosedInstrumentFirst() throws Exception {
    Instruments instruments = new Instruments();
    ChannelSubscription instrument = instrument(instruments);
    assertHasBtcUsd(instruments.snapshot());
    OrderBookSubscription book = book();

    instrument.unsubscribe().get(10, TimeUnit.SECONDS); // the book still holds it
    book.unsubscribe().get(10, TimeUnit.SECONDS); // the last holder: instrument unsubscribed too

    Instruments again = new Instruments();
    ChannelSubscription fresh = instrument(again); // accepted: the server no longer had one
    assertHasBtcUsd(again.snapshot());
    fresh.unsubscribe().get(10, TimeUnit.SECONDS);
    assertEquals(List.of(), failures);
  }

  @Test
  void bookFirstThenInstrumentClosedBookFirst() throws Exception {
    OrderBookSubscription book = book();
    Instruments instruments = new Instruments();
    ChannelSubscription instrument = instrument(instruments); // shares the books' subscription
    assertHasBtcUsd(instruments.snapshot()); // replayed

    book.unsubscribe().get(10, TimeUnit.SECONDS);
    instrument.unsubscribe().get(10, TimeUnit.SECONDS);

    Instruments again = new Instruments();
    instrument(again);
    assertHasBtcUsd(again.snapshot());
    assertEquals(List.of(), failures);
  }
}
