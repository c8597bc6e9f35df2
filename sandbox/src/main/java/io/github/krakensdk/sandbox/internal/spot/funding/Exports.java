package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.LedgerRow;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.TradeRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Data exports of the account's trades or ledger. A report is {@code Queued} for {@link
 * FundingSettings#exportQueued()}, {@code Processing} for {@link FundingSettings#exportProcessing()},
 * then {@code Processed}, and RetrieveExport answers a ZIP archive with one {@code trades.csv} or
 * {@code ledgers.csv} ({@code .tsv}) in the columns of the service's exports: strings quoted, numbers
 * bare, times {@code yyyy-MM-dd HH:mm:ss} (trades with four decimals of seconds). RemoveExport
 * {@code cancel}s a report not yet processed or {@code delete}s a processed one.
 *
 * <p>Thread-safe: one lock for all accounts' reports.
 */
public final class Exports {
  /** How long a processed report can be retrieved (its {@code expiretm}). */
  static final Duration RETENTION = Duration.ofDays(14);

  static final List<String> TRADE_COLUMNS = List.of("txid", "ordertxid", "pair", "time", "type", "ordertype",
      "price", "cost", "fee", "vol", "margin", "misc", "ledgers");
  /** The trade columns AddExport's {@code fields} may name; the others are always there. */
  static final List<String> TRADE_FIELDS = List.of("ordertxid", "time", "ordertype", "price", "cost", "fee", "vol",
      "margin", "misc", "ledgers");
  static final List<String> LEDGER_COLUMNS = List.of("txid", "refid", "time", "type", "subtype", "aclass", "asset",
      "wallet", "amount", "fee", "balance");
  static final List<String> LEDGER_FIELDS = List.of("refid", "time", "type", "subtype", "aclass", "asset", "amount",
      "fee", "balance", "wallet");

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter FRACTION =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSS", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final class Report {
    final String id;
    final String kind;
    final String format;
    final String description;
    final String fields;
    final Instant dataStart;
    final Instant dataEnd;
    final Instant created;
    boolean removed;

    Report(String id, String kind, String format, String description, String fields, Instant dataStart,
        Instant dataEnd, Instant created) {
      this.id = id;
      this.kind = kind;
      this.format = format;
      this.description = description;
      this.fields = fields;
      this.dataStart = dataStart;
      this.dataEnd = dataEnd;
      this.created = created;
    }
  }

  private final FundingSettings settings;
  private final Ids ids;
  /** By account IIBAN, oldest first; guarded by {@code this}. */
  private final Map<String, List<Report>> reports = new HashMap<>();

  Exports(FundingSettings settings, Ids ids) {
    this.settings = settings;
    this.ids = ids;
  }

  /**
   * AddExport: {@code report} ({@code trades} or {@code ledgers}), {@code description}, {@code format}
   * ({@code CSV} or {@code TSV}), {@code fields} ({@code all} or a comma list), {@code starttm} (the
   * first of the month by default), {@code endtm} (now). Answers {@code {"id": "TCJA"}}.
   */
  synchronized Map<String, Object> add(FundingAccount account, Parameters params) {
    String kind = params.required("report");
    if (!kind.equals("trades") && !kind.equals("ledgers")) {
      throw FundingException.invalid("report");
    }
    String description = params.required("description");
    String format = params.string("format") == null ? "CSV" : params.string("format").trim();
    if (!format.equals("CSV") && !format.equals("TSV")) {
      throw FundingException.invalid("format");
    }
    String fields = params.string("fields") == null ? "all" : params.string("fields").trim();
    if (!fields.equals("all")) {
      List<String> allowed = kind.equals("trades") ? TRADE_FIELDS : LEDGER_FIELDS;
      for (String field : fields.split(",")) {
        if (!allowed.contains(field.trim())) {
          throw FundingException.invalid("fields");
        }
      }
    }
    Instant now = settings.clock().instant();
    Long starttm = params.integer("starttm");
    Long endtm = params.integer("endtm");
    Instant start = starttm != null ? Instant.ofEpochSecond(starttm)
        : LocalDate.ofInstant(now, ZoneOffset.UTC).withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant end = endtm != null ? Instant.ofEpochSecond(endtm) : now;
    if (end.isBefore(start)) {
      throw FundingException.invalid("endtm");
    }
    List<Report> list = reports.computeIfAbsent(account.iiban(), k -> new ArrayList<>());
    String id;
    do {
      id = ids.exportId();
    } while (find(list, id) != null);
    list.add(new Report(id, kind, format, description, fields, start, end, now));
    Map<String, Object> result = Wire.object();
    result.put("id", id);
    return result;
  }

  /** ExportStatus: {@code report}; the account's reports of that kind, newest first. */
  synchronized List<Object> status(FundingAccount account, Parameters params) {
    String kind = params.required("report");
    if (!kind.equals("trades") && !kind.equals("ledgers")) {
      throw FundingException.invalid("report");
    }
    Instant now = settings.clock().instant();
    List<Report> list = reports.getOrDefault(account.iiban(), List.of());
    List<Object> result = new ArrayList<>();
    for (int i = list.size() - 1; i >= 0; i--) {
      Report report = list.get(i);
      if (report.removed || !report.kind.equals(kind)) {
        continue;
      }
      String status = status(report, now);
      Map<String, Object> item = Wire.object();
      item.put("id", report.id);
      item.put("descr", report.description);
      item.put("format", report.format);
      item.put("report", report.kind);
      item.put("subtype", "all");
      item.put("status", status);
      item.put("flags", "0");
      item.put("fields", report.fields);
      item.put("createdtm", seconds(report.created));
      item.put("expiretm", seconds(report.created.plus(RETENTION)));
      item.put("starttm", seconds(report.dataStart));
      item.put("endtm", seconds(report.dataEnd));
      item.put("completedtm", status.equals("Processed") ? seconds(processedAt(report)) : "0");
      item.put("datastarttm", seconds(report.dataStart));
      item.put("dataendtm", seconds(report.dataEnd));
      item.put("aclass", "currency");
      item.put("asset", "all");
      result.add(item);
    }
    return result;
  }

  /** RetrieveExport: {@code id}; the ZIP archive of a processed report. */
  synchronized byte[] retrieve(FundingAccount account, Parameters params) {
    Report report = find(reports.getOrDefault(account.iiban(), List.of()), params.required("id"));
    if (report == null || report.removed) {
      throw new FundingException(Errors.UNKNOWN_EXPORT);
    }
    if (!status(report, settings.clock().instant()).equals("Processed")) {
      throw new FundingException(Errors.EXPORT_NOT_PROCESSED);
    }
    String separator = report.format.equals("TSV") ? "\t" : ",";
    String table = report.kind.equals("trades") ? trades(account, report, separator) : ledger(account, report,
        separator);
    return zip(report.kind + "." + report.format.toLowerCase(Locale.ROOT), table, processedAt(report));
  }

  /**
   * RemoveExport: {@code id}, {@code type}: {@code cancel} for a report not yet processed, {@code delete}
   * for a processed one. Answers {@code {"cancel": true}} or {@code {"delete": true}}.
   */
  synchronized Map<String, Object> remove(FundingAccount account, Parameters params) {
    Report report = find(reports.getOrDefault(account.iiban(), List.of()), params.required("id"));
    String type = params.required("type");
    if (report == null || report.removed) {
      throw new FundingException(Errors.UNKNOWN_EXPORT);
    }
    boolean processed = status(report, settings.clock().instant()).equals("Processed");
    if (!type.equals("cancel") && !type.equals("delete") || type.equals("delete") != processed) {
      throw new FundingException(Errors.EXPORT_WRONG_REMOVAL);
    }
    report.removed = true;
    Map<String, Object> result = Wire.object();
    result.put(type, Boolean.TRUE);
    return result;
  }

  /** A report's status now: {@code Queued}, {@code Processing} or {@code Processed}. */
  public synchronized String state(FundingAccount account, String id) {
    Report report = find(reports.getOrDefault(account.iiban(), List.of()), id);
    if (report == null) {
      throw new IllegalArgumentException("no export " + id);
    }
    return status(report, settings.clock().instant());
  }

  private String status(Report report, Instant now) {
    Instant processing = report.created.plus(settings.exportQueued());
    if (now.isBefore(processing)) {
      return "Queued";
    }
    return now.isBefore(processedAt(report)) ? "Processing" : "Processed";
  }

  private Instant processedAt(Report report) {
    return report.created.plus(settings.exportQueued()).plus(settings.exportProcessing());
  }

  private static String seconds(Instant time) {
    return Long.toString(time.getEpochSecond());
  }

  // ---- the file ----

  private static String trades(FundingAccount account, Report report, String separator) {
    List<String> columns = columns(TRADE_COLUMNS, report.fields, List.of("txid", "pair", "type"));
    List<TradeRow> rows = new ArrayList<>();
    for (TradeRow trade : account.trades()) {
      if (!trade.time().isBefore(report.dataStart) && !trade.time().isAfter(report.dataEnd)) {
        rows.add(trade);
      }
    }
    rows.sort(Comparator.comparing(TradeRow::time));
    Map<String, Function<TradeRow, Object>> cells = new LinkedHashMap<>();
    cells.put("txid", TradeRow::txid);
    cells.put("ordertxid", TradeRow::ordertxid);
    cells.put("pair", TradeRow::pair);
    cells.put("time", t -> FRACTION.format(t.time()));
    cells.put("type", TradeRow::type);
    cells.put("ordertype", TradeRow::ordertype);
    cells.put("price", TradeRow::price);
    cells.put("cost", TradeRow::cost);
    cells.put("fee", TradeRow::fee);
    cells.put("vol", TradeRow::vol);
    cells.put("margin", TradeRow::margin);
    cells.put("misc", TradeRow::misc);
    cells.put("ledgers", t -> String.join(",", t.ledgers()));
    return table(columns, rows, cells, separator);
  }

  private static String ledger(FundingAccount account, Report report, String separator) {
    List<String> columns = columns(LEDGER_COLUMNS, report.fields, List.of("txid"));
    List<LedgerRow> rows = new ArrayList<>();
    for (LedgerRow entry : account.ledger()) {
      if (!entry.time().isBefore(report.dataStart) && !entry.time().isAfter(report.dataEnd)) {
        rows.add(entry);
      }
    }
    rows.sort(Comparator.comparing(LedgerRow::time));
    Map<String, Function<LedgerRow, Object>> cells = new LinkedHashMap<>();
    cells.put("txid", LedgerRow::id);
    cells.put("refid", LedgerRow::refid);
    cells.put("time", l -> SECONDS.format(l.time()));
    cells.put("type", LedgerRow::type);
    cells.put("subtype", LedgerRow::subtype);
    cells.put("aclass", LedgerRow::aclass);
    cells.put("asset", LedgerRow::asset);
    cells.put("wallet", LedgerRow::wallet);
    cells.put("amount", LedgerRow::amount);
    cells.put("fee", LedgerRow::fee);
    cells.put("balance", LedgerRow::balance);
    return table(columns, rows, cells, separator);
  }

  private static List<String> columns(List<String> all, String fields, List<String> always) {
    if (fields.equals("all")) {
      return all;
    }
    List<String> chosen = new ArrayList<>();
    List<String> named = new ArrayList<>();
    for (String field : fields.split(",")) {
      named.add(field.trim());
    }
    for (String column : all) {
      if (always.contains(column) || named.contains(column)) {
        chosen.add(column);
      }
    }
    return chosen;
  }

  private static <T> String table(List<String> columns, List<T> rows, Map<String, Function<T, Object>> cells,
      String separator) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < columns.size(); i++) {
      out.append(i == 0 ? "" : separator).append('"').append(columns.get(i)).append('"');
    }
    out.append('\n');
    for (T row : rows) {
      for (int i = 0; i < columns.size(); i++) {
        out.append(i == 0 ? "" : separator).append(cell(cells.get(columns.get(i)).apply(row)));
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static String cell(Object value) {
    if (value == null) {
      return "\"\"";
    }
    if (value instanceof BigDecimal number) {
      return number.toPlainString();
    }
    return '"' + value.toString().replace("\"", "\"\"") + '"';
  }

  private static byte[] zip(String name, String content, Instant time) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
      ZipEntry entry = new ZipEntry(name);
      entry.setTime(time.toEpochMilli());
      zip.putNextEntry(entry);
      zip.write(content.getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    return bytes.toByteArray();
  }

  private static Report find(List<Report> list, String id) {
    for (Report report : list) {
      if (report.id.equals(id)) {
        return report;
      }
    }
    return null;
  }
}
