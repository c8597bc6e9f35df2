package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.embed.model.ListPortfolioTransactionsRequest;
import io.github.krakensdk.embed.model.PortfolioAsset;
import io.github.krakensdk.embed.model.PortfolioDetails;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioSummary;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * The Embed user's portfolio: what the earlier parts did to it (the deposit, the executed trade)
 * shows in the summary, the details and the transactions, all read from the user's balances.
 */
final class EmbedPortfolioTour {
  private EmbedPortfolioTour() {}

  /** The user the Embed part follows; the seeded test user while the users part has created none. */
  static String user(Tour tour) {
    return tour.embedUser != null ? tour.embedUser : tour.sandbox.credentials().userIiban();
  }

  static void run(Tour tour) {
    String user = user(tour);
    tour.step("getPortfolioSummary", () -> {
      PortfolioSummary summary = tour.kraken.embed().getPortfolioSummary(r -> r.user(user).quote("USD")
          .includeCurrentDayPnl(true));
      check(summary.portfolioValue().signum() > 0, "nothing held: " + summary);
      check(summary.availableBalance().add(summary.withheldValue()).compareTo(summary.portfolioValue()) == 0,
          "available + withheld != value: " + summary);
      check(summary.portfolioValue().subtract(summary.costBasis()).compareTo(summary.lotsUpnl()) == 0,
          "value - cost basis != unrealised PnL: " + summary);
      return user + ": worth " + summary.portfolioValue() + " " + summary.currency() + " (cost basis "
          + summary.costBasis() + ", unrealised PnL " + summary.lotsUpnl() + ", today " + summary.currentDayPnl().pnl()
          + ")";
    });
    tour.step("listPortfolioDetails", () -> {
      PortfolioDetails details = tour.kraken.embed().listPortfolioDetails(r -> r.user(user));
      BigDecimal total = BigDecimal.ZERO;
      StringBuilder shown = new StringBuilder();
      for (PortfolioAsset asset : details.assets()) {
        BigDecimal held = tour.sandbox.embed().balances(user).getOrDefault(asset.asset(), BigDecimal.ZERO);
        check(held.compareTo(asset.cashBalance()) == 0, asset.asset() + ": listed " + asset.cashBalance()
            + ", held " + held);
        total = total.add(asset.cashValue());
        shown.append(shown.length() == 0 ? "" : ", ").append(asset.cashBalance()).append(' ').append(asset.asset())
            .append(" = ").append(asset.cashValue());
      }
      BigDecimal value = tour.kraken.embed().getPortfolioSummary(r -> r.user(user)).portfolioValue();
      check(total.compareTo(value) == 0, "details add up to " + total + ", the summary says " + value);
      return shown + " " + details.currency() + ", adding up to the summary's " + value;
    });
    tour.step("listPortfolioTransactions", () -> {
      ListPortfolioTransactionsRequest query = ListPortfolioTransactionsRequest.builder().user(user).pageSize(2)
          .quote("USD").build();
      List<PortfolioTransaction> all = tour.kraken.embed().listPortfolioTransactionsPages(query).stream().toList();
      long seen = tour.kraken.embed().listPortfolioTransactions(query).stats().transactionsSeen();
      check(all.size() == seen, all.size() + " walked, " + seen + " seen");
      PortfolioTransaction shown = all.stream().filter(t -> PortfolioTransactionType.SIMPLE_ORDER.equals(t.type()))
          .findFirst().orElse(all.get(all.size() - 1));
      String what = PortfolioTransactionType.SIMPLE_ORDER.equals(shown.type())
          ? "latest trade " + shown.refId() + ": " + shown.spend().total().amount() + " " + shown.spend().total().asset()
              + " for " + shown.receive().amount().amount() + " " + shown.receive().amount().asset()
          : "no trade yet; first " + shown.type() + ": " + shown.receive().amount().amount() + " "
              + shown.receive().amount().asset() + " (" + shown.receive().quotedAmount().amount() + " USD)";
      return all.size() + " transactions in pages of 2 (listPortfolioTransactionsPages), newest first; " + what;
    });
    tour.step("getPortfolioHistory", () -> {
      PortfolioHistory page = tour.kraken.embed().getPortfolioHistory(r -> r.user(user)
          .includeAssets(List.of("BTC", "ETH")).includeTotalBalance(true).includeTotalPnl(true)
          .startDate(LocalDate.parse("2023-01-01")).endDate(LocalDate.parse("2025-01-01")).resolution(1L)
          .quote("USD"));
      int pages = 1;
      int points = page.history().size();
      while (page.nextCursor() != null) {
        String cursor = page.nextCursor(); // carries the query: nothing else to repeat
        page = tour.kraken.embed().getPortfolioHistory(r -> r.user(user).cursor(cursor));
        pages++;
        points += page.history().size();
      }
      check(points == 731, points + " points");
      return points + " daily points of 2023-2024 in " + pages + " pages (next_cursor), total PnL "
          + page.totalPnl() + " " + page.currency();
    });
  }
}
