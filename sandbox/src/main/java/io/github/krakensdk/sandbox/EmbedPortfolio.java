package io.github.krakensdk.sandbox;

import io.github.krakensdk.embed.model.PortfolioHistoryResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/** An Embed user's portfolio ({@code /b2b/portfolio/{user}/...}). */
final class EmbedPortfolio {
  private final EmbedState state;

  EmbedPortfolio(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/portfolio/{user}/history", "getPortfolioHistory", true, this::portfolioHistory);
  }

  private Reply portfolioHistory(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String iiban = path.get("user");
    synchronized (state) {
      if (state.user(partner, iiban) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    PortfolioHistories.Query query;
    String cursor = call.query("cursor");
    if (cursor != null) {
      // Every other parameter is ignored: the cursor carries the query it continues.
      query = PortfolioHistories.fromCursor(cursor);
      if (query == null || !query.user().equals(iiban)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
      }
    } else {
      LocalDate end = call.query("end_date") != null ? LocalDate.parse(call.query("end_date"))
          : LocalDate.ofInstant(state.instant(), ZoneOffset.UTC);
      LocalDate start = call.query("start_date") != null ? LocalDate.parse(call.query("start_date"))
          : end.minusDays(365);
      long resolution = call.query("resolution") != null ? Long.parseLong(call.query("resolution")) : 1;
      String quote = call.query("quote") != null ? call.query("quote") : "USD";
      if (resolution < 1) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:resolution must be at least 1");
      }
      if (start.isAfter(end)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:start_date is after end_date");
      }
      if (!PortfolioHistories.QUOTES.contains(quote)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
      }
      query = new PortfolioHistories.Query(iiban, start, end, resolution, quote,
          List.copyOf(call.queryAll("include[assets][]")), "true".equals(call.query("include[total_balance]")),
          "true".equals(call.query("include[total_pnl]")), start);
    }
    return EmbedFamily.ok(new PortfolioHistoryResponse(PortfolioHistories.page(query)));
  }
}
