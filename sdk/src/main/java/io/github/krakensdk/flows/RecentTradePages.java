package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.GetRecentTradesRequest;
import io.github.krakensdk.spot.model.RecentTrades;
import io.github.krakensdk.spot.model.TradeEntry;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The public trades of a Spot pair, oldest first, page after page through the Spot operation
 * {@code getRecentTrades}: the first page is requested with the {@link GetRecentTradesRequest}
 * given (its {@code since}, if set, is where the walk starts; without it the service starts at its
 * most recent trades), each later one with the same parameters and {@code since} set to the
 * {@code last} of the page before. The walk follows the pair up to now: it ends when a page is
 * empty or its {@code last} does not move.
 *
 * <pre>{@code
 * String oneHourAgo = String.valueOf(Instant.now().minus(Duration.ofHours(1)).getEpochSecond());
 * RecentTradePages trades = new RecentTradePages(kraken.spot(),
 *     GetRecentTradesRequest.builder().pair("XBTUSD").since(oneHourAgo).build());
 * BigDecimal volume = trades.trades().map(TradeEntry::volume).reduce(BigDecimal.ZERO, BigDecimal::add);
 * }</pre>
 *
 * <p>A page asked from the {@code last} of the one before can begin with the trades at that
 * boundary again; {@link #trades()} gives each trade once (recognised by {@code trade_id}, else by
 * all of its values), {@link #pages()} the pages as sent. On a busy pair new trades keep coming
 * while the walk runs; it ends at the first page that has nothing newer.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * ({@code limit}, {@code takeWhile}) sends no call for the pages after it. Each {@link
 * #iterator()} (and each stream) starts again from the first page; the instance holds no state and
 * can be shared, but one iterator is for one thread. A failed call is thrown from {@code
 * hasNext()} as the {@link KrakenException} of {@link SpotService#getRecentTrades}.
 */
public final class RecentTradePages implements Iterable<RecentTrades> {
  private final SpotService spot;
  private final GetRecentTradesRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}.
   * @param query the pair and the parameters of every page, and the first page's {@code since}.
   */
  public RecentTradePages(SpotService spot, GetRecentTradesRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetRecentTradesRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<RecentTrades> iterator() {
    return new SinceWalk<>(
        () -> spot.getRecentTrades(query),
        since -> spot.getRecentTrades(query.toBuilder().since(since).build()),
        query.since(),
        RecentTrades::last,
        page -> Walks.ofEveryPair(page.pairs()).size());
  }

  @Override
  public Spliterator<RecentTrades> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<RecentTrades> pages() {
    return Walks.stream(iterator());
  }

  /** The trades of every page, oldest first, each once. */
  public Stream<TradeEntry> trades() {
    return Walks.newAcrossPages(pages(), page -> Walks.ofEveryPair(page.pairs()),
        trade -> trade.tradeId() != null ? trade.tradeId() : trade);
  }

  @Override
  public String toString() {
    return "RecentTradePages[" + query + "]";
  }
}
