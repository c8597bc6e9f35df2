package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.FundingTransaction;
import io.github.krakensdk.embed.model.FundingTransactionPage;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.FundingTransactionType;
import io.github.krakensdk.embed.model.ListFundingTransactionsRequest;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class FundingTransactionPagesTest {
  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  private final ListFundingTransactionsRequest query = ListFundingTransactionsRequest.builder()
      .type(FundingTransactionType.WITHDRAWAL)
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
  void followsNextCursorKeepingTypeAndPageSize() throws Exception {
    server.enqueue(json(page("Mw", "W3", "W2")));
    server.enqueue(json(page("MQ", "W1")));
    server.enqueue(json(page(null)));

    List<FundingTransaction> all = kraken.embed().listFundingTransactionsPages(query).stream().toList();

    assertEquals(List.of("W3", "W2", "W1"), all.stream().map(FundingTransaction::refId).toList());
    assertEquals(FundingTransactionStatus.PENDING, all.get(0).status());
    assertEquals(new BigDecimal("0.10000000"), all.get(0).amount());
    assertEquals(3, server.getRequestCount());

    HttpUrl first = server.takeRequest().getUrl();
    assertEquals("/b2b/funds/transactions", first.encodedPath());
    // The partner's own account: the operation has no user to send.
    assertEquals(Set.of("type", "page_size"), first.queryParameterNames());
    assertEquals("withdrawal", first.queryParameter("type"));
    for (String cursor : List.of("Mw", "MQ")) {
      HttpUrl url = server.takeRequest().getUrl();
      assertEquals(cursor, url.queryParameter("cursor"));
      assertEquals("withdrawal", url.queryParameter("type"));
      assertEquals(Set.of("cursor", "type", "page_size"), url.queryParameterNames());
      assertEquals("2", url.queryParameter("page_size"));
    }
  }

  @Test
  void requestsAPageOnlyWhenIterationReachesIt() {
    server.enqueue(json(page("Mw", "W3", "W2")));
    server.enqueue(json(page(null, "W1")));

    Iterator<FundingTransactionPage> pages = kraken.embed().listFundingTransactionsPages(query).byPage().iterator();
    assertEquals(0, server.getRequestCount());
    assertTrue(pages.hasNext());
    assertEquals(1, server.getRequestCount());
    pages.next();
    assertEquals(1, server.getRequestCount());
    assertTrue(pages.hasNext());
    assertEquals(2, pages.next().transactions().size() + 1);
    assertFalse(pages.hasNext());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aStreamCutShortAsksForNoFurtherPage() {
    server.enqueue(json(page("Mw", "W3", "W2")));

    FundingTransaction newest = kraken.embed().listFundingTransactionsPages(query).stream().findFirst()
        .orElseThrow();

    assertEquals("W3", newest.refId());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void startsAtTheQueryCursor() throws Exception {
    server.enqueue(json(page(null, "W1")));

    kraken.embed().listFundingTransactionsPages(query.toBuilder().cursor("MQ").build()).stream().toList();

    assertEquals("MQ", server.takeRequest().getUrl().queryParameter("cursor"));
  }

  @Test
  void aRepeatedCursorFailsInsteadOfLoopingForever() {
    server.enqueue(json(page("Mw", "W3")));
    server.enqueue(json(page("Mw", "W2")));

    Iterator<FundingTransactionPage> pages = kraken.embed().listFundingTransactionsPages(query).byPage().iterator();
    pages.next();
    pages.next();

    assertThrows(UnexpectedResponseException.class, pages::hasNext);
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aFailedPageIsThrownFromHasNext() {
    server.enqueue(json(page("Mw", "W3")));
    server.enqueue(json(404, "{\"error\":[\"ENexus:User not found\"]}"));

    Iterator<FundingTransactionPage> pages = kraken.embed().listFundingTransactionsPages(query).byPage().iterator();
    pages.next();

    KrakenServiceException e = assertThrows(KrakenServiceException.class, pages::hasNext);
    assertEquals(List.of("ENexus:User not found"), e.errors());
  }

  private static String page(String nextCursor, String... refs) {
    StringBuilder out = new StringBuilder("{\"result\":{\"transactions\":[");
    for (int i = 0; i < refs.length; i++) {
      out.append(i == 0 ? "" : ",").append("{\"type\":\"withdrawal\",\"date\":\"2025-03-14T12:34:56Z\",")
          .append("\"asset\":\"BTC\",\"amount\":\"0.10000000\",\"status\":\"pending\",\"ref_id\":\"")
          .append(refs[i]).append("\"}");
    }
    out.append("],\"next_cursor\":").append(nextCursor == null ? "null" : "\"" + nextCursor + "\"").append("}}");
    return out.toString();
  }
}
