package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Types;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.spot.model.GetLedgersRequest;
import io.github.krakensdk.spot.model.LedgerPage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ledger pages by {@code ofs} and {@code count}: the paging math, the stops, laziness, shifts. */
final class LedgerPagesTest {
  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;
  private final GetLedgersRequest query = GetLedgersRequest.builder().asset("XBT").build();

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  /** A page of entries (ids) and a count; null leaves count out. */
  static String page(Long count, String... ids) {
    StringBuilder ledger = new StringBuilder();
    for (String id : ids) {
      if (ledger.length() > 0) {
        ledger.append(',');
      }
      ledger.append('"').append(id).append("\":{\"refid\":\"T-").append(id)
          .append("\",\"time\":1688464484.1787,\"type\":\"trade\",\"asset\":\"XXBT\",\"amount\":\"1.5\","
              + "\"fee\":\"0\",\"balance\":\"2\"}");
    }
    return "{\"error\":[],\"result\":{\"ledger\":{" + ledger + "}" + (count == null ? "" : ",\"count\":" + count)
        + "}}";
  }

  private Map<String, Object> body(RecordedRequest request) throws Exception {
    JsonAdapter<Map<String, Object>> adapter =
        new com.squareup.moshi.Moshi.Builder().build().adapter(Types.newParameterizedType(Map.class, String.class, Object.class));
    return adapter.fromJson(request.getBody().utf8());
  }

  @Test
  void movesOfsPastEachPageUntilItReachesTheCount() throws Exception {
    server.enqueue(json(page(5L, "L1", "L2")));
    server.enqueue(json(page(5L, "L3", "L4")));
    server.enqueue(json(page(5L, "L5")));

    List<String> ids = kraken.spot().getLedgersPages(query).stream().map(Map.Entry::getKey).toList();

    assertEquals(List.of("L1", "L2", "L3", "L4", "L5"), ids);
    assertEquals(3, server.getRequestCount(), "ofs reached count 5 after the third page: no fourth request");
    List<Object> offsets = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      RecordedRequest request = server.takeRequest();
      assertEquals("/0/private/Ledgers", request.getUrl().encodedPath());
      Map<String, Object> body = body(request);
      assertEquals("XBT", body.get("asset"), "every page keeps the filters");
      offsets.add(body.get("ofs"));
    }
    assertEquals(java.util.Arrays.asList(null, 2.0, 4.0), offsets, "the first page is the query as given");
  }

  @Test
  void requestsAPageOnlyWhenIterationReachesIt() {
    server.enqueue(json(page(3L, "L1", "L2")));
    server.enqueue(json(page(3L, "L3")));
    Iterator<LedgerPage> pages = kraken.spot().getLedgersPages(query).byPage().iterator();
    assertEquals(0, server.getRequestCount(), "nothing before the first hasNext()");

    assertTrue(pages.hasNext());
    assertEquals(1, server.getRequestCount());
    assertEquals(2, pages.next().ledger().size());
    assertEquals(1, server.getRequestCount());

    assertTrue(pages.hasNext());
    assertEquals(2, server.getRequestCount());
    assertEquals(1, pages.next().ledger().size());
    assertFalse(pages.hasNext());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aStreamCutShortAsksForNoFurtherPage() {
    server.enqueue(json(page(100L, "L1", "L2")));
    server.enqueue(json(page(100L, "L3", "L4")));
    assertEquals(List.of("L1", "L2", "L3"),
        kraken.spot().getLedgersPages(query).stream().limit(3).map(Map.Entry::getKey).toList());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void entriesBookedDuringTheWalkShiftTheOffsetsButEachEntryComesOnce() {
    // L0 is booked after the first page: L2 moves from position 1 to 2 and comes again.
    server.enqueue(json(page(4L, "L1", "L2")));
    server.enqueue(json(page(5L, "L2", "L3")));
    server.enqueue(json(page(5L, "L4")));

    var ledger = kraken.spot().getLedgersPages(query);
    assertEquals(List.of("L1", "L2", "L3", "L4"), ledger.stream().map(Map.Entry::getKey).toList());
    assertEquals(3, server.getRequestCount(), "the latest count (5) is where the walk ends");
  }

  @Test
  void pagesAreGivenAsSentRepeatsIncluded() {
    server.enqueue(json(page(4L, "L1", "L2")));
    server.enqueue(json(page(5L, "L2", "L3")));
    server.enqueue(json(page(5L, "L4")));
    List<Integer> sizes = kraken.spot().getLedgersPages(query).pages().map(p -> p.ledger().size()).toList();
    assertEquals(List.of(2, 2, 1), sizes);
  }

  @Test
  void anEmptyPageEndsTheWalkWhateverTheCountSaid() {
    server.enqueue(json(page(10L, "L1", "L2")));
    server.enqueue(json(page(10L)));
    assertEquals(1, kraken.spot().getLedgersPages(query).pages().count(), "the empty page is not given");
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void anEmptyFirstPageIsGivenAlone() {
    server.enqueue(json(page(0L)));
    List<LedgerPage> pages = kraken.spot().getLedgersPages(query).pages().toList();
    assertEquals(1, pages.size());
    assertEquals(0L, pages.get(0).count());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void withoutCountTheWalkGoesOnUntilAPageIsEmpty() throws Exception {
    server.enqueue(json(page(null, "L1", "L2")));
    server.enqueue(json(page(null, "L3")));
    server.enqueue(json(page(null)));
    GetLedgersRequest withoutCount = query.toBuilder().withoutCount(true).build();
    assertEquals(List.of("L1", "L2", "L3"),
        kraken.spot().getLedgersPages(withoutCount).stream().map(Map.Entry::getKey).toList());
    assertEquals(3, server.getRequestCount());
    server.takeRequest();
    server.takeRequest();
    Map<String, Object> last = body(server.takeRequest());
    assertEquals(3.0, last.get("ofs"));
    assertEquals(true, last.get("without_count"));
  }

  @Test
  void theWalkStartsAtTheQuerysOfs() throws Exception {
    server.enqueue(json(page(14L, "L11", "L12")));
    server.enqueue(json(page(14L, "L13", "L14")));
    kraken.spot().getLedgersPages(query.toBuilder().ofs(10).build()).pages().forEach(p -> { });
    assertEquals(2, server.getRequestCount(), "10 + 2 + 2 reaches count 14");
    assertEquals(10.0, body(server.takeRequest()).get("ofs"));
    assertEquals(12.0, body(server.takeRequest()).get("ofs"));
  }

  @Test
  void aFailedPageIsThrownFromHasNextAndAskedAgainOnTheNextTry() {
    server.enqueue(json(page(4L, "L1", "L2")));
    server.enqueue(json("{\"error\":[\"EGeneral:Internal error\"]}"));
    server.enqueue(json(page(4L, "L3", "L4")));
    Iterator<LedgerPage> pages = kraken.spot().getLedgersPages(query).byPage().iterator();
    pages.next();
    KrakenServiceException e = assertThrows(KrakenServiceException.class, pages::hasNext);
    assertEquals("getLedgers", e.operationId());
    assertTrue(pages.hasNext(), "the same page, asked again");
    assertEquals(new BigDecimal("1.5"), pages.next().ledger().get("L3").amount());
    assertFalse(pages.hasNext());
  }
}
