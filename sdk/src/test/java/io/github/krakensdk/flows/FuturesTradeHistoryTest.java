package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.futures.model.TradeHistoryEntry;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class FuturesTradeHistoryTest {
  private static final String SYMBOL = "PF_XBTUSD";
  /** The walk starts here; the 7-day window therefore ends at 2025-03-07T12:00:00Z. */
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-14T12:00:00Z"), ZoneOffset.UTC);

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;
  private FuturesTradeHistory history;

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
    history = new FuturesTradeHistory(kraken.futures(), CLOCK);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  @Test
  void walksBackAcrossPagesWithoutLosingOrRepeatingTradesAtTheBoundaryTimes() throws Exception {
    // The service returns trades strictly before lastTime. Page 1 ends inside the group of trades
    // at 11:00:00.100 (trade 6 shares its time but did not fit), page 2 inside the group at
    // 10:59:59.000 (trade 3).
    server.enqueue(json(page(
        trade(10, "2025-03-14T11:00:00.500Z"),
        trade(9, "2025-03-14T11:00:00.300Z"),
        trade(8, "2025-03-14T11:00:00.100Z"),
        trade(7, "2025-03-14T11:00:00.100Z"))));
    server.enqueue(json(page(
        trade(8, "2025-03-14T11:00:00.100Z"),
        trade(7, "2025-03-14T11:00:00.100Z"),
        trade(6, "2025-03-14T11:00:00.100Z"),
        trade(5, "2025-03-14T10:59:59.000Z"),
        trade(4, "2025-03-14T10:59:59.000Z"))));
    server.enqueue(json(page(
        trade(5, "2025-03-14T10:59:59.000Z"),
        trade(4, "2025-03-14T10:59:59.000Z"),
        trade(3, "2025-03-14T10:59:59.000Z"),
        trade(2, "2025-03-14T10:00:00.000Z"))));
    // Asked again around the oldest time: nothing new, so the walk is over.
    server.enqueue(json(page(trade(2, "2025-03-14T10:00:00.000Z"))));

    List<TradeHistoryEntry> trades = history.stream(SYMBOL).toList();

    assertEquals(List.of(10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L), tradeIds(trades));
    assertEquals(4, server.getRequestCount());
    List<RecordedRequest> requests = takeRequests(4);
    for (RecordedRequest request : requests) {
      assertEquals("/derivatives/api/v3/history", request.getUrl().encodedPath());
      assertEquals(SYMBOL, request.getUrl().queryParameter("symbol"));
    }
    assertNull(requests.get(0).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T11:00:00.101Z", requests.get(1).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T10:59:59.001Z", requests.get(2).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T10:00:00.001Z", requests.get(3).getUrl().queryParameter("lastTime"));
  }

  @ParameterizedTest(name = "pages of {0}")
  @ValueSource(ints = {4, 5, 6, 7, 100})
  void againstAServiceThatPagesStrictlyBeforeLastTimeEveryTradeComesOnce(int pageSize) {
    // 12 trades in groups of up to 4 sharing a time; pages end inside the groups, or (pages of 4)
    // hold exactly one group.
    List<String> market = List.of(
        trade(12, "2025-03-14T11:00:05.000Z"),
        trade(11, "2025-03-14T11:00:04.000Z"),
        trade(10, "2025-03-14T11:00:04.000Z"),
        trade(9, "2025-03-14T11:00:04.000Z"),
        trade(8, "2025-03-14T11:00:04.000Z"),
        trade(7, "2025-03-14T11:00:03.000Z"),
        trade(6, "2025-03-14T11:00:03.000Z"),
        trade(5, "2025-03-14T11:00:02.000Z"),
        trade(4, "2025-03-14T11:00:02.000Z"),
        trade(3, "2025-03-14T11:00:02.000Z"),
        trade(2, "2025-03-14T11:00:01.000Z"),
        trade(1, "2025-03-14T11:00:00.000Z"));
    server.setDispatcher(new PagingService(market, pageSize));

    List<Long> ids = tradeIds(history.stream(SYMBOL).toList());

    assertEquals(LongStream.iterate(12, id -> id - 1).limit(12).boxed().toList(), ids);
  }

  @Test
  void stopsAtAnEmptyPage() {
    server.enqueue(json(page(
        trade(3, "2025-03-14T11:00:03.000Z"),
        trade(2, "2025-03-14T11:00:02.000Z"),
        trade(1, "2025-03-14T11:00:01.000Z"))));
    server.enqueue(json(page()));
    server.enqueue(json(page(trade(99, "2025-03-14T09:00:00.000Z"))));

    assertEquals(List.of(3L, 2L, 1L), tradeIds(history.stream(SYMBOL).toList()));
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void stopsAtTheSevenDayWindowAndLeavesOutOlderTrades() throws Exception {
    server.enqueue(json(page(
        trade(5, "2025-03-11T00:00:00.000Z"),
        trade(4, "2025-03-08T00:00:00.000Z"))));
    server.enqueue(json(page(
        trade(4, "2025-03-08T00:00:00.000Z"),
        trade(3, "2025-03-07T12:00:00.000Z"),
        trade(2, "2025-03-07T11:59:59.999Z"),
        trade(1, "2025-03-07T10:00:00.000Z"))));
    server.enqueue(json(page(trade(0, "2025-03-06T00:00:00.000Z"))));

    List<TradeHistoryEntry> trades =
        history.stream(SYMBOL, OffsetDateTime.parse("2025-03-12T00:00:00Z")).toList();

    assertEquals(List.of(5L, 4L, 3L), tradeIds(trades));
    assertEquals(2, server.getRequestCount());
    List<RecordedRequest> requests = takeRequests(2);
    assertEquals("2025-03-12T00:00:00Z", requests.get(0).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-08T00:00:00.001Z", requests.get(1).getUrl().queryParameter("lastTime"));
  }

  @Test
  void getsPastMoreThanAPageOfTradesWithTheSameTime() throws Exception {
    String crowded = "2025-03-14T11:00:00.000Z";
    String[] full = LongStream.rangeClosed(201, 300).map(id -> 501 - id)
        .mapToObj(id -> trade(id, crowded)).toArray(String[]::new);
    server.enqueue(json(page(full)));
    // Before 11:00:00.001 the service has the same 100 again: the walk skips past that time once.
    server.enqueue(json(page(full)));
    server.enqueue(json(page(
        trade(150, "2025-03-14T10:00:00.000Z"),
        trade(149, "2025-03-14T09:00:00.000Z"))));
    server.enqueue(json(page(trade(149, "2025-03-14T09:00:00.000Z"))));

    List<Long> ids = tradeIds(history.stream(SYMBOL).toList());

    List<Long> expected = new ArrayList<>(LongStream.iterate(300, id -> id - 1).limit(100).boxed().toList());
    expected.addAll(List.of(150L, 149L));
    assertEquals(expected, ids);
    List<RecordedRequest> requests = takeRequests(4);
    assertNull(requests.get(0).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T11:00:00.001Z", requests.get(1).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T11:00:00Z", requests.get(2).getUrl().queryParameter("lastTime"));
    assertEquals("2025-03-14T09:00:00.001Z", requests.get(3).getUrl().queryParameter("lastTime"));
    assertEquals(4, server.getRequestCount());
  }

  @Test
  void requestsTheNextPageOnlyWhenTheStreamReachesIt() {
    server.enqueue(json(page(
        trade(3, "2025-03-14T11:00:03.000Z"),
        trade(2, "2025-03-14T11:00:02.000Z"),
        trade(1, "2025-03-14T11:00:01.000Z"))));
    server.enqueue(json(page(trade(0, "2025-03-14T11:00:00.000Z"))));

    assertEquals(List.of(3L, 2L), tradeIds(history.stream(SYMBOL).limit(2).toList()));
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void aTradeWithoutTimeFailsTheWalk() {
    server.enqueue(json("{\"result\":\"success\",\"history\":[{\"trade_id\":1,\"price\":61081,\"uid\":\"u1\"}]}"));

    UnexpectedResponseException e =
        assertThrows(UnexpectedResponseException.class, () -> history.stream(SYMBOL).toList());
    assertEquals("getTradeHistory", e.operationId());
  }

  /**
   * Serves {@code market} (newest first) as the contract describes: up to {@code pageSize} trades
   * strictly before {@code lastTime}, newest first.
   */
  private static final class PagingService extends Dispatcher {
    private final List<String> market;
    private final int pageSize;

    PagingService(List<String> market, int pageSize) {
      this.market = market;
      this.pageSize = pageSize;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String lastTime = request.getUrl().queryParameter("lastTime");
      Instant before = lastTime == null ? Instant.MAX : OffsetDateTime.parse(lastTime).toInstant();
      String[] page = market.stream()
          .filter(trade -> timeOf(trade).isBefore(before))
          .limit(pageSize)
          .toArray(String[]::new);
      return json(page(page));
    }

    private static Instant timeOf(String trade) {
      int start = trade.indexOf("\"time\":\"") + 8;
      return Instant.parse(trade.substring(start, trade.indexOf('"', start)));
    }
  }

  private List<RecordedRequest> takeRequests(int count) throws InterruptedException {
    List<RecordedRequest> requests = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      requests.add(server.takeRequest());
    }
    return requests;
  }

  private static List<Long> tradeIds(List<TradeHistoryEntry> trades) {
    return trades.stream().map(TradeHistoryEntry::tradeId).toList();
  }

  /** A Futures success envelope without serverTime, as the live service sends it. */
  private static String page(String... trades) {
    return "{\"result\":\"success\",\"history\":[" + String.join(",", trades) + "]}";
  }

  private static String trade(long id, String time) {
    return "{\"time\":\"" + time + "\",\"trade_id\":" + id + ",\"price\":61081,\"size\":25,\"side\":\"sell\","
        + "\"type\":\"fill\",\"uid\":\"uid-" + id + "\"}";
  }
}
