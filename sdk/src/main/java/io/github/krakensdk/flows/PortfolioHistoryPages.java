package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.GetPortfolioHistoryRequest;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryPoint;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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
    return new PageIterator();
  }

  @Override
  public Spliterator<PortfolioHistory> spliterator() {
    return Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL);
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<PortfolioHistory> pages() {
    return StreamSupport.stream(spliterator(), false);
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

  private final class PageIterator implements Iterator<PortfolioHistory> {
    /** The cursor for the next request; null until the first page is in. */
    private String cursor;
    private boolean started;
    private boolean exhausted;
    /** Whether the last page's next_cursor was the cursor that fetched it. */
    private boolean repeated;
    private PortfolioHistory next;

    @Override
    public boolean hasNext() {
      if (next == null && repeated) {
        // Following it would request the same page forever; a caller collecting the points would
        // never return. The service method does not expose the HTTP status here.
        throw new UnexpectedResponseException(OPERATION, KrakenException.NO_STATUS,
            "next_cursor repeats the cursor just sent, so the pages would never end", cursor, null);
      }
      if (next == null && !exhausted) {
        next = fetch();
      }
      return next != null;
    }

    @Override
    public PortfolioHistory next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      PortfolioHistory page = next;
      next = null;
      return page;
    }

    private PortfolioHistory fetch() {
      PortfolioHistory page;
      if (!started) {
        page = embed.getPortfolioHistory(query);
        started = true;
      } else {
        // The contract: with a cursor, every other parameter is ignored. Sending only the user
        // (a path parameter) keeps the request what the service actually uses.
        page = embed.getPortfolioHistory(r -> r.user(query.user()).cursor(cursor));
      }
      String nextCursor = page.nextCursor();
      if (nextCursor == null || nextCursor.isEmpty()) {
        exhausted = true;
      } else if (nextCursor.equals(cursor)) {
        // The page itself is good: give it, and fail when the walk would go on.
        repeated = true;
      } else {
        cursor = nextCursor;
      }
      return page;
    }
  }
}
