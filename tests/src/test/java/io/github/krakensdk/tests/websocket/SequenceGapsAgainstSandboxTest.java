package io.github.krakensdk.tests.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.WebSocketEvent;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.websocket.ChannelListener;
import io.github.krakensdk.websocket.ChannelMessage;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.SequenceGap;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.AssetClass;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.LedgerTransaction;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A message lost on the way, end to end: the sandbox drops the next message of a sequenced
 * channel ({@code sandbox.webSocket().dropNextMessage(channel)}), the typed client reports the
 * gap's range before the next message ({@link ChannelListener#onSequenceGap}), and the REST call
 * the gap names gets the lost entries back: the Unified WebSocket's {@code ledgers} recovered from
 * REST {@code Ledgers}, Spot's {@code executions} from REST {@code OpenOrders}.
 */
class SequenceGapsAgainstSandboxTest {
  private static final Duration PATIENCE = Duration.ofSeconds(30);
  private static final String CONTRACT = "PF_XBTUSD";
  private static final BigDecimal QTY = new BigDecimal("0.0100");

  private Sandbox sandbox;
  private KrakenClient kraken;
  private KrakenWebSocketClient ws;
  /** Every execution report any recorder received. */
  private final List<ExecutionReport> tradesSeen = new CopyOnWriteArrayList<>();

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
  void aDroppedLedgersMessageIsReportedAsAGapAndRecoveredFromRestLedgers() throws Exception {
    Recorder<List<LedgerTransaction>> ledgers = new Recorder<>();
    ws.unified().ledgers(p -> {}, ledgers).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    Recorder<List<ExecutionReport>> executions = new Recorder<>();
    ws.unified().executions(p -> p.assetClass(AssetClass.DERIVATIVES), executions)
        .get(PATIENCE.toSeconds(), TimeUnit.SECONDS);

    // Sequence 1 arrives; sequence 2, the second fill's ledger entry, is dropped; sequence 3 arrives.
    buy();
    List<LedgerTransaction> first = ledgers.next().data();
    sandbox.webSocket().dropNextMessage("ledgers");
    long secondTrade = buy();
    WebSocketEvent dropped = awaitDelivered("ledgers");
    assertEquals("/unified/v2/private", dropped.endpoint());
    assertEquals("ledgers update (sequence 2) dropped", dropped.detail());
    buy();
    ChannelMessage<List<LedgerTransaction>> third = ledgers.next();

    assertEquals(List.of("message", "gap ledgers 2..2 (1)", "message"), ledgers.events, "the gap reported before the message");
    SequenceGap gap = ledgers.gaps.get(0);
    assertEquals(List.of("ledgers", 2L, 2L, 1L), List.of(gap.channel(), gap.first(), gap.last(), gap.count()));

    // REST Ledgers has every entry: the two streamed, and the one the dropped message carried.
    Map<String, LedgerEntry> rest = kraken.spot().getLedgers(r -> r.asset("ZUSD")).ledger();
    Set<String> streamed = new HashSet<>();
    first.forEach(entry -> streamed.add(entry.ledgerId()));
    third.data().forEach(entry -> streamed.add(entry.ledgerId()));
    assertTrue(rest.keySet().containsAll(streamed), rest.keySet() + " has " + streamed);
    List<LedgerEntry> recovered = rest.entrySet().stream()
        .filter(entry -> !streamed.contains(entry.getKey()) && entry.getValue().refid().startsWith(CONTRACT + "-"))
        .map(Map.Entry::getValue).toList();
    assertEquals(1, recovered.size(), "the dropped entry: " + recovered);
    assertEquals(CONTRACT + "-" + secondTrade, recovered.get(0).refid(), "the second fill's entry");
    assertEquals(List.of(), ledgers.failures);
    assertEquals(List.of(), executions.gaps, "only the ledgers message was dropped");
  }

  @Test
  void aDroppedExecutionsMessageIsReportedAsAGapAndRecoveredFromRestOpenOrders() throws Exception {
    Recorder<List<ExecutionReport>> executions = new Recorder<>();
    ws.spot().executions(p -> {}, executions).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    assertTrue(executions.next().data().isEmpty(), "the snapshot (sequence 1): no open order");

    // A resting bid over REST: its update (sequence 2) dropped; the next order's (sequence 3) arrives.
    sandbox.webSocket().dropNextMessage("executions");
    String lost = restingBid();
    assertEquals("executions update (sequence 2) dropped", awaitDelivered("executions").detail());
    String seen = restingBid();
    ChannelMessage<List<ExecutionReport>> next = executions.next();
    assertEquals(List.of(seen), next.data().stream().map(ExecutionReport::orderId).distinct().toList());

    assertEquals(List.of("gap executions 2..2 (1)", "message"), executions.events.subList(1, 3));
    // REST OpenOrders has the order whose report was lost.
    Set<String> open = kraken.spot().getOpenOrders(r -> {}).open().keySet();
    assertTrue(open.containsAll(List.of(lost, seen)), open.toString());
    assertEquals(List.of(), executions.failures);
  }

  /** A market buy of the contract over the Unified WebSocket; its fill's trade id. */
  private long buy() throws Exception {
    String orderId = ws.unified().addOrder(o -> o.orderType(OrderType.MARKET).side(Side.BUY).orderQty(QTY)
        .symbol(CONTRACT).assetClass(AssetClass.DERIVATIVES)).get(PATIENCE.toSeconds(), TimeUnit.SECONDS).orderId();
    return tradeId(orderId);
  }

  /** The trade id of {@code orderId}'s fill, once the executions channel reported it. */
  private long tradeId(String orderId) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (System.nanoTime() < deadline) {
      for (ExecutionReport report : tradesSeen) {
        if (orderId.equals(report.orderId()) && report.tradeId() != null) {
          return report.tradeId();
        }
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    throw new AssertionError("no trade of " + orderId + " within " + PATIENCE);
  }

  /** A limit buy far below the market over REST; its txid. */
  private String restingBid() {
    return kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY)
        .orderType(io.github.krakensdk.spot.model.OrderType.LIMIT).price(OrderPrice.of(new BigDecimal("1000.0")))
        .volume(new BigDecimal("0.001"))).txid();
  }

  /** The log's line for the drop of {@code channel}'s message, once the server delivered it. */
  private WebSocketEvent awaitDelivered(String channel) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (System.nanoTime() < deadline) {
      for (WebSocketEvent event : sandbox.webSocket().events()) {
        if (event.kind() == WebSocketEvent.Kind.DELIVERED && event.detail().startsWith(channel + " ")) {
          return event;
        }
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    throw new AssertionError("the " + channel + " message was not dropped within " + PATIENCE + ": "
        + sandbox.webSocket().events());
  }

  /** Messages and gaps of one channel, in the order the client reported them. */
  private final class Recorder<D> implements ChannelListener<D> {
    final BlockingQueue<ChannelMessage<D>> messages = new LinkedBlockingQueue<>();
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<SequenceGap> gaps = new CopyOnWriteArrayList<>();
    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @Override public void onMessage(ChannelMessage<D> message) {
      events.add("message");
      if (message.data() instanceof List<?> list) {
        for (Object item : list) {
          if (item instanceof ExecutionReport report) tradesSeen.add(report);
        }
      }
      messages.add(message);
    }

    @Override public void onSequenceGap(SequenceGap gap) {
      events.add("gap " + gap.channel() + " " + gap.first() + ".." + gap.last() + " (" + gap.count() + ")");
      gaps.add(gap);
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }

    ChannelMessage<D> next() throws InterruptedException {
      ChannelMessage<D> message = messages.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
      assertNotNull(message, "no message within " + PATIENCE + "; " + events);
      return message;
    }
  }
}
