package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.GetPortfolioHistoryRequest;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryPoint;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class PortfolioHistoryPagesTest {
  private static final String USER = "AA29N84GTRQFZL8R";

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  private final GetPortfolioHistoryRequest query = GetPortfolioHistoryRequest.builder()
      .user(USER)
      .includeAssets(List.of("BTC", "ETH"))
      .includeTotalBalance(true)
      .includeTotalPnl(false)
      .startDate(LocalDate.parse("2023-01-01"))
      .endDate(LocalDate.parse("2025-03-31"))
      .resolution(1L)
      .quote("USD")
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
  void followsNextCursorAndSendsOnlyTheCursorAfterTheFirstPage() throws Exception {
    server.enqueue(json(page("c2", "2023-01-01", "2023-01-02")));
    server.enqueue(json(page("c3", "2023-01-03")));
    server.enqueue(json(page(null, "2023-01-04")));

    List<PortfolioHistoryPoint> points = kraken.embed().getPortfolioHistoryPages(query).stream().toList();

    assertEquals(List.of("2023-01-01", "2023-01-02", "2023-01-03", "2023-01-04"),
        points.stream().map(point -> point.date().toString()).toList());
    assertEquals(new BigDecimal("10.5"), points.get(0).totalBalance());
    assertEquals(3, server.getRequestCount());

    HttpUrl first = server.takeRequest().getUrl();
    assertEquals("/b2b/portfolio/" + USER + "/history", first.encodedPath());
    assertEquals(List.of("BTC", "ETH"), first.queryParameterValues("include[assets][]"));
    assertEquals("true", first.queryParameter("include[total_balance]"));
    assertEquals("false", first.queryParameter("include[total_pnl]"));
    assertEquals("2023-01-01", first.queryParameter("start_date"));
    assertEquals("2025-03-31", first.queryParameter("end_date"));
    assertEquals("1", first.queryParameter("resolution"));
    assertEquals("USD", first.queryParameter("quote"));
    assertNull(first.queryParameter("cursor"));

    for (String cursor : List.of("c2", "c3")) {
      RecordedRequest request = server.takeRequest();
      HttpUrl url = request.getUrl();
      assertEquals("/b2b/portfolio/" + USER + "/history", url.encodedPath());
      assertEquals(Set.of("cursor"), url.queryParameterNames());
      assertEquals(cursor, url.queryParameter("cursor"));
      // Later pages are signed like the first.
      assertEquals("key", request.getHeaders().get("API-Key"));
      assertTrue(request.getHeaders().get("API-Sign") != null);
    }
  }

  @Test
  void requestsAPageOnlyWhenIterationReachesIt() {
    server.enqueue(json(page("c2", "2023-01-01")));
    server.enqueue(json(page("c3", "2023-01-02")));
    server.enqueue(json(page(null, "2023-01-03")));
    var pages = kraken.embed().getPortfolioHistoryPages(query);

    Iterator<PortfolioHistory> iterator = pages.byPage().iterator();
    assertEquals(0, server.getRequestCount());

    assertTrue(iterator.hasNext());
    assertEquals(1, server.getRequestCount());
    assertEquals("c2", iterator.next().nextCursor());
    assertEquals(1, server.getRequestCount());

    assertTrue(iterator.hasNext());
    assertEquals(2, server.getRequestCount());
    assertEquals("c3", iterator.next().nextCursor());

    assertTrue(iterator.hasNext());
    assertNull(iterator.next().nextCursor());
    assertEquals(3, server.getRequestCount());

    // The last page has no next_cursor: nothing more is asked for.
    assertFalse(iterator.hasNext());
    assertEquals(3, server.getRequestCount());
  }

  @Test
  void aStreamCutShortRequestsNoLaterPage() {
    server.enqueue(json(page("c2", "2023-01-01", "2023-01-02", "2023-01-03")));
    server.enqueue(json(page(null, "2023-01-04")));

    List<PortfolioHistoryPoint> firstTwo =
        kraken.embed().getPortfolioHistoryPages(query).stream().limit(2).toList();

    assertEquals(2, firstTwo.size());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void aFailedPageIsThrownNotTruncated() {
    server.enqueue(json(page("c2", "2023-01-01")));
    server.enqueue(json(403, "{\"error\":[\"EGeneral:Permission denied\"]}"));
    Iterator<PortfolioHistoryPoint> points = kraken.embed().getPortfolioHistoryPages(query).stream().iterator();

    assertEquals(LocalDate.parse("2023-01-01"), points.next().date());
    KrakenServiceException e = assertThrows(KrakenServiceException.class, points::hasNext);
    assertEquals(403, e.httpStatus());
    assertEquals("getPortfolioHistory", e.operationId());
  }

  @Test
  void aCursorThatRepeatsFailsInsteadOfLoopingForever() {
    server.enqueue(json(page("c2", "2023-01-01")));
    server.enqueue(json(page("c2", "2023-01-02")));
    server.enqueue(json(page("c2", "2023-01-03")));
    Iterator<PortfolioHistory> pages = kraken.embed().getPortfolioHistoryPages(query).byPage().iterator();

    pages.next();
    // The page that repeats the cursor is still given; going on from it fails.
    assertEquals(LocalDate.parse("2023-01-02"), pages.next().history().get(0).date());
    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class, pages::hasNext);
    assertEquals("getPortfolioHistory", e.operationId());
    assertEquals(2, server.getRequestCount());
  }

  /** An Embed {@code result} envelope holding one page with a point per date. */
  private static String page(String nextCursor, String... dates) {
    StringBuilder history = new StringBuilder();
    for (String date : dates) {
      if (history.length() > 0) {
        history.append(',');
      }
      history.append("{\"date\":\"").append(date).append("\",\"total_balance\":\"10.5\"}");
    }
    return "{\"result\":{\"start_date\":\"2023-01-01\",\"end_date\":\"2025-03-31\",\"history\":[" + history
        + "],\"next_cursor\":" + (nextCursor == null ? "null" : "\"" + nextCursor + "\"")
        + ",\"currency\":\"USD\"}}";
  }
}
