package io.github.krakensdk.flows;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * What {@link PortfolioHistoryPages} asks for: the parameters of the Embed operation {@code
 * getPortfolioHistory} except {@code cursor}, which the pages manage. Only the first page is
 * requested with them; the service takes every later page from its cursor alone.
 *
 * <pre>{@code
 * PortfolioHistoryQuery query = PortfolioHistoryQuery.builder(iiban)
 *     .includeAssets(List.of("BTC", "ETH"))
 *     .includeTotalBalance(true)
 *     .startDate(LocalDate.of(2023, 1, 1))
 *     .quote("USD")
 *     .build();
 * }</pre>
 *
 * @param user the end user's IIBAN (14 to 42 characters).
 * @param includeAssets assets whose balances each point carries ({@code include[assets][]}), or null.
 * @param includeTotalBalance whether points carry {@code total_balance}, or null for the service's default.
 * @param includeTotalPnl whether points carry {@code total_pnl} and {@code total_pnl_pct}, or null.
 * @param startDate the window's start ({@code start_date}), or null for the service's default.
 * @param endDate the window's end ({@code end_date}), or null for the service's default (today).
 * @param resolution one point per this many days ({@code resolution}), or null.
 * @param quote the asset values are shown in ({@code quote}), or null.
 */
public record PortfolioHistoryQuery(
    String user,
    List<String> includeAssets,
    Boolean includeTotalBalance,
    Boolean includeTotalPnl,
    LocalDate startDate,
    LocalDate endDate,
    Long resolution,
    String quote) {

  /** {@code includeAssets} is copied, so a query never changes after it is built. */
  public PortfolioHistoryQuery {
    Objects.requireNonNull(user, "user == null");
    includeAssets = includeAssets == null ? null : List.copyOf(includeAssets);
  }

  /** A query for {@code user} with every other parameter unset (the service's defaults). */
  public static Builder builder(String user) {
    return new Builder(Objects.requireNonNull(user, "user == null"));
  }

  /** A builder that starts from this query's parameters. */
  public Builder toBuilder() {
    return new Builder(user)
        .includeAssets(includeAssets)
        .includeTotalBalance(includeTotalBalance)
        .includeTotalPnl(includeTotalPnl)
        .startDate(startDate)
        .endDate(endDate)
        .resolution(resolution)
        .quote(quote);
  }

  /** Builds a {@link PortfolioHistoryQuery}; each setter replaces a parameter, {@code null} unsets it. */
  public static final class Builder {
    private final String user;
    private List<String> includeAssets;
    private Boolean includeTotalBalance;
    private Boolean includeTotalPnl;
    private LocalDate startDate;
    private LocalDate endDate;
    private Long resolution;
    private String quote;

    private Builder(String user) {
      this.user = user;
    }

    /** Sets {@code include[assets][]}. */
    public Builder includeAssets(List<String> includeAssets) {
      this.includeAssets = includeAssets;
      return this;
    }

    /** Sets {@code include[total_balance]}. */
    public Builder includeTotalBalance(Boolean includeTotalBalance) {
      this.includeTotalBalance = includeTotalBalance;
      return this;
    }

    /** Sets {@code include[total_pnl]}. */
    public Builder includeTotalPnl(Boolean includeTotalPnl) {
      this.includeTotalPnl = includeTotalPnl;
      return this;
    }

    /** Sets {@code start_date}. */
    public Builder startDate(LocalDate startDate) {
      this.startDate = startDate;
      return this;
    }

    /** Sets {@code end_date}. */
    public Builder endDate(LocalDate endDate) {
      this.endDate = endDate;
      return this;
    }

    /** Sets {@code resolution}. */
    public Builder resolution(Long resolution) {
      this.resolution = resolution;
      return this;
    }

    /** Sets {@code quote}. */
    public Builder quote(String quote) {
      this.quote = quote;
      return this;
    }

    /**
     * Returns the query. The contract's constraints (lengths, ranges) are checked when the first
     * page is requested, like any other call.
     */
    public PortfolioHistoryQuery build() {
      return new PortfolioHistoryQuery(user, includeAssets, includeTotalBalance, includeTotalPnl, startDate,
          endDate, resolution, quote);
    }
  }
}
