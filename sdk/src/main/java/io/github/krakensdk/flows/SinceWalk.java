package io.github.krakensdk.flows;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * The walk of a public Spot operation paged by {@code since} and {@code last}: the first page with
 * the query's own {@code since}, each later one with the {@code last} of the page before, until a
 * page is empty, has no {@code last}, or its {@code last} is the {@code since} it was asked with
 * (nothing newer). An empty page ends the walk and is given only when it is the first. One walk is
 * for one thread; a failed call is thrown from {@code hasNext()}, and asking again requests the
 * same page again.
 *
 * @param <P> the page.
 * @param <S> the type of {@code since} and {@code last}.
 */
final class SinceWalk<P, S> implements Iterator<P> {
  private final Supplier<P> first;
  private final Function<S, P> fetch;
  private final Function<P, S> last;
  private final ToIntFunction<P> size;
  /** The {@code since} of the next page; the query's for the first. */
  private S since;
  private boolean started;
  private boolean exhausted;
  private P next;

  /**
   * @param first requests the first page: the query as given.
   * @param fetch requests a later page after a {@code since}.
   * @param firstSince the query's {@code since}; may be null.
   * @param last the page's {@code last}, or null when it has none.
   * @param size the number of entries of a page.
   */
  SinceWalk(Supplier<P> first, Function<S, P> fetch, S firstSince, Function<P, S> last, ToIntFunction<P> size) {
    this.first = first;
    this.fetch = fetch;
    this.since = firstSince;
    this.last = last;
    this.size = size;
  }

  @Override
  public boolean hasNext() {
    if (next == null && !exhausted) {
      boolean firstPage = !started;
      P page = firstPage ? first.get() : fetch.apply(since);
      started = true;
      int entries = size.applyAsInt(page);
      S pageLast = last.apply(page);
      if (entries == 0 || pageLast == null || Objects.equals(pageLast, since)) {
        exhausted = true;
      } else {
        since = pageLast;
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
