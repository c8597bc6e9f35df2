package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.embed.model.SettlementReport;
import io.github.krakensdk.embed.model.SettlementReportSummary;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** The partner's settlement reports, made from its users' trades, transfers and rewards by day. */
final class EmbedReportsTour {
  private EmbedReportsTour() {}

  static void run(Tour tour) {
    tour.step("listSettlementReports", () -> {
      List<SettlementReportSummary> reports = tour.kraken.embed().listSettlementReportsPages(r -> r.pageSize(1))
          .stream().toList();
      List<String> ids = reports.stream().map(SettlementReportSummary::id).toList();
      check(ids.equals(tour.sandbox.embed().settlementReportIds()), "listed " + ids + ", made " + tour.sandbox.embed().settlementReportIds());
      return reports.size() + " reports in pages of 1 (listSettlementReportsPages): "
          + reports.stream().map(r -> r.date() + " " + r.type().value() + " (" + r.size() + " bytes)").toList();
    });
    tour.step("getSettlementReport", () -> {
      String id = tour.kraken.embed().listSettlementReports(r -> r.pageSize(1)).reports().get(0).id();
      SettlementReport report = tour.kraken.embed().getSettlementReport(r -> r.id(id));
      OkHttpClient http = new OkHttpClient();
      try (Response file = http.newCall(new Request.Builder().url(report.downloadUrl()).build()).execute()) {
        String csv = file.body().string();
        check(file.code() == 200, "download answered " + file.code() + ": " + csv);
        check(csv.length() == report.size(), "size " + report.size() + ", file " + csv.length());
        return report.name() + ": " + (csv.lines().count() - 1) + " movements, downloaded from its download_url (valid until "
            + report.expiresAt() + ")";
      } finally {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
      }
    });
  }
}
