package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.BinaryDownload;
import io.github.krakensdk.spot.model.ApiKeyInfo;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.ExportFormat;
import io.github.krakensdk.spot.model.ExportRemovalType;
import io.github.krakensdk.spot.model.ExportReport;
import io.github.krakensdk.spot.model.ExportReportStatus;
import io.github.krakensdk.spot.model.ExportReportType;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.LedgerEntryType;
import io.github.krakensdk.spot.model.LedgerPage;
import io.github.krakensdk.spot.model.LedgerTypeFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;

/**
 * Spot account data through the SDK on the sandbox clock: the ledger's paging, filters and bounds,
 * the refusals of the account operations, export reports from queued to downloaded or removed, and
 * what GetApiKeyInfo tells about the calling key.
 */
class SpotAccountTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  // ---- the ledger ----

  @Test
  void ledgerPagesByOffsetWithTheSameCount(KrakenClient kraken) {
    LedgerPage all = kraken.spot().getLedgers();
    long count = all.count();
    assertEquals(count, all.ledger().size(), "fewer than 50 entries fit one page");
    assertTrue(count >= 7, "the seeded deposits: " + count);
    List<String> ids = List.copyOf(all.ledger().keySet());

    LedgerPage rest = kraken.spot().getLedgers(r -> r.ofs(3));
    assertEquals(count, rest.count());
    assertEquals(ids.subList(3, ids.size()), List.copyOf(rest.ledger().keySet()));
    LedgerPage past = kraken.spot().getLedgers(r -> r.ofs((int) count));
    assertEquals(Map.of(), past.ledger());
    assertEquals(count, past.count());

    LedgerPage uncounted = kraken.spot().getLedgers(r -> r.withoutCount(true));
    assertNull(uncounted.count());
    assertEquals(all.ledger(), uncounted.ledger());
  }

  @Test
  void ledgerFiltersByAssetClassAndType(KrakenClient kraken) {
    Map<String, LedgerEntry> coins = kraken.spot().getLedgers(r -> r.asset("XBT,ETH")).ledger();
    assertEquals(Set.of("XXBT", "XETH"), assets(coins), "display and alternative names select internal ones");
    Map<String, LedgerEntry> stocks = kraken.spot().getLedgers(r -> r.aclass(AssetClass.TOKENIZED_ASSET)).ledger();
    assertEquals(Set.of("AAPLx"), assets(stocks));
    LedgerPage deposits = kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.DEPOSIT));
    assertFalse(deposits.ledger().isEmpty());
    assertTrue(deposits.ledger().values().stream().allMatch(e -> LedgerEntryType.DEPOSIT.equals(e.type())));
    assertEquals(0L, kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.MARGIN)).count());
  }

  @Test
  void ledgerStartIsExclusiveAndEndInclusive(KrakenClient kraken) {
    // The seeded deposits are 37 minutes apart, on whole seconds: oldest first here.
    List<LedgerEntry> deposits = new ArrayList<>(kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.DEPOSIT))
        .ledger().values());
    Collections.reverse(deposits);
    long second = deposits.get(1).time().longValueExact();
    assertEquals(2L, kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.DEPOSIT).end(second)).count());
    assertEquals(deposits.size() - 2L,
        kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.DEPOSIT).start(second)).count());
    long first = deposits.get(0).time().longValueExact();
    assertEquals(1L, kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.DEPOSIT).start(first - 1).end(first))
        .count());
  }

  @Test
  void refusalsOfTheAccountOperations(KrakenClient kraken) {
    assertEquals(List.of("EQuery:Unknown asset"), refusal(() -> kraken.spot().getLedgers(r -> r.asset("XBT,DOGE"))));
    assertEquals(List.of("EQuery:Unknown asset"), refusal(() -> kraken.spot().getTradeBalance(r -> r.asset("DOGE"))));
    String tooMany = String.join(",", Collections.nCopies(21, "L4UESK-KG3EQ-UFO4T5"));
    assertEquals(List.of("EGeneral:Invalid arguments:id"),
        refusal(() -> kraken.spot().queryLedgers(r -> r.id(tooMany))));
    // Ids the account does not have are left out, not refused.
    assertEquals(Map.of(), kraken.spot().queryLedgers(r -> r.id("L4UESK-KG3EQ-UFO4T5")));
  }

  @Test
  void balancesAreTheLedgerSumsAndNothingIsHeld(KrakenClient kraken) {
    Map<String, BigDecimal> sums = kraken.spot().getLedgers().ledger().values().stream()
        .collect(Collectors.toMap(LedgerEntry::asset, e -> e.amount().subtract(e.fee()), BigDecimal::add));
    Map<String, BigDecimal> balances = kraken.spot().getBalance();
    assertEquals(sums.keySet(), balances.keySet());
    sums.forEach((asset, sum) -> assertEquals(0, sum.compareTo(balances.get(asset)), asset));
    kraken.spot().getExtendedBalance().forEach((asset, extended) -> {
      assertEquals(balances.get(asset), extended.balance(), asset);
      assertEquals(0, extended.holdTrade().signum(), asset + " without open orders");
    });
    assertEquals(0, kraken.spot().getTradeBalance().uv().signum());
  }

  @Test
  void anEarnDeallocationCompletedOnTheClockIsInTheBalanceAndTheLedger(KrakenClient kraken) {
    BigDecimal before = kraken.spot().getBalance().get("XETH");
    kraken.spot().deallocateEarnFunds(r -> r.strategyId(SpotFamily.STRATEGY_ETH).amount(new BigDecimal("1.5")));
    assertEquals(0, before.compareTo(kraken.spot().getBalance().get("XETH")), "not before it completes");
    clock.advance(Duration.ofSeconds(2));
    // No Earn call in between: reading the balance books what completed.
    assertEquals(0, before.add(new BigDecimal("1.5")).compareTo(kraken.spot().getBalance().get("XETH")));
    LedgerEntry newest = kraken.spot().getLedgers(r -> r.asset("ETH")).ledger().values().iterator().next();
    assertEquals(List.of(LedgerEntryType.EARN, "deallocation"), List.of(newest.type(), newest.subtype()));
    assertEquals(0, newest.balance().compareTo(before.add(new BigDecimal("1.5"))));
  }

  // ---- exports ----

  @Test
  void anExportIsQueuedThenProcessingThenProcessedOnTheClockAndDownloadsAsZip(KrakenClient kraken) throws IOException {
    String id = kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS).description("ledger tsv")
        .format(ExportFormat.TSV).fields("refid,amount").startTime(0L)).id();
    assertEquals(ExportReportStatus.QUEUED, report(kraken, id).status());
    assertEquals(List.of("EGeneral:Invalid arguments:id:report not processed"),
        refusal(() -> kraken.spot().retrieveExport(r -> r.id(id))));
    clock.advance(Duration.ofSeconds(10));
    assertEquals(ExportReportStatus.PROCESSING, report(kraken, id).status());
    assertEquals("0", report(kraken, id).completedTime());
    clock.advance(Duration.ofSeconds(20));
    ExportReport processed = report(kraken, id);
    assertEquals(ExportReportStatus.PROCESSED, processed.status());
    assertEquals(START.plusSeconds(30).getEpochSecond(), Long.parseLong(processed.completedTime()));
    assertEquals("refid,amount", processed.fields());

    Map<String, String> files = unzip(kraken.spot().retrieveExport(r -> r.id(id)));
    assertEquals(Set.of("ledgers.tsv"), files.keySet());
    List<String> lines = files.get("ledgers.tsv").lines().toList();
    // The id is always there; of the rest, the fields asked for, in the file's column order.
    assertEquals("\"txid\"\t\"refid\"\t\"amount\"", lines.get(0));
    Map<String, LedgerEntry> ledger = kraken.spot().getLedgers().ledger();
    assertEquals(ledger.size(), lines.size() - 1);
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split("\t");
      LedgerEntry entry = ledger.get(cells[0].replace("\"", ""));
      assertEquals("\"" + entry.refid() + "\"", cells[1], line);
      assertEquals(0, new BigDecimal(cells[2]).compareTo(entry.amount()), line);
    }
  }

  @Test
  void aTradesExportOfAnAccountWithoutTradesHoldsItsHeaderOnly(KrakenClient kraken) throws IOException {
    String id = kraken.spot().addExport(r -> r.report(ExportReportType.TRADES).description("no trades")).id();
    assertEquals(List.of(), kraken.spot().listExports(r -> r.report(ExportReportType.LEDGERS)),
        "listed under its own kind only");
    clock.advance(Duration.ofSeconds(30));
    Map<String, String> files = unzip(kraken.spot().retrieveExport(r -> r.id(id)));
    assertEquals(List.of("\"txid\",\"ordertxid\",\"pair\",\"time\",\"type\",\"ordertype\",\"price\",\"cost\",\"fee\","
        + "\"vol\",\"margin\",\"misc\",\"ledgers\""), files.get("trades.csv").lines().toList());
  }

  @Test
  void anUnprocessedReportIsCancelledAndAProcessedOneDeleted(KrakenClient kraken) {
    String queued = kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS).description("queued")).id();
    assertEquals(List.of("EGeneral:Invalid arguments:type"),
        refusal(() -> kraken.spot().removeExport(r -> r.id(queued).type(ExportRemovalType.DELETE))));
    assertEquals(Boolean.TRUE, kraken.spot().removeExport(r -> r.id(queued).type(ExportRemovalType.CANCEL)).cancel());
    assertEquals(List.of(), kraken.spot().listExports(r -> r.report(ExportReportType.LEDGERS)));
    assertEquals(List.of("EGeneral:Invalid arguments:id"),
        refusal(() -> kraken.spot().retrieveExport(r -> r.id(queued))));

    String done = kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS).description("done")).id();
    clock.advance(Duration.ofSeconds(30));
    assertEquals(List.of("EGeneral:Invalid arguments:type"),
        refusal(() -> kraken.spot().removeExport(r -> r.id(done).type(ExportRemovalType.CANCEL))));
    assertEquals(Boolean.TRUE, kraken.spot().removeExport(r -> r.id(done).type(ExportRemovalType.DELETE)).delete());
    assertEquals(List.of("EGeneral:Invalid arguments:id"),
        refusal(() -> kraken.spot().removeExport(r -> r.id(done).type(ExportRemovalType.DELETE))));
  }

  @Test
  void anExportWithAFieldOfTheOtherKindIsRefused(KrakenClient kraken) {
    assertEquals(List.of("EGeneral:Invalid arguments:fields"), refusal(() -> kraken.spot().addExport(r -> r
        .report(ExportReportType.TRADES).description("bad").fields("ordertxid,wallet"))));
    assertEquals(List.of("EGeneral:Invalid arguments:endtm"), refusal(() -> kraken.spot().addExport(r -> r
        .report(ExportReportType.LEDGERS).description("bad").startTime(200L).endTime(100L))));
  }

  // ---- the key ----

  @Test
  void apiKeyInfoDescribesTheCallingKeyWithTheNonceItWasSignedWith(Sandbox sandbox) {
    SandboxKey demo = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    clock.advance(Duration.ofMinutes(5));
    Raw.Answer answer = new Raw(sandbox).spot("/0/private/GetApiKeyInfo", demo, nonce, "");
    assertEquals(200, answer.status());
    assertTrue(answer.body().contains("\"nonce\":\"" + nonce + "\""), answer.body());
    assertTrue(answer.body().contains("\"created_time\":\"" + START.getEpochSecond() + "\""), answer.body());
    assertTrue(answer.body().contains("\"last_used\":\"" + START.plusSeconds(300).getEpochSecond() + "\""),
        answer.body());
    assertTrue(answer.body().contains("\"iban\":\"AA29 N84G TRQF ZL8R\""), answer.body());

    SandboxKey other = sandbox.spot().newKey().issue();
    try (KrakenClient client = sandbox.newClientBuilder().spotCredentials(other.credentials()).build()) {
      ApiKeyInfo info = client.spot().getApiKeyInfo();
      assertEquals(other.key(), info.apiKey());
      assertEquals("sandbox spot extra", info.apiKeyName());
      assertEquals("AA29N84GTRQFZL8R", info.iban().replace(" ", ""), "a key of the same account");
      assertEquals(List.of(), info.ipAllowlist());
      assertEquals("0", info.validUntil());
    }
  }

  @Test
  void keyPermissionsAreListedUnderTheServiceNamesInItsOrder() {
    assertEquals(List.of("query-funds", "query-ledger", "create-ws-token"),
        SpotFamily.servicePermissions(List.of("websocket", "ledger-query", "funds-query")));
    assertEquals(List.of(), SpotFamily.servicePermissions(List.of("export-data", "funds-earn")),
        "no name of the service's has been seen for these");
  }

  // ---- helpers ----

  private static Set<String> assets(Map<String, LedgerEntry> entries) {
    return entries.values().stream().map(LedgerEntry::asset).collect(Collectors.toSet());
  }

  private static ExportReport report(KrakenClient kraken, String id) {
    return kraken.spot().listExports(r -> r.report(ExportReportType.LEDGERS)).stream()
        .filter(report -> report.id().equals(id)).findFirst().orElseThrow();
  }

  /** The archive's files by name, as text. */
  private static Map<String, String> unzip(BinaryDownload download) throws IOException {
    assertEquals("application/zip", download.contentType());
    Map<String, String> files = new LinkedHashMap<>();
    try (ZipInputStream zip = new ZipInputStream(download.inputStream())) {
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        zip.transferTo(bytes);
        files.put(entry.getName(), bytes.toString(StandardCharsets.UTF_8));
      }
    }
    return files;
  }

  private static List<String> refusal(Executable call) {
    return assertThrows(KrakenServiceException.class, call).errors();
  }
}
