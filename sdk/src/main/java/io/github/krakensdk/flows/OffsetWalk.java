package io.github.krakensdk.flows;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * The walk of a Spot operation paged by {@code ofs} (an offset into the matching entries, newest
 * first) and answering the {@code count} of matching entries: the first page at the query's own
 * {@code ofs} (0 when unset), each later one at the offset after the entries of the page before,
 * until the offset reaches the latest {@code count} or a page comes back empty. Without a {@code
 * count} ({@code without_count=true}) the walk goes on until a page is empty. An empty page ends
 * the walk and is given only when it is the first: so there is always at least one page, whose
 * {@code count} tells how many entries matched. One walk is for one thread; a failed call is
 * thrown from {@code hasNext()}, and asking again requests the same page again.
 */
final class OffsetWalk<P> implements Iterator<P> {
  private final Supplier<P> first;
  private final IntFunction<P> fetch;
  private final ToIntFunction<P> size;
  private final Function<P, ? extends Number> count;
  /** The offset of the next page. */
  private int ofs;
  private boolean started;
  private boolean exhausted;
  private P next;

  /**
   * @param first requests the first page: the query as given.
   * @param fetch requests a later page at an offset.
   * @param firstOfs the offset of the first page.
   * @param size the number of entries of a page.
   * @param count the page's {@code count} of matching entries, or null when it has none.
   */
  OffsetWalk(Supplier<P> first, IntFunction<P> fetch, int firstOfs, ToIntFunction<P> size,
      Function<P, ? extends Number> count) {
    this.first = first;
    this.fetch = fetch;
    this.ofs = firstOfs;
    this.size = size;
    this.count = count;
  }

  @Override
  public boolean hasNext() {
    if (next == null && !exhausted) {
      boolean firstPage = !started;
      P page = firstPage ? first.get() : fetch.apply(ofs);
      started = true;
      int entries = size.applyAsInt(page);
      Number total = count.apply(page);
      ofs += entries;
      if (entries == 0 || (total != null && ofs >= total.longValue())) {
        exhausted = true;
      }
      if (entries > 0 || firstPage) {
        next = page;
      }
    }
    return next != null;
  }

  @Override
  public P next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    P page = next;
    next = null;
    return page;
  }
}
