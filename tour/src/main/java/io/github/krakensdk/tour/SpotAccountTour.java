package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.BinaryDownload;
import io.github.krakensdk.spot.model.ApiKeyInfo;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.ApiKeyPermission;
import io.github.krakensdk.spot.model.CreditLimitsMonitor;
import io.github.krakensdk.spot.model.CreditLines;
import io.github.krakensdk.spot.model.ExportFormat;
import io.github.krakensdk.spot.model.ExportRemoval;
import io.github.krakensdk.spot.model.ExportRemovalType;
import io.github.krakensdk.spot.model.ExportReport;
import io.github.krakensdk.spot.model.ExportReportStatus;
import io.github.krakensdk.spot.model.ExportReportType;
import io.github.krakensdk.spot.model.ExtendedBalance;
import io.github.krakensdk.spot.model.FeeTierInfo;
import io.github.krakensdk.spot.model.ListExportsRequest;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.LedgerEntryType;
import io.github.krakensdk.spot.model.LedgerPage;
import io.github.krakensdk.spot.model.LedgerTypeFilter;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.TradeBalance;
import io.github.krakensdk.spot.model.WalletAccount;
import io.github.krakensdk.spot.model.WalletAccountType;
import io.github.krakensdk.spot.model.WalletAccounts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The tour's account data: balances, the ledger, credit lines, exports, the API key and the wallets.
 * It runs after the trading part, so its checks hold whatever that part did: every balance is the
 * sum of its asset's ledger movements, the amounts held by open orders show up both in BalanceEx
 * and in TradeBalance's unexecuted value, and the export's rows are the ledger's entries.
 */
final class SpotAccountTour {
  /** How long an application polls for an export on the sandbox clock, and how often. */
  private static final Duration POLL_LIMIT = Duration.ofMinutes(5);
  private static final Duration POLL_INTERVAL = Duration.ofSeconds(5);
  private static final DateTimeFormatter EXPORT_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  private final Tour tour;
  /** Balances as getBalance showed them. */
  private Map<String, BigDecimal> balances = Map.of();
  /** Every ledger entry by id, newest first, as getLedgers paged through them. */
  private final Map<String, LedgerEntry> ledger = new LinkedHashMap<>();
  private String ledgerExport;
  /** A report requested in retrieveExport and cancelled, still unprocessed, in removeExport. */
  private String queuedExport;
  private Instant exportStart;

  private SpotAccountTour(Tour tour) {
    this.tour = tour;
  }

  static void run(Tour tour) {
    new SpotAccountTour(tour).steps();
  }

  private void steps() {
    tour.step("getBalance", this::balance);
    tour.step("getExtendedBalance", this::extendedBalance);
    tour.step("getTradeBalance", this::tradeBalance);
    tour.step("getCreditLines", this::creditLines);
    tour.step("getLedgers", this::ledgers);
    tour.step("queryLedgers", this::queryLedgers);
    tour.step("addExport", this::addExport);
    tour.step("getExportStatus", this::exportStatus);
    tour.step("retrieveExport", this::retrieveExport);
    tour.step("removeExport", this::removeExport);
    tour.step("getApiKeyInfo", this::apiKeyInfo);
    tour.step("listWalletAccounts", this::walletAccounts);
  }

  // ---- balances ----

  private String balance() throws Exception {
    balances = tour.kraken.spot().getBalance();
    check(!balances.isEmpty(), "no balances");
    for (Map.Entry<String, BigDecimal> balance : balances.entrySet()) {
      check(balance.getValue().signum() >= 0, balance.getKey() + " is negative: " + balance.getValue());
    }
    return balances.size() + " assets: " + balances.entrySet().stream()
        .map(b -> b.getKey() + " " + b.getValue().toPlainString()).collect(Collectors.joining(", "));
  }

  private String extendedBalance() throws Exception {
    Map<String, ExtendedBalance> extended = tour.kraken.spot().getExtendedBalance();
    check(extended.keySet().equals(balances.keySet()), "assets " + extended.keySet() + ", Balance had "
        + balances.keySet());
    Holds holds = holds();
    List<String> held = new ArrayList<>();
    for (Map.Entry<String, ExtendedBalance> entry : extended.entrySet()) {
      ExtendedBalance balance = entry.getValue();
      String asset = entry.getKey();
      check(balance.balance().compareTo(balances.get(asset)) == 0, asset + " balance " + balance.balance()
          + ", Balance said " + balances.get(asset));
      check(balance.holdTrade().signum() >= 0 && balance.holdTrade().compareTo(balance.balance()) <= 0,
          asset + " holds " + balance.holdTrade() + " of " + balance.balance());
      // No credit line on the demo account: no credit members.
      check(balance.credit() == null && balance.creditUsed() == null, asset + " has credit " + balance.credit());
      // Held exactly where open orders hold: the quote of a buy, the base of a sell.
      check((balance.holdTrade().signum() > 0) == holds.assets.contains(asset), asset + " holds "
          + balance.holdTrade() + ", open orders hold " + holds.assets);
      if (holds.least.containsKey(asset)) {
        check(balance.holdTrade().compareTo(holds.least.get(asset)) >= 0
            && balance.holdTrade().compareTo(holds.most.get(asset)) <= 0, asset + " holds " + balance.holdTrade()
            + ", its limit orders " + holds.least.get(asset) + " plus at most the taker fee");
      }
      if (balance.holdTrade().signum() > 0) {
        held.add(asset + " " + balance.holdTrade().toPlainString());
      }
    }
    return "balances as Balance's; held by " + holds.orders + " open order(s) (hold_trade): "
        + (held.isEmpty() ? "nothing" : held) + ", as their volumes and limit prices (plus taker fee) say";
  }

  /**
   * What the open orders hold: the assets they hold, and where only plain limit orders hold an
   * asset, the least (volume left times limit price, or volume left) and the most (plus the taker
   * fee, rounded up) they can hold of it.
   */
  private record Holds(int orders, Set<String> assets, Map<String, BigDecimal> least, Map<String, BigDecimal> most) {}

  private Holds holds() {
    Map<String, OrderInfo> open = tour.kraken.spot().getOpenOrders().open();
    Set<String> assets = new TreeSet<>();
    Map<String, BigDecimal> least = new TreeMap<>();
    Map<String, BigDecimal> most = new TreeMap<>();
    Set<String> inexact = new TreeSet<>();
    if (open.isEmpty()) {
      return new Holds(0, assets, least, most);
    }
    // Orders name their pair by its altname (XBTUSD); pairs and fees are keyed by the canonical name.
    Map<String, AssetPair> pairs = tour.kraken.spot().getAssetPairs();
    Map<String, String> canonical = new TreeMap<>();
    pairs.forEach((name, pair) -> canonical.put(pair.altname(), name));
    String names = open.values().stream().map(o -> o.description().pair()).distinct().collect(Collectors.joining(","));
    Map<String, FeeTierInfo> fees = tour.kraken.spot().getTradeVolume(r -> r.pair(names)).fees();
    for (OrderInfo order : open.values()) {
      String name = canonical.get(order.description().pair());
      check(name != null, "no pair " + order.description().pair());
      AssetPair pair = pairs.get(name);
      boolean buy = OrderSide.BUY.equals(order.description().side());
      String asset = buy ? pair.quote() : pair.base();
      assets.add(asset);
      boolean plain = OrderType.LIMIT.equals(order.description().orderType()) && !order.flags().contains("viqc")
          && !order.flags().contains("fcib");
      if (!plain) {
        inexact.add(asset);
        continue;
      }
      BigDecimal left = order.volume().subtract(order.volumeExecuted());
      BigDecimal amount = buy ? left.multiply(new BigDecimal(order.description().price())) : left;
      BigDecimal fee = fees.get(name).fee();
      least.merge(asset, amount, BigDecimal::add);
      // Rounded up to the asset's decimals: at most one unit of the fourth decimal more.
      most.merge(asset, amount.add(amount.multiply(fee).movePointLeft(2)).add(new BigDecimal("0.0001")),
          BigDecimal::add);
    }
    inexact.forEach(asset -> {
      least.remove(asset);
      most.remove(asset);
    });
    return new Holds(open.size(), assets, least, most);
  }

  private String tradeBalance() throws Exception {
    TradeBalance usd = tour.kraken.spot().getTradeBalance();
    TradeBalance xbt = tour.kraken.spot().getTradeBalance(r -> r.asset("XBT"));
    // Valued in XBT, the same equivalent balance times XBT's price is the one in USD.
    BigDecimal price = tour.kraken.spot().getTicker(r -> r.pair("XBTUSD")).get("XXBTZUSD").lastTrade().price();
    BigDecimal converted = xbt.eb().multiply(price);
    check(converted.subtract(usd.eb()).abs().compareTo(new BigDecimal("0.001")) <= 0,
        "eb " + xbt.eb() + " XBT × " + price + " = " + converted + ", not " + usd.eb() + " USD");
    check(usd.tb().compareTo(usd.eb()) <= 0, "trade balance " + usd.tb() + " above equivalent " + usd.eb());
    // No margin positions: equity and free margin are the trade balance, nothing is used.
    check(usd.e().compareTo(usd.tb()) == 0 && usd.mf().compareTo(usd.tb()) == 0, "e " + usd.e() + ", mf "
        + usd.mf() + ", tb " + usd.tb());
    check(usd.m().signum() == 0 && usd.ml() == null, "margin used " + usd.m() + ", level " + usd.ml());
    // What open orders hold (BalanceEx) and their unexecuted value (uv) go together.
    boolean holds = tour.kraken.spot().getExtendedBalance().values().stream()
        .anyMatch(b -> b.holdTrade().signum() > 0);
    check(holds == (usd.uv().signum() > 0), "uv " + usd.uv() + " while open orders hold "
        + (holds ? "something" : "nothing"));
    return "equivalent " + usd.eb() + " USD = " + xbt.eb() + " XBT at " + price + "; trade balance (collateral) "
        + usd.tb() + " USD; unexecuted orders " + usd.uv() + " USD";
  }

  private String creditLines() throws Exception {
    CreditLines lines = tour.kraken.spot().getCreditLines();
    TradeBalance usd = tour.kraken.spot().getTradeBalance();
    CreditLimitsMonitor monitor = lines.limitsMonitor();
    check(lines.assetDetails().isEmpty(), "credit lines in " + lines.assetDetails().keySet());
    check(monitor.totalCreditUsd().signum() == 0 && monitor.totalCreditUsedUsd().signum() == 0,
        "credit " + monitor.totalCreditUsd() + ", used " + monitor.totalCreditUsedUsd());
    check(monitor.totalCollateralValueUsd().compareTo(usd.tb()) == 0,
        "collateral " + monitor.totalCollateralValueUsd() + " USD, TradeBalance's tb " + usd.tb());
    check(monitor.equityUsd().compareTo(monitor.totalCollateralValueUsd()) == 0, "equity " + monitor.equityUsd());
    check(monitor.ongoingBalance() == null, "ongoing balance " + monitor.ongoingBalance() + " without credit");
    return "no credit line (a VIP feature): no asset details; collateral " + monitor.totalCollateralValueUsd()
        + " USD (TradeBalance's tb), equity the same, debt to equity " + monitor.debtToEquity();
  }

  // ---- the ledger ----

  private String ledgers() throws Exception {
    ledger.clear();
    int pages = 0;
    long count;
    do {
      int ofs = ledger.size();
      LedgerPage page = tour.kraken.spot().getLedgers(r -> r.ofs(ofs));
      pages++;
      count = page.count();
      check(page.ledger().size() <= 50, "a page of " + page.ledger().size());
      check(ofs + page.ledger().size() <= count, "more entries than count " + count);
      if (page.ledger().isEmpty()) {
        break;
      }
      ledger.putAll(page.ledger());
    } while (ledger.size() < count);
    check(ledger.size() == count, ledger.size() + " entries received, count " + count);
    BigDecimal previous = null;
    for (LedgerEntry entry : ledger.values()) {
      check(previous == null || entry.time().compareTo(previous) <= 0, "not newest first at " + entry.refid());
      previous = entry.time();
    }
    // Every balance is the sum of its asset's movements (amount less fee), and the newest entry
    // of each asset shows it.
    Map<String, BigDecimal> sums = new TreeMap<>();
    Map<String, BigDecimal> newest = new TreeMap<>();
    for (LedgerEntry entry : ledger.values()) {
      sums.merge(entry.asset(), entry.amount().subtract(entry.fee()), BigDecimal::add);
      newest.putIfAbsent(entry.asset(), entry.balance());
    }
    for (Map.Entry<String, BigDecimal> balance : balances.entrySet()) {
      BigDecimal sum = sums.getOrDefault(balance.getKey(), BigDecimal.ZERO);
      check(sum.compareTo(balance.getValue()) == 0, balance.getKey() + ": ledger sums to " + sum
          + ", Balance says " + balance.getValue());
      check(newest.containsKey(balance.getKey()) && newest.get(balance.getKey()).compareTo(balance.getValue()) == 0,
          balance.getKey() + ": newest entry's balance " + newest.get(balance.getKey()));
    }
    Map<String, Long> byType = ledger.values().stream()
        .collect(Collectors.groupingBy(e -> e.type().value(), TreeMap::new, Collectors.counting()));
    // The type filter keeps the trade entries only; both sides of a trade (base and quote) are
    // entries with the trade's id as refid.
    LedgerPage trades = tour.kraken.spot().getLedgers(r -> r.type(LedgerTypeFilter.TRADE));
    check(trades.count() == byType.getOrDefault("trade", 0L), "type=trade counts " + trades.count());
    check(trades.ledger().values().stream().allMatch(e -> LedgerEntryType.TRADE.equals(e.type())),
        "type=trade gave " + trades.ledger().values().stream().map(e -> e.type().value()).distinct().toList());
    Map<String, Set<String>> sides = ledger.values().stream().filter(e -> LedgerEntryType.TRADE.equals(e.type()))
        .collect(Collectors.groupingBy(LedgerEntry::refid,
            Collectors.mapping(LedgerEntry::asset, Collectors.toSet())));
    sides.forEach((trade, assets) -> check(assets.size() == 2, "trade " + trade + " moved " + assets));
    return count + " entries in " + pages + " page(s) of at most 50, newest first, by type " + byType
        + "; each balance is the sum of its asset's amounts less fees; "
        + (sides.isEmpty() ? "no trade yet" : sides.size() + " trade(s), each moving its base and its quote");
  }

  private String queryLedgers() throws Exception {
    check(!ledger.isEmpty(), "no ledger entries to query");
    List<String> ids = ledger.keySet().stream().limit(3).toList();
    String unknown = "LNOTME-XXXXX-XXXXXX";
    Map<String, LedgerEntry> found =
        tour.kraken.spot().queryLedgers(r -> r.id(String.join(",", ids) + "," + unknown));
    check(found.keySet().equals(Set.copyOf(ids)), "found " + found.keySet() + " for " + ids);
    for (String id : ids) {
      check(found.get(id).equals(ledger.get(id)), id + " differs from getLedgers: " + found.get(id));
    }
    KrakenServiceException tooMany = expectError(() -> tour.kraken.spot().queryLedgers(r -> r.id(
        String.join(",", Collections.nCopies(21, ids.get(0))))));
    check(tooMany.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "21 ids gave " + tooMany.errors());
    return ids.size() + " ids → the same entries as getLedgers; an id of no entry left out; 21 ids → "
        + tooMany.errors().get(0);
  }

  // ---- exports ----

  private String addExport() throws Exception {
    check(!ledger.isEmpty(), "no ledger to export");
    BigDecimal oldest = ledger.values().stream().map(LedgerEntry::time).min(BigDecimal::compareTo).orElseThrow();
    exportStart = Instant.ofEpochSecond(oldest.longValue()).minus(Duration.ofDays(1));
    long starttm = exportStart.getEpochSecond();
    ledgerExport = tour.kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS)
        .description("tour ledger").format(ExportFormat.CSV).startTime(starttm)).id();
    KrakenServiceException badField = expectError(() -> tour.kraken.spot().addExport(r -> r
        .report(ExportReportType.LEDGERS).description("tour ledger").fields("refid,price")));
    check(badField.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "a trade field gave " + badField.errors());
    return "ledger report from " + exportStart + " until now as CSV → id " + ledgerExport
        + "; with a trades-only field (price) → " + badField.errors().get(0);
  }

  private String exportStatus() throws Exception {
    check(ledgerExport != null, "no export was requested");
    ListExportsRequest request = ListExportsRequest.builder().report(ExportReportType.LEDGERS).build();
    List<String> seen = new ArrayList<>();
    ExportReport report = report(request, ledgerExport);
    seen.add(report.status().value());
    // Reports take half a minute on the sandbox clock: the application waits between polls on
    // that clock (its time source), which moves it on instead of sleeping.
    Instant deadline = tour.sandbox.clock().instant().plus(POLL_LIMIT);
    int polls = 1;
    while (!ExportReportStatus.PROCESSED.equals(report.status()) && tour.sandbox.clock().instant().isBefore(deadline)) {
      tour.sandbox.timeSource().sleep(POLL_INTERVAL);
      report = report(request, ledgerExport);
      polls++;
      if (!seen.contains(report.status().value())) {
        seen.add(report.status().value());
      }
    }
    check(ExportReportStatus.PROCESSED.equals(report.status()), "still " + report.status() + " after " + polls
        + " polls");
    check("tour ledger".equals(report.description()) && ExportFormat.CSV.equals(report.format())
        && "all".equals(report.fields()), "report " + report);
    check(Long.parseLong(report.dataStartTime()) == exportStart.getEpochSecond(), "data from "
        + report.dataStartTime());
    check(Long.parseLong(report.completedTime()) >= Long.parseLong(report.createdTime()),
        "completed " + report.completedTime() + " before created " + report.createdTime());
    return String.join(" → ", seen) + " after " + polls + " polls " + POLL_INTERVAL.toSeconds()
        + " s apart on the sandbox clock; " + report.description() + ", " + report.format()
        + ", fields " + report.fields();
  }

  private ExportReport report(ListExportsRequest request, String id) {
    for (ExportReport report : tour.kraken.spot().listExports(request)) {
      if (report.id().equals(id)) {
        return report;
      }
    }
    throw new AssertionError("report " + id + " not listed");
  }

  private String retrieveExport() throws Exception {
    check(ledgerExport != null, "no export was requested");
    Path file = Files.createTempFile("kraken-ledger-", ".zip");
    try {
      long bytes;
      String contentType;
      try (BinaryDownload download = tour.kraken.spot().retrieveExport(r -> r.id(ledgerExport))) {
        contentType = download.contentType();
        bytes = download.writeTo(file);
      }
      check(contentType != null && contentType.startsWith("application/zip"), "content type " + contentType);
      List<Map<String, String>> rows;
      String name;
      try (ZipFile zip = new ZipFile(file.toFile())) {
        List<? extends ZipEntry> entries = zip.stream().toList();
        check(entries.size() == 1, "archive entries " + entries);
        name = entries.get(0).getName();
        try (BufferedReader reader = new BufferedReader(
            new InputStreamReader(zip.getInputStream(entries.get(0)), StandardCharsets.UTF_8))) {
          rows = csv(reader.lines().toList());
        }
      }
      // The rows are the ledger's entries of the range: same ids, amounts, fees and balances.
      check(rows.size() == ledger.size(), rows.size() + " rows, the ledger has " + ledger.size() + " entries");
      for (Map<String, String> row : rows) {
        LedgerEntry entry = ledger.get(row.get("txid"));
        check(entry != null, "row " + row.get("txid") + " is no ledger entry");
        check(row.get("refid").equals(entry.refid()) && row.get("type").equals(entry.type().value())
            && row.get("asset").equals(entry.asset())
            && new BigDecimal(row.get("amount")).compareTo(entry.amount()) == 0
            && new BigDecimal(row.get("fee")).compareTo(entry.fee()) == 0
            && new BigDecimal(row.get("balance")).compareTo(entry.balance()) == 0
            && row.get("time").equals(EXPORT_TIME.format(Instant.ofEpochSecond(entry.time().longValue()))),
            "row " + row + " differs from " + entry);
      }
      queuedExport = tour.kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS).description("to cancel"))
          .id();
      KrakenServiceException notReady = expectError(() -> tour.kraken.spot().retrieveExport(r -> r.id(queuedExport)));
      check(notReady.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "an unprocessed one gave "
          + notReady.errors());
      return bytes + " bytes of " + contentType + " saved as a file, " + name + " inside: " + rows.size()
          + " rows, each a ledger entry with its amount, fee and balance; a report not processed yet → "
          + notReady.errors().get(0);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The rows of a CSV file with a header line, each by column name; quoted cells may hold commas. */
  static List<Map<String, String>> csv(List<String> lines) {
    List<String> header = cells(lines.get(0));
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.isEmpty()) {
        continue;
      }
      List<String> cells = cells(line);
      check(cells.size() == header.size(), "row " + line + " for columns " + header);
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < header.size(); i++) {
        row.put(header.get(i), cells.get(i));
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cell.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  private String removeExport() throws Exception {
    check(ledgerExport != null, "no export was requested");
    // A report not processed yet is cancelled; the processed one is deleted.
    String queued = queuedExport;
    check(queued != null, "no second report was requested");
    ExportRemoval cancelled = tour.kraken.spot().removeExport(r -> r.id(queued).type(ExportRemovalType.CANCEL));
    check(Boolean.TRUE.equals(cancelled.cancel()), "cancel gave " + cancelled);
    KrakenServiceException notYet = expectError(() ->
        tour.kraken.spot().removeExport(r -> r.id(ledgerExport).type(ExportRemovalType.CANCEL)));
    ExportRemoval deleted = tour.kraken.spot().removeExport(r -> r.id(ledgerExport).type(ExportRemovalType.DELETE));
    check(Boolean.TRUE.equals(deleted.delete()), "delete gave " + deleted);
    List<String> left = tour.kraken.spot().listExports(r -> r.report(ExportReportType.LEDGERS)).stream()
        .map(ExportReport::id).toList();
    check(!left.contains(queued) && !left.contains(ledgerExport), "still listed: " + left);
    KrakenServiceException again = expectError(() ->
        tour.kraken.spot().removeExport(r -> r.id(ledgerExport).type(ExportRemovalType.DELETE)));
    return "unprocessed " + queued + " → cancelled; processed " + ledgerExport + ": cancel → "
        + notYet.errors().get(0) + ", delete → deleted; neither listed any more; delete again → "
        + again.errors().get(0);
  }

  // ---- the key and the wallets ----

  private String apiKeyInfo() throws Exception {
    ApiKeyInfo first = tour.kraken.spot().getApiKeyInfo();
    ApiKeyInfo second = tour.kraken.spot().getApiKeyInfo();
    String key = tour.sandbox.credentials().spot().key();
    check(key.equals(first.apiKey()), "api_key " + first.apiKey());
    check(first.iban().replace(" ", "").equals(tour.sandbox.credentials().userIiban()), "iban " + first.iban());
    check(first.permissions().contains(ApiKeyPermission.QUERY_FUNDS)
        && first.permissions().contains(ApiKeyPermission.MODIFY_TRADES), "permissions " + first.permissions());
    // The nonce is the one the call was signed with: it grows from call to call.
    check(Long.parseLong(second.nonce()) > Long.parseLong(first.nonce()), "nonce " + first.nonce() + " then "
        + second.nonce());
    long created = Long.parseLong(first.createdTime());
    long used = Long.parseLong(first.lastUsed());
    check(created <= used && used <= tour.sandbox.clock().instant().getEpochSecond(),
        "created " + created + ", used " + used);
    return "\"" + first.apiKeyName() + "\" of " + first.iban() + ", " + first.permissions().size()
        + " permissions " + first.permissions().stream().map(ApiKeyPermission::value).toList() + ", nonce window "
        + first.nonceWindow() + ", last used now (nonce " + first.nonce() + " → " + second.nonce() + ")";
  }

  private String walletAccounts() throws Exception {
    WalletAccounts wallets = tour.kraken.spot().listWalletAccounts();
    check(wallets.accounts().size() == 1, "wallets " + wallets.accounts());
    WalletAccount main = wallets.accounts().get(0);
    check(WalletAccountType.MAIN.equals(main.type()), "type " + main.type());
    check(Boolean.TRUE.equals(main.flags().active()) && Boolean.FALSE.equals(main.flags().userDefined()),
        "flags " + main.flags());
    check(main.name() == null, "the main wallet is named " + main.name());
    check(wallets.cursor() != null && wallets.cursor().next() == null, "cursor " + wallets.cursor());
    check(main.accountId().equals(tour.kraken.spot().listWalletAccounts().accounts().get(0).accountId()),
        "the main wallet's id changed");
    return "one wallet: " + main.accountId() + " (" + main.type().value() + ", " + main.status().value()
        + ", created by the service); no further page";
  }
}
