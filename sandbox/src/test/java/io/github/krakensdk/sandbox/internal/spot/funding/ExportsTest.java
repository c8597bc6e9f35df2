package io.github.krakensdk.sandbox.internal.spot.funding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.LedgerRow;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.TradeRow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

class ExportsTest {
  final Fixture f = new Fixture();
  final long monthAgo = Fixture.START.minus(Duration.ofDays(40)).getEpochSecond();

  String add(Map<String, Object> params) {
    return (String) f.object("addExport", params).get("id");
  }

  Map<String, Object> status(String report, String id) {
    for (Map<String, Object> entry : f.list("getExportStatus", Map.of("report", report))) {
      if (entry.get("id").equals(id)) {
        return entry;
      }
    }
    return null;
  }

  /** The archive's entries: name → text. */
  static Map<String, String> unzip(byte[] zip) throws IOException {
    Map<String, String> entries = new LinkedHashMap<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
      for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
        entries.put(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    return entries;
  }

  @Test
  void aLedgerExportIsQueuedThenProcessingThenAZipOfTheLedgerRows() throws IOException {
    String id = add(Map.of("report", "ledgers", "description", "my ledger", "starttm", monthAgo));
    assertTrue(id.matches("[A-Z]{4}"), id);
    Map<String, Object> queued = status("ledgers", id);
    assertEquals(List.of("id", "descr", "format", "report", "subtype", "status", "flags", "fields", "createdtm",
        "expiretm", "starttm", "endtm", "completedtm", "datastarttm", "dataendtm", "aclass", "asset"),
        List.copyOf(queued.keySet()));
    assertEquals(List.of("Queued", "CSV", "all", "my ledger", "0"), List.of(queued.get("status"),
        queued.get("format"), queued.get("fields"), queued.get("descr"), queued.get("completedtm")));
    assertEquals(Long.toString(Fixture.START.getEpochSecond()), queued.get("createdtm"));
    assertEquals(Long.toString(monthAgo), queued.get("datastarttm"));
    assertEquals(List.of(Errors.EXPORT_NOT_PROCESSED), f.refused("retrieveExport", Map.of("id", id)));

    f.clock.advance(Duration.ofSeconds(10));
    assertEquals("Processing", status("ledgers", id).get("status"));
    f.clock.advance(Duration.ofSeconds(20));
    Map<String, Object> processed = status("ledgers", id);
    assertEquals("Processed", processed.get("status"));
    assertEquals(Long.toString(Fixture.START.getEpochSecond() + 30), processed.get("completedtm"));
    assertNull(status("trades", id), "listed under its own report kind only");

    Map<String, String> files = unzip((byte[]) f.call("retrieveExport", Map.of("id", id)));
    assertEquals(List.of("ledgers.csv"), List.copyOf(files.keySet()));
    List<String> lines = files.get("ledgers.csv").lines().toList();
    assertEquals("\"txid\",\"refid\",\"time\",\"type\",\"subtype\",\"aclass\",\"asset\",\"wallet\",\"amount\","
        + "\"fee\",\"balance\"", lines.get(0));
    List<LedgerRow> ledger = f.account.ledger();
    assertEquals(ledger.size(), lines.size() - 1, "every row of the range");
    LedgerRow buy = ledger.get(6); // the USD side of the seeded BTC purchase
    assertEquals(String.join(",", quote(buy.id()), quote(buy.refid()), quote(time(buy)), "\"trade\"",
        "\"tradespot\"", "\"currency\"", "\"ZUSD\"", "\"spot / main\"", "-30000.0000", "78.0000",
        buy.balance().toPlainString()), lines.get(7));
  }

  static String quote(String text) {
    return "\"" + text + "\"";
  }

  static String time(LedgerRow row) {
    return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC).format(row.time());
  }

  @Test
  void aTradeExportInTsvWithChosenFieldsKeepsTheAlwaysColumns() throws IOException {
    String id = add(Map.of("report", "trades", "description", "two fields", "format", "TSV",
        "fields", "price,time", "starttm", Long.toString(monthAgo)));
    f.clock.advance(Duration.ofMinutes(1));
    Map<String, String> files = unzip((byte[]) f.call("retrieveExport", Map.of("id", id)));
    List<String> lines = files.get("trades.tsv").lines().toList();
    assertEquals("\"txid\"\t\"pair\"\t\"time\"\t\"type\"\t\"price\"", lines.get(0));
    List<TradeRow> trades = f.account.trades();
    assertEquals(trades.size() + 1, lines.size());
    TradeRow sell = trades.get(1);
    assertEquals(String.join("\t", quote(sell.txid()), "\"XETHZUSD\"", "\"2025-03-09 09:16:27.6000\"", "\"sell\"",
        "3100.00"), lines.get(2));
  }

  @Test
  void theRangeLimitsTheRows() throws IOException {
    long fiveDaysAgo = Fixture.START.minus(Duration.ofDays(6)).getEpochSecond();
    String id = add(Map.of("report", "ledgers", "description", "recent", "starttm", fiveDaysAgo));
    f.clock.advance(Duration.ofMinutes(1));
    List<String> lines = unzip((byte[]) f.call("retrieveExport", Map.of("id", id))).get("ledgers.csv")
        .lines().toList();
    assertEquals(3, lines.size(), "the header and the two rows of the ETH sale");
    List<String> expected = new ArrayList<>();
    for (LedgerRow row : f.account.ledger()) {
      if (!row.time().isBefore(Fixture.START.minus(Duration.ofDays(6)))) {
        expected.add(row.id());
      }
    }
    assertEquals(expected, lines.subList(1, 3).stream().map(l -> l.substring(1, l.indexOf('"', 1))).toList());
  }

  @Test
  void removeCancelsWhatIsNotReadyAndDeletesWhatIs() {
    String queued = add(Map.of("report", "trades", "description", "a"));
    assertEquals(List.of(Errors.EXPORT_WRONG_REMOVAL), f.refused("removeExport", Map.of("id", queued,
        "type", "delete")));
    assertEquals(Map.of("cancel", true), f.object("removeExport", Map.of("id", queued, "type", "cancel")));
    assertNull(status("trades", queued));
    assertEquals(List.of(Errors.UNKNOWN_EXPORT), f.refused("retrieveExport", Map.of("id", queued)));

    String done = add(Map.of("report", "trades", "description", "b"));
    f.clock.advance(Duration.ofMinutes(1));
    assertEquals(List.of(Errors.EXPORT_WRONG_REMOVAL), f.refused("removeExport", Map.of("id", done,
        "type", "cancel")));
    assertEquals(Map.of("delete", true), f.object("removeExport", Map.of("id", done, "type", "delete")));
    assertEquals(List.of(Errors.UNKNOWN_EXPORT), f.refused("removeExport", Map.of("id", done, "type", "delete")));
  }

  @Test
  void addRefusesWhatTheServiceDoesNotTake() {
    assertEquals(List.of("EGeneral:Invalid arguments:report"), f.refused("addExport",
        Map.of("report", "orders", "description", "x")));
    assertEquals(List.of("EGeneral:Invalid arguments:format"), f.refused("addExport",
        Map.of("report", "trades", "description", "x", "format", "XLS")));
    assertEquals(List.of("EGeneral:Invalid arguments:fields"), f.refused("addExport",
        Map.of("report", "ledgers", "description", "x", "fields", "refid,price")));
    assertEquals(List.of("EGeneral:Invalid arguments:description"), f.refused("addExport",
        Map.of("report", "ledgers")));
  }
}
