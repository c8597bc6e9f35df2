package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.FundingTransaction;
import io.github.krakensdk.embed.model.FundingTransactionPage;
import io.github.krakensdk.embed.model.ListFundingTransactionsRequest;
import io.github.krakensdk.errors.KrakenException;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The deposits or withdrawals of the partner's own (master) account, page after page, newest
 * first: the first page is requested with the {@link ListFundingTransactionsRequest} given (its
 * {@code cursor}, if set, is where the walk starts), each later one with the same request and the
 * {@code next_cursor} of the page before as its {@code cursor} (the service wants the same {@code
 * type} and {@code page_size} with a cursor), until a page has no {@code next_cursor}. A user's
 * deposits and withdrawals are in {@link PortfolioTransactionPages}.
 *
 * <pre>{@code
 * ListFundingTransactionsRequest withdrawals = ListFundingTransactionsRequest.builder()
 *     .type(FundingTransactionType.WITHDRAWAL)
 *     .pageSize(100)
 *     .build();
 * new FundingTransactionPages(kraken.embed(), withdrawals).transactions()
 *     .filter(t -> FundingTransactionStatus.HELD.equals(t.status()))
 *     .forEach(t -> review.add(t.refId()));
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * ({@code limit}, {@code takeWhile}, {@code findFirst}) sends no call for the pages after it.
 * Each {@link #iterator()} (and each stream) starts again from the first page; the instance holds
 * no state and can be shared, but one iterator is for one thread. A failed call is thrown from
 * {@code hasNext()} as the {@link KrakenException} of {@link EmbedService#listFundingTransactions}.
 */
public final class FundingTransactionPages implements Iterable<FundingTransactionPage> {
  private static final String OPERATION = "listFundingTransactions";

  private final EmbedService embed;
  private final ListFundingTransactionsRequest query;

  /**
   * @param embed the Embed service, usually {@code kraken.embed()}, whose key signs every page.
   * @param query the parameters of every page; its {@code cursor}, if set, is the first page's.
   */
  public FundingTransactionPages(EmbedService embed, ListFundingTransactionsRequest query) {
    this.embed = Objects.requireNonNull(embed, "embed == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public ListFundingTransactionsRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<FundingTransactionPage> iterator() {
    // The service wants the same type and page size with a cursor: every page repeats the query.
    return new CursorWalk<>(OPERATION, query.cursor(), () -> embed.listFundingTransactions(query),
        cursor -> embed.listFundingTransactions(query.toBuilder().cursor(cursor).build()),
        FundingTransactionPage::nextCursor);
  }

  @Override
  public Spliterator<FundingTransactionPage> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<FundingTransactionPage> pages() {
    return Walks.stream(iterator());
  }

  /** The transactions of every page, newest first, fetched page by page as the stream reaches them. */
  public Stream<FundingTransaction> transactions() {
    // A page without `transactions` (lenient decoding) holds none rather than failing the walk.
    return pages().flatMap(page -> page.transactions() == null ? Stream.empty() : page.transactions().stream());
  }

  @Override
  public String toString() {
    return "FundingTransactionPages[" + query + "]";
  }
}
