package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.ReportPageLinks;
import io.github.krakensdk.embed.model.ReportPageMeta;
import io.github.krakensdk.embed.model.SettlementReport;
import io.github.krakensdk.embed.internal.model.SettlementReportResponse;
import io.github.krakensdk.embed.model.SettlementReportSummary;
import io.github.krakensdk.embed.model.SettlementReportType;
import io.github.krakensdk.embed.model.SettlementReports;
import io.github.krakensdk.embed.internal.model.SettlementReportsResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A partner's settlement reports ({@code /b2b/reports/settlement}), made from its users'
 * movements: one report per UTC day (on the sandbox clock) and type: {@code trades} (movements of
 * kind {@code trade}, and the fees of a trade's reference), {@code transfers} (deposits,
 * withdrawals and their fees), {@code earn_rewards} (rewards). The current day's report is listed
 * too and grows until the day ends. A report's file is a CSV of its movements; its {@code
 * download_url} points at the sandbox ({@code /sandbox/reports/{id}}), signed and valid for {@link
 * #LINK_LIFETIME}.
 */
public final class EmbedReports {
  static final Duration LINK_LIFETIME = Duration.ofMinutes(15);
  static final int DEFAULT_PAGE_SIZE = 20;
  private static final List<String> TYPES = List.of("trades", "transfers", "earn_rewards");

  private final EmbedState state;
  private final Supplier<String> baseUrl;
  /** The partner of each report a download address was given for. */
  private final Map<String, EmbedFamily.Partner> linked = new java.util.concurrent.ConcurrentHashMap<>();
  private final byte[] linkKey = Secrets.randomToken(32).getBytes(StandardCharsets.UTF_8);

  /** One report: what it covers and its file. */
  public record Report(String id, EmbedFamily.Partner partner, LocalDate date, String type, String csv) {
    String name() {
      return "settlement-" + type + "-" + date + ".csv";
    }

    long size() {
      return csv.getBytes(StandardCharsets.UTF_8).length;
    }
  }

  EmbedReports(EmbedState state, Supplier<String> baseUrl) {
    this.state = state;
    this.baseUrl = baseUrl;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/reports/settlement", "listSettlementReports", true, this::list);
    family.route("GET", "/b2b/reports/settlement/{id}", "getSettlementReport", true, this::get);
  }

  private Reply list(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    LocalDate from = date(call.query("filter[start_date]"));
    LocalDate to = date(call.query("filter[end_date]"));
    List<String> types = call.queryAll("filter[report_type][]");
    int size = call.query("page[size]") != null ? Integer.parseInt(call.query("page[size]")) : DEFAULT_PAGE_SIZE;
    int number = call.query("page[number]") != null ? Integer.parseInt(call.query("page[number]")) : 1;
    List<Report> matching = reports(partner).stream()
        .filter(r -> from == null || !r.date().isBefore(from))
        .filter(r -> to == null || !r.date().isAfter(to))
        .filter(r -> types.isEmpty() || types.contains(r.type()))
        .toList();
    int pages = (matching.size() + size - 1) / size;
    int start = (int) Math.min(matching.size(), (long) (number - 1) * size);
    int end = Math.min(matching.size(), start + size);
    List<SettlementReportSummary> page = matching.subList(start, end).stream()
        .map(r -> SettlementReportSummary.builder()
            .id(r.id())
            .date(r.date())
            .type(SettlementReportType.of(r.type()))
            .size(r.size())
            .name(r.name())
            .build())
        .toList();
    String filters = filters(call);
    ReportPageLinks links = ReportPageLinks.builder()
        .self(link(number, size, filters))
        .first(link(1, size, filters))
        .last(link(Math.max(pages, 1), size, filters))
        .prev(number > 1 ? link(Math.min(number - 1, Math.max(pages, 1)), size, filters) : null)
        .next(number < pages ? link(number + 1, size, filters) : null)
        .build();
    return EmbedFamily.ok(SettlementReportsResponse.builder()
        .result(SettlementReports.builder()
            .reports(page)
            .links(links)
            .meta(ReportPageMeta.builder()
                .totalItems(matching.size())
                .totalPages(pages)
                .pageSize(size)
                .pageNumber(number)
                .build())
            .build())
        .build());
  }

  private Reply get(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    Report report = reports(partner).stream().filter(r -> r.id().equals(path.get("id"))).findFirst().orElse(null);
    if (report == null) {
      return EmbedFamily.error(404, "ENexus:Report not found");
    }
    linked.put(report.id(), partner);
    Instant expires = state.instant().plus(LINK_LIFETIME).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    String url = baseUrl.get() + "sandbox/reports/" + report.id() + "?expires=" + expires.getEpochSecond()
        + "&signature=" + sign(report.id(), expires.getEpochSecond());
    return EmbedFamily.ok(SettlementReportResponse.builder()
        .result(SettlementReport.builder()
            .id(report.id())
            .date(report.date())
            .type(SettlementReportType.of(report.type()))
            .size(report.size())
            .name(report.name())
            .downloadUrl(url)
            .expiresAt(expires.atOffset(ZoneOffset.UTC))
            .build())
        .build());
  }

  /** The file behind a {@code download_url}: the CSV, or 403 once the link expired or when it was altered. */
  public Reply download(String id, String expires, String signature) {
    long until;
    try {
      until = Long.parseLong(String.valueOf(expires));
    } catch (NumberFormatException e) {
      return Reply.text(403, "invalid link");
    }
    if (!Secrets.equal(sign(id, until), signature)) {
      return Reply.text(403, "invalid link");
    }
    if (state.instant().getEpochSecond() > until) {
      return Reply.text(403, "link expired");
    }
    EmbedFamily.Partner partner = linked.get(id);
    for (Report report : partner == null ? List.<Report>of() : reports(partner)) {
      if (report.id().equals(id)) {
        return Reply.bytes(200, "text/csv; charset=utf-8", report.csv().getBytes(StandardCharsets.UTF_8));
      }
    }
    return Reply.text(404, "no report " + id);
  }

  /** The partner's reports, newest day first, then in the order of {@link #TYPES}. */
  public List<Report> reports(EmbedFamily.Partner partner) {
    // (date, type) -> CSV rows
    TreeMap<LocalDate, Map<String, StringBuilder>> days = new TreeMap<>(Comparator.reverseOrder());
    synchronized (state) {
      for (EmbedUser user : state.users(partner)) {
        EmbedEarn.payRewards(state, user);
        Set<String> trades = new java.util.HashSet<>();
        for (EmbedUser.Movement m : user.movements) {
          if (m.kind().equals("trade")) {
            trades.add(m.reference());
          }
        }
        for (EmbedUser.Movement m : user.movements) {
          String type = switch (m.kind()) {
            case "trade" -> "trades";
            case "fee" -> trades.contains(m.reference()) ? "trades" : "transfers";
            case "deposit", "withdrawal" -> "transfers";
            case "reward" -> "earn_rewards";
            default -> null;
          };
          if (type == null) {
            continue;
          }
          LocalDate date = LocalDate.ofInstant(m.time(), ZoneOffset.UTC);
          days.computeIfAbsent(date, d -> new TreeMap<>()).computeIfAbsent(type, t -> new StringBuilder())
              .append(String.join(",", DateTimeFormatter.ISO_INSTANT.format(m.time()), user.iiban, m.kind(), m.asset(),
                  m.amount().toPlainString(), m.reference() == null ? "" : m.reference(), m.id()))
              .append('\n');
        }
      }
    }
    String tag = EmbedLedger.id("", partner.name()).substring(0, 5);
    List<Report> reports = new ArrayList<>();
    for (Map.Entry<LocalDate, Map<String, StringBuilder>> day : days.entrySet()) {
      for (String type : TYPES) {
        StringBuilder rows = day.getValue().get(type);
        if (rows != null) {
          String id = "SR-" + day.getKey().format(DateTimeFormatter.BASIC_ISO_DATE) + "-" + type.toUpperCase().replace("_", "")
              + "-" + tag;
          reports.add(new Report(id, partner, day.getKey(), type, "time,user,kind,asset,amount,reference,movement\n" + rows));
        }
      }
    }
    return reports;
  }

  private static LocalDate date(String text) {
    return text == null ? null : LocalDate.ofInstant(OffsetDateTime.parse(text).toInstant(), ZoneOffset.UTC);
  }

  private static String filters(HttpCall call) {
    StringBuilder query = new StringBuilder();
    for (String name : List.of("filter[start_date]", "filter[end_date]")) {
      if (call.query(name) != null) {
        query.append('&').append(name).append('=').append(URLEncoder.encode(call.query(name), StandardCharsets.UTF_8));
      }
    }
    for (String type : call.queryAll("filter[report_type][]")) {
      query.append("&filter[report_type][]=").append(URLEncoder.encode(type, StandardCharsets.UTF_8));
    }
    return query.toString();
  }

  private static String link(int number, int size, String filters) {
    return "/b2b/reports/settlement?page[number]=" + number + "&page[size]=" + size + filters;
  }

  private String sign(String id, long expires) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(linkKey, "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal((id + "\n" + expires).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new AssertionError(e);
    }
  }
}
