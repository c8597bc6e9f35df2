package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.ListPortfolioTransactionsRequest;
import io.github.krakensdk.embed.model.PortfolioSorting;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.embed.model.PortfolioTransactions;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class PortfolioTransactionPagesTest {
  private static final String USER = "AA29N84GTRQFZL8R";

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  private final ListPortfolioTransactionsRequest query = ListPortfolioTransactionsRequest.builder()
      .user(USER)
      .types(List.of(PortfolioTransactionType.SIMPLE_ORDER, PortfolioTransactionType.EARN_REWARD))
      .assets(List.of("BTC"))
      .sorting(PortfolioSorting.ASCENDING)
      .pageSize(2)
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
  void followsNextCursorSendingOnlyTheCursorAfterTheFirstPage() throws Exception {
    server.enqueue(json(page("c2", "TX1", "TX2")));
    server.enqueue(json(page("c3", "TX3", "TX4")));
    server.enqueue(json(page(null, "TX5")));

    List<String> ids = kraken.embed().listPortfolioTransactionsPages(query).stream()
        .map(PortfolioTransaction::id).toList();

    assertEquals(List.of("TX1", "TX2", "TX3", "TX4", "TX5"), ids);
    HttpUrl first = server.takeRequest().getUrl();
    assertEquals("/b2b/portfolio/" + USER + "/transactions", first.encodedPath());
    assertEquals(List.of("simple_order", "earn_reward"), first.queryParameterValues("types"));
    assertEquals(List.of("BTC"), first.queryParameterValues("assets"));
    assertEquals("ascending", first.queryParameter("sorting"));
    assertEquals("2", first.queryParameter("page_size"));
    assertNull(first.queryParameter("cursor"));
    for (String cursor : List.of("c2", "c3")) {
      HttpUrl url = server.takeRequest().getUrl();
      assertEquals(Set.of("cursor"), url.queryParameterNames());
      assertEquals(cursor, url.queryParameter("cursor"));
    }
  }

  @Test
  void requestsAPageOnlyWhenIterationReachesIt() throws Exception {
    server.enqueue(json(page("c2", "TX1", "TX2", "TX3")));
    server.enqueue(json(page(null, "TX4")));
    var pages = kraken.embed().listPortfolioTransactionsPages(query);
    assertEquals(0, server.getRequestCount());

    assertEquals(2, pages.stream().limit(2).count());
    assertEquals(1, server.getRequestCount(), "the second page is not needed");

    // A new iterator starts again with the query of the first page (here answered by the last one).
    Iterator<PortfolioTransactions> walk = pages.byPage().iterator();
    assertEquals("TX4", walk.next().transactions().get(0).id());
    assertFalse(walk.hasNext());
    assertEquals(2, server.getRequestCount());
    assertEquals(null, server.takeRequest().getUrl().queryParameter("cursor"));
  }

  @Test
  void aFailedPageIsThrownNotTruncated() {
    server.enqueue(json(page("c2", "TX1")));
    server.enqueue(json(404, "{\"error\":[\"ENexus:User not found\"]}"));
    Iterator<PortfolioTransaction> transactions =
        kraken.embed().listPortfolioTransactionsPages(query).stream().iterator();
    assertEquals("TX1", transactions.next().id());
    KrakenServiceException e = assertThrows(KrakenServiceException.class, transactions::hasNext);
    assertEquals(404, e.httpStatus());
    assertEquals("listPortfolioTransactions", e.operationId());
  }

  @Test
  void aCursorThatRepeatsFailsInsteadOfLoopingForever() {
    server.enqueue(json(page("c2", "TX1")));
    server.enqueue(json(page("c2", "TX2")));
    Iterator<PortfolioTransactions> pages = kraken.embed().listPortfolioTransactionsPages(query).byPage().iterator();
    pages.next();
    assertEquals("TX2", pages.next().transactions().get(0).id());
    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class, pages::hasNext);
    assertEquals("listPortfolioTransactions", e.operationId());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void rejectsNulls() {
    assertThrows(NullPointerException.class,
        () -> kraken.embed().listPortfolioTransactionsPages((ListPortfolioTransactionsRequest) null));
    assertThrows(NullPointerException.class,
        () -> kraken.embed().listPortfolioTransactionsPagesAsync((ListPortfolioTransactionsRequest) null));
    assertTrue(kraken.embed().listPortfolioTransactionsPages(query).toString().contains(USER));
  }

  /** An Embed {@code result} envelope holding one page with a trade per ID. */
  private static String page(String nextCursor, String... ids) {
    StringBuilder transactions = new StringBuilder();
    for (String id : ids) {
      if (transactions.length() > 0) {
        transactions.append(',');
      }
      transactions.append("{\"id\":\"").append(id).append("\",\"time\":\"2025-04-15T11:00:00Z\",")
          .append("\"type\":\"simple_order\",\"status\":\"successful\",\"ref_id\":\"Q-").append(id).append("\"}");
    }
    return "{\"result\":{\"transactions\":[" + transactions + "],\"stats\":{\"transactions_seen\":5},\"next_cursor\":"
        + (nextCursor == null ? "null" : "\"" + nextCursor + "\"") + "}}";
  }
}
