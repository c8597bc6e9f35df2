package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.GetPortfolioHistoryRequest;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryPoint;
import io.github.krakensdk.errors.KrakenException;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * A user's portfolio history, page after page: the first page is requested with the {@link
 * GetPortfolioHistoryRequest} given (its {@code cursor}, if set, is where the walk starts), each
 * later one with the user and the {@code next_cursor} of the page before (and nothing else: the
 * service ignores every other parameter when a cursor is given), until a page has no {@code
 * next_cursor}.
 *
 * <pre>{@code
 * GetPortfolioHistoryRequest query = GetPortfolioHistoryRequest.builder()
 *     .user(iiban)
 *     .includeTotalBalance(true)
 *     .startDate(LocalDate.of(2020, 1, 1))
 *     .build();
 * PortfolioHistoryPages history = new PortfolioHistoryPages(kraken.embed(), query);
 * history.points().forEach(point -> chart.add(point.date(), point.totalBalance()));
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * ({@code limit}, {@code takeWhile}, {@code findFirst}) sends no call for the pages after it.
 * Each {@link #iterator()} (and each stream) starts again from the first page; the instance holds
 * no state and can be shared, but one iterator is for one thread. A failed call is thrown from
 * {@code hasNext()} as the {@link KrakenException} of {@link EmbedService#getPortfolioHistory}.
 */
public final class PortfolioHistoryPages implements Iterable<PortfolioHistory> {
  private static final String OPERATION = "getPortfolioHistory";

  private final EmbedService embed;
  private final GetPortfolioHistoryRequest query;

  /**
   * @param embed the Embed service, usually {@code kraken.embed()}, whose key signs every page.
   * @param query the parameters of the first page.
   */
  public PortfolioHistoryPages(EmbedService embed, GetPortfolioHistoryRequest query) {
    this.embed = Objects.requireNonNull(embed, "embed == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetPortfolioHistoryRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<PortfolioHistory> iterator() {
    // With a cursor the service ignores every other parameter: later pages send only the user (a
    // path parameter) and the cursor, the request the service actually uses.
    return new CursorWalk<>(OPERATION, query.cursor(), () -> embed.getPortfolioHistory(query),
        cursor -> embed.getPortfolioHistory(r -> r.user(query.user()).cursor(cursor)), PortfolioHistory::nextCursor);
  }

  @Override
  public Spliterator<PortfolioHistory> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<PortfolioHistory> pages() {
    return Walks.stream(iterator());
  }

  /** The data points of every page, in order, fetched page by page as the stream reaches them. */
  public Stream<PortfolioHistoryPoint> points() {
    // A page without `history` (lenient decoding) holds no points rather than failing the walk.
    return pages().flatMap(page -> page.history() == null ? Stream.empty() : page.history().stream());
  }

  @Override
  public String toString() {
    return "PortfolioHistoryPages[" + query + "]";
  }
}
