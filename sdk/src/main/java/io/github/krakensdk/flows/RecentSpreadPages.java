package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.GetRecentSpreadsRequest;
import io.github.krakensdk.spot.model.RecentSpreads;
import io.github.krakensdk.spot.model.SpreadEntry;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The best bid and ask of a Spot pair over time, oldest first, page after page through the Spot
 * operation {@code getRecentSpreads}: the first page is requested with the {@link
 * GetRecentSpreadsRequest} given (its {@code since}, if set, is where the walk starts), each later
 * one with the same parameters and {@code since} set to the {@code last} of the page before. The
 * walk ends when a page is empty or its {@code last} does not move. The service keeps only recent
 * spreads, so the walk cannot reach further back than it does.
 *
 * <pre>{@code
 * RecentSpreadPages spreads = new RecentSpreadPages(kraken.spot(),
 *     GetRecentSpreadsRequest.builder().pair("XBTUSD").build());
 * spreads.spreads().forEach(spread -> chart.add(spread.time(), spread.ask().subtract(spread.bid())));
 * }</pre>
 *
 * <p>Several spreads can share one second, and a page asked from the {@code last} of the one
 * before can begin with the spreads of that second again; {@link #spreads()} leaves out a spread
 * equal in time, bid and ask to one of the page before (two such spreads cannot be told apart),
 * {@link #pages()} gives the pages as sent.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page. Each {@link #iterator()}
 * (and each stream) starts again from the first page; the instance holds no state and can be
 * shared, but one iterator is for one thread. A failed call is thrown from {@code hasNext()} as the
 * {@link KrakenException} of {@link SpotService#getRecentSpreads}.
 */
public final class RecentSpreadPages implements Iterable<RecentSpreads> {
  private final SpotService spot;
  private final GetRecentSpreadsRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}.
   * @param query the pair and the parameters of every page, and the first page's {@code since}.
   */
  public RecentSpreadPages(SpotService spot, GetRecentSpreadsRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetRecentSpreadsRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<RecentSpreads> iterator() {
    return new SinceWalk<>(
        () -> spot.getRecentSpreads(query),
        since -> spot.getRecentSpreads(query.toBuilder().since(since).build()),
        query.since(),
        RecentSpreads::last,
        page -> Walks.ofEveryPair(page.pairs()).size());
  }

  @Override
  public Spliterator<RecentSpreads> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<RecentSpreads> pages() {
    return Walks.stream(iterator());
  }

  /** The spreads of every page, oldest first, less the repeats at the boundary of two pages. */
  public Stream<SpreadEntry> spreads() {
    return Walks.newAcrossPages(pages(), page -> Walks.ofEveryPair(page.pairs()), spread -> spread);
  }

  @Override
  public String toString() {
    return "RecentSpreadPages[" + query + "]";
  }
}
