package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Types;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.spot.model.ClosedOrders;
import io.github.krakensdk.spot.model.GetClosedOrdersRequest;
import io.github.krakensdk.spot.model.GetTradesHistoryRequest;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderStatus;
import io.github.krakensdk.spot.model.TradeHistoryType;
import io.github.krakensdk.spot.model.TradesHistory;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The two other {@code ofs}/{@code count} flows: closed orders and the account's trades. */
final class ClosedOrderAndTradesHistoryPagesTest {
  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  private static String closed(int count, String... txids) {
    StringBuilder orders = new StringBuilder();
    for (String txid : txids) {
      orders.append(orders.length() == 0 ? "" : ",").append('"').append(txid)
          .append("\":{\"status\":\"closed\",\"opentm\":1688665496.7808,\"closetm\":1688665499.1922,"
              + "\"vol\":\"0.25\",\"vol_exec\":\"0.25\",\"cost\":\"7500.0\",\"fee\":\"12.0\",\"price\":\"30000.0\"}");
    }
    return "{\"error\":[],\"result\":{\"closed\":{" + orders + "},\"count\":" + count + "}}";
  }

  private static String trades(int count, String... ids) {
    StringBuilder trades = new StringBuilder();
    for (String id : ids) {
      trades.append(trades.length() == 0 ? "" : ",").append('"').append(id)
          .append("\":{\"ordertxid\":\"O-").append(id).append("\",\"pair\":\"XXBTZUSD\",\"time\":1688667796.8802,"
              + "\"type\":\"buy\",\"ordertype\":\"limit\",\"price\":\"30010.0\",\"cost\":\"600.2\","
              + "\"fee\":\"0.5\",\"vol\":\"0.02\"}");
    }
    return "{\"error\":[],\"result\":{\"trades\":{" + trades + "},\"count\":" + count + "}}";
  }

  private Object ofs(RecordedRequest request) throws Exception {
    Map<String, Object> body = new com.squareup.moshi.Moshi.Builder().build().<Map<String, Object>>adapter(
        Types.newParameterizedType(Map.class, String.class, Object.class)).fromJson(request.getBody().utf8());
    return body.get("ofs");
  }

  @Test
  void closedOrdersPageByOfsUntilTheCountAndEachTxidComesOnce() throws Exception {
    server.enqueue(json(closed(5, "O1", "O2"))); // for the page taken by hand
    server.enqueue(json(closed(5, "O1", "O2")));
    server.enqueue(json(closed(6, "O2", "O3"))); // an order closed meanwhile: O2 again
    server.enqueue(json(closed(6, "O4", "O5")));
    GetClosedOrdersRequest query = GetClosedOrdersRequest.builder().userReference(7).build();
    var closed = kraken.spot().getClosedOrdersPages(query);

    Iterator<ClosedOrders> pages = closed.byPage().iterator();
    assertEquals(0, server.getRequestCount(), "nothing before the first hasNext()");
    pages.next();
    assertEquals(1, server.getRequestCount());

    List<String> txids = closed.stream().map(Map.Entry::getKey).toList();
    assertEquals(List.of("O1", "O2", "O3", "O4", "O5"), txids);
    assertEquals(1 + 3, server.getRequestCount(), "one page by hand, then a walk of three: 2 + 2 + 2 reaches 6");
    server.takeRequest();
    assertNull(ofs(server.takeRequest()));
    assertEquals(2.0, ofs(server.takeRequest()));
    RecordedRequest last = server.takeRequest();
    assertEquals(4.0, ofs(last));
    assertTrue(last.getBody().utf8().contains("\"userref\":7"), "the filters on every page");
  }

  @Test
  void closedOrdersKeepTheirValues() {
    server.enqueue(json(closed(1, "O1")));
    Map.Entry<String, OrderInfo> first = kraken.spot().getClosedOrdersPages(GetClosedOrdersRequest.builder().build())
        .stream().findFirst().orElseThrow();
    assertEquals("O1", first.getKey());
    assertEquals(OrderStatus.CLOSED, first.getValue().status());
    assertEquals(1, server.getRequestCount(), "count 1 reached: no second page");
  }

  @Test
  void tradesHistoryPagesByOfsAndStopsAtAnEmptyPage() throws Exception {
    server.enqueue(json(trades(10, "T1", "T2")));
    server.enqueue(json(trades(10)));
    var history = kraken.spot().getTradesHistoryPages(GetTradesHistoryRequest.builder().type(TradeHistoryType.ALL).build());

    Iterator<TradesHistory> pages = history.byPage().iterator();
    assertEquals(0, server.getRequestCount());
    assertTrue(pages.hasNext());
    assertEquals(new BigDecimal("0.5"), pages.next().trades().get("T1").fee());
    assertFalse(pages.hasNext(), "the count said 10, but the second page is empty");
    assertEquals(2, server.getRequestCount());
    server.takeRequest();
    assertEquals(2.0, ofs(server.takeRequest()));
  }

  @Test
  void tradesHistoryGivesEachTradeOnce() {
    server.enqueue(json(trades(4, "T1", "T2")));
    server.enqueue(json(trades(5, "T2", "T3"))); // a trade made meanwhile: T2 again
    server.enqueue(json(trades(5, "T4")));
    List<String> ids = kraken.spot().getTradesHistoryPages(GetTradesHistoryRequest.builder().build())
        .stream().map(Map.Entry::getKey).toList();
    assertEquals(List.of("T1", "T2", "T3", "T4"), ids);
    assertEquals(3, server.getRequestCount());
  }
}
