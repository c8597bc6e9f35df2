package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.GetTradesHistoryRequest;
import io.github.krakensdk.spot.model.TradeInfo;
import io.github.krakensdk.spot.model.TradesHistory;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The account's own trades, page after page, through the Spot operation {@code getTradesHistory}:
 * the first page is requested with the {@link GetTradesHistoryRequest} given (its {@code ofs}, if
 * set, is where the walk starts), each later one with the same filters and {@code ofs} moved past
 * the trades received, until {@code ofs} reaches the {@code count} the service reports (or, without
 * a {@code count}, until a page comes back empty).
 *
 * <pre>{@code
 * TradesHistoryPages history = new TradesHistoryPages(kraken.spot(), GetTradesHistoryRequest.builder().build());
 * BigDecimal fees = history.trades().map(trade -> trade.getValue().fee()).reduce(BigDecimal.ZERO, BigDecimal::add);
 * }</pre>
 *
 * <p><b>Trades made during the walk.</b> The service pages from the most recent trade back, so a
 * trade made between two pages pushes the older ones one place further: the next page then starts
 * with trades the page before ended with. Nothing is lost (trades only move later), and {@link
 * #trades()} gives each trade id once: it keeps the ids it gave for the length of the stream and
 * skips repeats. Trades made after the walk started are not in it; the walk ends at the latest
 * {@code count}, which includes them, so the oldest trades are still reached. {@link #pages()}
 * gives the pages as the service sent them, repeats included. To leave out later trades entirely,
 * set {@code end} in the query.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * sends no call for the pages after it. Each {@link #iterator()} (and each stream) starts again
 * from the first page; the instance holds no state and can be shared, but one iterator is for one
 * thread. A failed call is thrown from {@code hasNext()} as the {@link KrakenException} of {@link
 * SpotService#getTradesHistory}. Each page costs 2 on the key's REST call counter.
 */
public final class TradesHistoryPages implements Iterable<TradesHistory> {
  private final SpotService spot;
  private final GetTradesHistoryRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}, whose key signs every page.
   * @param query the filters, and the first page's {@code ofs}.
   */
  public TradesHistoryPages(SpotService spot, GetTradesHistoryRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetTradesHistoryRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<TradesHistory> iterator() {
    return new OffsetWalk<>(
        () -> spot.getTradesHistory(query),
        ofs -> spot.getTradesHistory(query.toBuilder().ofs(ofs).build()),
        query.ofs() == null ? 0 : query.ofs(),
        page -> Walks.size(page.trades()),
        TradesHistory::count);
  }

  @Override
  public Spliterator<TradesHistory> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<TradesHistory> pages() {
    return Walks.stream(iterator());
  }

  /** The trades of every page, most recent first, keyed by trade id, each id once. */
  public Stream<Map.Entry<String, TradeInfo>> trades() {
    return Walks.uniqueEntries(pages(), TradesHistory::trades);
  }

  @Override
  public String toString() {
    return "TradesHistoryPages[" + query + "]";
  }
}
