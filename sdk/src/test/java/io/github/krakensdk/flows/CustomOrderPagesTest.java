package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderStatusValue;
import io.github.krakensdk.embed.model.ListCustomOrdersRequest;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class CustomOrderPagesTest {
  private static final String USER = "AA29N84GTRQFZL8R";

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  private final ListCustomOrdersRequest query = ListCustomOrdersRequest.builder()
      .user(USER)
      .statuses(List.of(CustomOrderStatusValue.ACTIVE, CustomOrderStatusValue.PAUSED))
      .build();

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  @Test
  void followsNextCursorSendingTheFilterOnlyOnTheFirstPage() throws Exception {
    server.enqueue(json(page("c2", "CO000003", "CO000002")));
    server.enqueue(json(page(null, "CO000001")));

    List<CustomOrder> orders = kraken.embed().listCustomOrdersPages(query).stream().toList();

    assertEquals(List.of("CO000003", "CO000002", "CO000001"), orders.stream().map(CustomOrder::id).toList());
    HttpUrl first = server.takeRequest().getUrl();
    assertEquals("/b2b/custom-orders", first.encodedPath());
    assertEquals(USER, first.queryParameter("user"));
    assertEquals(List.of("active", "paused"), first.queryParameterValues("statuses"));
    assertNull(first.queryParameter("cursor"));
    HttpUrl second = server.takeRequest().getUrl();
    assertEquals(USER, second.queryParameter("user"));
    assertEquals("c2", second.queryParameter("cursor"));
    assertEquals(List.of(), second.queryParameterValues("statuses"));
  }

  @Test
  void sendsNoCallUntilIteratedAndStopsWhereTheStreamStops() throws Exception {
    var pages = kraken.embed().listCustomOrdersPages(query);
    assertEquals(0, server.getRequestCount());
    server.enqueue(json(page("c2", "CO000003")));

    assertEquals("CO000003", pages.stream().findFirst().orElseThrow().id());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void aCursorThatRepeatsEndsTheWalkWithAnError() {
    server.enqueue(json(page("c2", "CO000002")));
    server.enqueue(json(page("c2", "CO000001")));

    var pages = kraken.embed().listCustomOrdersPages(query).byPage().iterator();
    assertEquals("CO000002", pages.next().orders().get(0).id());
    assertEquals("CO000001", pages.next().orders().get(0).id());
    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class, pages::hasNext);
    assertEquals("listCustomOrders", e.operationId());
  }

  static String page(String nextCursor, String... ids) {
    StringBuilder orders = new StringBuilder();
    for (String id : ids) {
      if (orders.length() > 0) {
        orders.append(',');
      }
      orders.append("{\"id\":\"").append(id).append("\",\"name\":\"n\",\"action\":{\"type\":\"spend\",")
          .append("\"amount\":{\"asset\":\"USD\",\"amount\":\"10.00\"},\"quote\":{\"asset\":\"BTC\"}},")
          .append("\"trigger\":{\"type\":\"price\",\"base_asset\":\"BTC\",\"quote_asset\":\"USD\",")
          .append("\"target_price\":\"90000\",\"condition\":\"lte\"},\"created_at\":\"2025-03-14T09:00:00Z\",")
          .append("\"updated_at\":\"2025-03-14T09:00:00Z\",\"status\":{\"status\":\"active\"}}");
    }
    return "{\"result\":{\"orders\":[" + orders + "],\"next_cursor\":"
        + (nextCursor == null ? "null" : "\"" + nextCursor + "\"") + "}}";
  }
}
