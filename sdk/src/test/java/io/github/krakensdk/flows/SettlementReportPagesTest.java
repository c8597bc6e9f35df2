package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.ListSettlementReportsRequest;
import io.github.krakensdk.embed.model.SettlementReportSummary;
import io.github.krakensdk.embed.model.SettlementReportType;
import io.github.krakensdk.errors.KrakenServiceException;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class SettlementReportPagesTest {
  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  private final ListSettlementReportsRequest query = ListSettlementReportsRequest.builder()
      .filterReportType(List.of(SettlementReportType.TRADES))
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
  void asksEveryPageByNumberUpToTheTotal() throws Exception {
    server.enqueue(json(page(1, 3, true, "R1", "R2")));
    server.enqueue(json(page(2, 3, true, "R3", "R4")));
    server.enqueue(json(page(3, 3, false, "R5")));

    List<String> ids = kraken.embed().listSettlementReportsPages(query).stream()
        .map(SettlementReportSummary::id).toList();

    assertEquals(List.of("R1", "R2", "R3", "R4", "R5"), ids);
    assertEquals(3, server.getRequestCount());
    for (int number = 1; number <= 3; number++) {
      HttpUrl url = server.takeRequest().getUrl();
      assertEquals("/b2b/reports/settlement", url.encodedPath());
      assertEquals(String.valueOf(number), url.queryParameter("page[number]"));
      assertEquals("2", url.queryParameter("page[size]"), "the filters and size go with every page");
      assertEquals(List.of("trades"), url.queryParameterValues("filter[report_type][]"));
    }
  }

  @Test
  void startsAtTheRequestsPageAndGivesAShiftedReportOnce() {
    server.enqueue(json(page(2, 3, true, "R3", "R4")));
    // A new report arrived: page 3 now repeats R4.
    server.enqueue(json(page(3, 3, false, "R4", "R5")));
    List<String> ids = kraken.embed().listSettlementReportsPages(query.toBuilder().pageNumber(2).build()).stream()
        .map(SettlementReportSummary::id).toList();
    assertEquals(List.of("R3", "R4", "R5"), ids);
  }

  @Test
  void anEmptyPageOrOneWithoutNextEndsAWalkWithoutMeta() {
    server.enqueue(json("{\"result\":{\"reports\":[{\"id\":\"R1\",\"date\":\"2025-07-01\",\"type\":\"trades\"}],"
        + "\"links\":{\"next\":\"/b2b/reports/settlement?page[number]=2\"}}}"));
    server.enqueue(json("{\"result\":{\"reports\":[]}}"));
    assertEquals(1, kraken.embed().listSettlementReportsPages(query).stream().count());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aFailedPageIsThrown() {
    server.enqueue(json(page(1, 2, true, "R1")));
    server.enqueue(json(503, "{\"error\":[\"EService:Unavailable\"]}"));
    var reports = kraken.embed().listSettlementReportsPages(query).stream().iterator();
    assertEquals("R1", reports.next().id());
    KrakenServiceException e = assertThrows(KrakenServiceException.class, reports::hasNext);
    assertEquals("listSettlementReports", e.operationId());
  }

  private static String page(int number, int pages, boolean next, String... ids) {
    StringBuilder reports = new StringBuilder();
    for (String id : ids) {
      if (reports.length() > 0) {
        reports.append(',');
      }
      reports.append("{\"id\":\"").append(id).append("\",\"date\":\"2025-07-01\",\"type\":\"trades\",\"size\":10}");
    }
    return "{\"result\":{\"reports\":[" + reports + "],\"links\":{\"self\":\"s\""
        + (next ? ",\"next\":\"n\"" : "") + "},\"meta\":{\"total_items\":5,\"total_pages\":" + pages
        + ",\"page_size\":2,\"page_number\":" + number + "}}}";
  }
}
