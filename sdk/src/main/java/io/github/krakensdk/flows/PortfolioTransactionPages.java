package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.ListPortfolioTransactionsRequest;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactions;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * A user's portfolio transactions, page after page: the first page is requested with the {@link
 * ListPortfolioTransactionsRequest} given (its filters, order and page size; its {@code cursor},
 * if set, is where the walk starts), each later one with the user and the {@code next_cursor} of
 * the page before (the cursor carries the first request's filters), until a page has no {@code
 * next_cursor}.
 *
 * <pre>{@code
 * ListPortfolioTransactionsRequest query = ListPortfolioTransactionsRequest.builder()
 *     .user(iiban)
 *     .types(List.of(PortfolioTransactionType.SIMPLE_ORDER))
 *     .pageSize(100)
 *     .build();
 * new PortfolioTransactionPages(kraken.embed(), query).transactions()
 *     .forEach(trade -> statement.add(trade.time(), trade.spend(), trade.receive()));
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * ({@code limit}, {@code takeWhile}, {@code findFirst}) sends no call for the pages after it. Each
 * {@link #iterator()} (and each stream) starts again from the first page; the instance holds no
 * state and can be shared, but one iterator is for one thread. A failed call is thrown from {@code
 * hasNext()} as the {@link KrakenException} of {@link EmbedService#listPortfolioTransactions}; a
 * {@code next_cursor} equal to the cursor just sent fails with {@link UnexpectedResponseException}
 * rather than loop.
 */
public final class PortfolioTransactionPages implements Iterable<PortfolioTransactions> {
  private static final String OPERATION = "listPortfolioTransactions";

  private final EmbedService embed;
  private final ListPortfolioTransactionsRequest query;

  /**
   * @param embed the Embed service, usually {@code kraken.embed()}, whose key signs every page.
   * @param query the parameters of the first page.
   */
  public PortfolioTransactionPages(EmbedService embed, ListPortfolioTransactionsRequest query) {
    this.embed = Objects.requireNonNull(embed, "embed == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public ListPortfolioTransactionsRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<PortfolioTransactions> iterator() {
    // The cursor carries the first request's filters: the contract says the others are ignored.
    return new CursorWalk<>(OPERATION, query.cursor(), () -> embed.listPortfolioTransactions(query),
        cursor -> embed.listPortfolioTransactions(r -> r.user(query.user()).cursor(cursor)),
        PortfolioTransactions::nextCursor);
  }

  @Override
  public Spliterator<PortfolioTransactions> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<PortfolioTransactions> pages() {
    return Walks.stream(iterator());
  }

  /** The transactions of every page, in order, fetched page by page as the stream reaches them. */
  public Stream<PortfolioTransaction> transactions() {
    // A page without `transactions` (lenient decoding) holds none rather than failing the walk.
    return pages().flatMap(page -> page.transactions() == null ? Stream.empty() : page.transactions().stream());
  }

  @Override
  public String toString() {
    return "PortfolioTransactionPages[" + query + "]";
  }
}
