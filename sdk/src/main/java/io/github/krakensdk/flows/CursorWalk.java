package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One walk through pages that name their successor with a cursor ({@code next_cursor}): the first
 * page is fetched as the caller asked, each later one with the cursor of the page before, until a
 * page has none. Pages are fetched when iteration reaches them. A page whose
 * cursor repeats the one that fetched it is given, and the walk then fails rather than request
 * the same page forever.
 *
 * @param <P> the page.
 */
final class CursorWalk<P> implements Iterator<P> {
  private final String operation;
  private final Supplier<P> first;
  private final Function<String, P> following;
  private final Function<P, String> nextCursor;
  private String cursor;
  private boolean started;
  private boolean exhausted;
  private boolean repeated;
  private P next;

  /**
   * @param operation the operation's id, for the error a repeating cursor raises.
   * @param firstCursor the cursor the first request carries, if any (null for none).
   * @param first fetches the first page.
   * @param following fetches the page at a cursor a page named.
   * @param nextCursor the cursor a page names for its successor; null or empty on the last.
   */
  CursorWalk(String operation, String firstCursor, Supplier<P> first, Function<String, P> following,
      Function<P, String> nextCursor) {
    this.operation = operation;
    this.cursor = firstCursor;
    this.first = first;
    this.following = following;
    this.nextCursor = nextCursor;
  }

  @Override
  public boolean hasNext() {
    if (next == null && repeated) {
      throw new UnexpectedResponseException(operation, KrakenException.NO_STATUS,
          "next_cursor repeats the cursor just sent, so the pages would never end", cursor, null);
    }
    if (next == null && !exhausted) {
      P page = started ? following.apply(cursor) : first.get();
      started = true;
      String successor = nextCursor.apply(page);
      if (successor == null || successor.isEmpty()) {
        exhausted = true;
      } else if (successor.equals(cursor)) {
        repeated = true; // the page itself is good: give it, and fail when the walk would go on
      } else {
        cursor = successor;
      }
      next = page;
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
