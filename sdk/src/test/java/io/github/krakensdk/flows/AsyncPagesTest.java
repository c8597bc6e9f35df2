package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderList;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.OhlcEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated {@code ...PagesAsync} methods: one call per page, each requested after the page
 * before was handed over, on the client's completion executor; the same items as the blocking
 * walk; a failed page fails the future and ends the walk.
 */
final class AsyncPagesTest {
  private static final String USER = "AA29N84GTRQFZL8R";

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private final ExecutorService completion = Executors.newSingleThreadExecutor(r -> new Thread(r, "paging-completion"));
  private KrakenClient kraken;

  @BeforeEach
  void setUp() {
    Environment environment = Environment.PRODUCTION.toBuilder()
        .spot(server.url("/").toString())
        .embed(server.url("/").toString())
        .build();
    kraken = KrakenClient.builder()
        .environment(environment)
        .spotCredentials(FlowServers.CREDENTIALS)
        .embedCredentials(FlowServers.CREDENTIALS)
        .retryPolicy(RetryPolicy.none())
        .completionExecutor(completion)
        .build();
  }

  @AfterEach
  void tearDown() {
    kraken.close();
    completion.shutdownNow();
  }

  @Test
  void pagesComeOneAfterAnotherOnTheCompletionExecutorWithEachEntryOnce() throws Exception {
    // L0 is booked after the first page: L2 comes again on the second, and is given once.
    server.enqueue(json(LedgerPagesTest.page(4L, "L1", "L2")));
    server.enqueue(json(LedgerPagesTest.page(5L, "L2", "L3")));
    server.enqueue(json(LedgerPagesTest.page(5L, "L4")));
    List<String> threads = new CopyOnWriteArrayList<>();
    List<Integer> requestsSeen = new CopyOnWriteArrayList<>();

    List<String> ids = new ArrayList<>();
    kraken.spot().getLedgersPagesAsync(r -> r.asset("XBT"))
        .forEach((Map.Entry<String, LedgerEntry> entry) -> {
          threads.add(Thread.currentThread().getName());
          requestsSeen.add(server.getRequestCount());
          ids.add(entry.getKey());
        })
        .get(10, TimeUnit.SECONDS);

    assertEquals(List.of("L1", "L2", "L3", "L4"), ids);
    assertEquals(3, server.getRequestCount(), "the latest count (5) ends the walk");
    assertEquals(List.of(1, 1, 2, 3), requestsSeen, "a page is requested only after the one before was handed over");
    assertTrue(threads.stream().allMatch("paging-completion"::equals), threads.toString());
  }

  @Test
  void forEachPageGivesThePagesAsSent() throws Exception {
    server.enqueue(json(CustomOrderPagesTest.page("c2", "CO000003", "CO000002")));
    server.enqueue(json(CustomOrderPagesTest.page(null, "CO000001")));
    List<CustomOrderList> pages = new ArrayList<>();

    kraken.embed().listCustomOrdersPagesAsync(r -> r.user(USER)).forEachPage(pages::add).get(10, TimeUnit.SECONDS);

    assertEquals(List.of(2, 1), pages.stream().map(page -> page.orders().size()).toList());
    assertNull(server.takeRequest().getUrl().queryParameter("cursor"), "the first page is the request as given");
    assertEquals("c2", server.takeRequest().getUrl().queryParameter("cursor"));
  }

  @Test
  void aFailedPageFailsTheFutureAndNoLaterPageIsAsked() throws Exception {
    server.enqueue(json(LedgerPagesTest.page(6L, "L1", "L2")));
    server.enqueue(json("{\"error\":[\"EGeneral:Internal error\"]}"));
    server.enqueue(json(LedgerPagesTest.page(6L, "L3", "L4")));

    ExecutionException failed = assertThrows(ExecutionException.class,
        () -> kraken.spot().getLedgersPagesAsync().toList().get(10, TimeUnit.SECONDS));

    KrakenServiceException cause = assertInstanceOf(KrakenServiceException.class, failed.getCause());
    assertEquals("getLedgers", cause.operationId());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aRepeatedCursorFailsTheFutureAfterItsPage() throws Exception {
    server.enqueue(json(CustomOrderPagesTest.page("c2", "CO000002")));
    server.enqueue(json(CustomOrderPagesTest.page("c2", "CO000001")));
    List<String> given = new ArrayList<>();

    ExecutionException failed = assertThrows(ExecutionException.class, () -> kraken.embed()
        .listCustomOrdersPagesAsync(r -> r.user(USER))
        .forEach((CustomOrder order) -> given.add(order.id()))
        .get(10, TimeUnit.SECONDS));

    assertInstanceOf(UnexpectedResponseException.class, failed.getCause());
    assertEquals(List.of("CO000002", "CO000001"), given, "both pages were good");
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void theFormingCandleComesLastAsTheBlockingWalkGivesIt() throws Exception {
    server.enqueue(json(SincePagesTest.candles(120, 60, 120, 180)));
    server.enqueue(json(SincePagesTest.candles(120)));

    List<OhlcEntry> candles = kraken.spot().getOhlcPagesAsync(r -> r.pair("XBTUSD")).toList()
        .get(10, TimeUnit.SECONDS);

    assertEquals(List.of(60L, 120L, 180L), candles.stream().map(OhlcEntry::time).toList());
  }

  @Test
  void aRequestThatBreaksTheContractIsRefusedBeforeAnythingIsSent() {
    assertThrows(ConstraintViolationException.class, () -> kraken.spot().getOhlcPagesAsync(r -> r.since(5L)));
    assertThrows(ConstraintViolationException.class, () -> kraken.spot().getOhlcPages(r -> r.since(5L)));
    assertEquals(0, server.getRequestCount());
  }
}
