package io.github.krakensdk.paging;

import java.util.Iterator;
import java.util.stream.Stream;

/**
 * The pages of a paged operation, and the items on them, requested lazily: one call when iteration
 * reaches a page, so a stream cut short ({@code limit}, {@code findFirst}, {@code takeWhile}) sends
 * no call for the pages after it. Get one from a family service, whose {@code ...Pages} method
 * takes the same request as the operation (the filters, and where the walk starts):
 *
 * <pre>{@code
 * Pages<LedgerPage, Map.Entry<String, LedgerEntry>> ledger = kraken.spot().getLedgersPages(r -> r.asset("XBT"));
 * ledger.forEach(entry -> book.record(entry.getKey(), entry.getValue().amount()));
 * long pages = ledger.pages().count();
 * }</pre>
 *
 * <p>How the walk moves from page to page (an offset, the previous page's {@code last}, a cursor or
 * a page number) and when it ends is the contract's {@code x-kraken-pagination} of the operation,
 * described on the service method. Items repeated by the service across pages (entries that
 * arrive during the walk shift offsets; a page asked from {@code last} begins at that boundary)
 * are given once; {@link #pages()} gives the pages as sent.
 *
 * <p>Each iteration (and each stream) is a new walk from the first page; an instance holds no
 * state and can be shared, but one iterator is for one thread. A failed call is thrown from {@code
 * hasNext()} as the operation's {@code KrakenException}, and asking again requests the same page
 * again. The SDK implements this interface; callers do not.
 *
 * @param <P> the page: the operation's result.
 * @param <T> an item of a page.
 */
public interface Pages<P, T> extends Iterable<T> {
  /** A new walk over the items of every page, in the service's order. */
  @Override
  Iterator<T> iterator();

  /** The items of every page, fetched page by page as the stream reaches them. */
  Stream<T> stream();

  /** The pages as the service sent them, one walk per iteration. */
  Iterable<P> byPage();

  /** The pages as the service sent them, fetched as the stream reaches them. */
  Stream<P> pages();
}
