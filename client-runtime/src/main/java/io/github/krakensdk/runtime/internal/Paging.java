package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.paging.AsyncPages;
import io.github.krakensdk.paging.Pages;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Plumbing, not API: the one paging engine behind every generated {@code ...Pages} and {@code
 * ...PagesAsync} method. A generated method names the style the contract declares ({@code
 * x-kraken-pagination}) with one of the factories, then how a page's items are read, then the call:
 *
 * <pre>{@code
 * Paging.offset(request, GetLedgersRequest::ofs, (query, ofs) -> query.toBuilder().ofs(ofs).build(), LedgerPage::count)
 *     .entries(LedgerPage::ledger)
 *     .pages(this::getLedgers);
 * }</pre>
 *
 * <p>A style is a small strategy: from the request just sent and the page it answered, the next
 * request, or none at the end. The engine walks with it, synchronously (an iterator, one call when
 * {@code hasNext()} needs a page) or asynchronously (one future per page, the next requested when
 * the one before was handed over), and gives each item once as the items rule says.
 *
 * @param <R> the operation's request.
 * @param <P> the page: the operation's result.
 */
public final class Paging<R, P> {
  /** How a style goes from one page to the next. */
  private interface Step<R, P> {
    /**
     * The request after {@code page}, which answered {@code asked} with {@code size} items: null
     * at the end; a supplier that throws when going on would be wrong.
     */
    Supplier<R> next(R asked, P page, int size);
  }

  private final R query;
  private final Step<R, P> step;
  /** Whether an empty page after the first is left out (it only says the walk is over). */
  private final boolean skipsEmptyPages;

  private Paging(R query, Step<R, P> step, boolean skipsEmptyPages) {
    this.query = Objects.requireNonNull(query, "request == null");
    this.step = step;
    this.skipsEmptyPages = skipsEmptyPages;
  }

  /**
   * Paged by an offset into the matching items ({@code ofs}), the page answering how many match
   * ({@code count}): the first page is the query as given, each later one at the offset past the
   * items received, until it reaches the latest total or a page is empty (without a total, only an
   * empty page ends the walk). An empty page is given only when it is the first.
   *
   * @param position the offset of a request, null for 0.
   * @param at the query with another offset.
   * @param total the page's total of matching items, or null when it has none.
   */
  public static <R, P> Paging<R, P> offset(R query, Function<R, Integer> position, BiFunction<R, Integer, R> at,
      Function<P, ? extends Number> total) {
    return new Paging<>(query, (asked, page, size) -> {
      Integer askedAt = position.apply(asked);
      int following = (askedAt == null ? 0 : askedAt) + size;
      Number matching = total.apply(page);
      if (size == 0 || (matching != null && following >= matching.longValue())) {
        return null;
      }
      return () -> at.apply(query, following);
    }, true);
  }

  /**
   * Paged by {@code since}, each page answering the {@code last} to ask from next: the first page
   * is the query as given, each later one from the {@code last} of the page before, until a page
   * is empty, has no {@code last}, or its {@code last} is the {@code since} it was asked with. An
   * empty page is given only when it is the first.
   */
  public static <R, P, S> Paging<R, P> since(R query, Function<R, S> position, BiFunction<R, S, R> at,
      Function<P, S> next) {
    return new Paging<>(query, (asked, page, size) -> {
      S last = next.apply(page);
      if (size == 0 || last == null || last.equals(position.apply(asked))) {
        return null;
      }
      return () -> at.apply(query, last);
    }, true);
  }

  /**
   * Paged by a cursor the page names for its successor: the first page is the query as given, each
   * later one with the cursor of the page before, until a page names none. Every page is given,
   * an empty one too. A cursor that repeats the one that fetched its page would request that page
   * forever: the page is given, and going on fails with {@link UnexpectedResponseException}.
   *
   * @param operation the operation's id, for that failure.
   */
  public static <R, P> Paging<R, P> cursor(String operation, R query, Function<R, String> position,
      BiFunction<R, String, R> at, Function<P, String> next) {
    return new Paging<>(query, (asked, page, size) -> {
      String successor = next.apply(page);
      if (successor == null || successor.isEmpty()) {
        return null;
      }
      String sent = position.apply(asked);
      if (successor.equals(sent)) {
        return () -> {
          throw new UnexpectedResponseException(operation, KrakenException.NO_STATUS,
              "next_cursor repeats the cursor just sent, so the pages would never end", sent, null);
        };
      }
      return () -> at.apply(query, successor);
    }, false);
  }

  /**
   * Paged by number, every request saying it, from the query's number (1 when unset): the walk ends at an empty page, at the
   * page's total of pages, or, when the page does not say its total, at a page with no link to the
   * next. Every page asked is given.
   *
   * @param totalPages the page's total of pages, or null when it has none.
   * @param nextLink the page's link to the next, or null when it has none.
   */
  public static <R, P> Paging<R, P> pageNumber(R query, Function<R, Integer> position, BiFunction<R, Integer, R> at,
      Function<P, ? extends Number> totalPages, Function<P, ?> nextLink) {
    // Every page says its number, the first too.
    R first = position.apply(query) == null ? at.apply(query, 1) : query;
    return new Paging<>(first, (asked, page, size) -> {
      Integer askedNumber = position.apply(asked);
      int number = askedNumber == null ? 1 : askedNumber;
      Number total = totalPages.apply(page);
      if (size == 0 || (total != null ? number >= total.longValue() : nextLink.apply(page) == null)) {
        return null;
      }
      return () -> at.apply(query, number + 1);
    }, false);
  }

  /**
   * Items in a map keyed by id (a missing map holds none), each id given once in a walk: entries
   * that arrive during the walk shift the pages, so a page can repeat the end of the one before.
   */
  public <V> Walk<R, P, Map.Entry<String, V>> entries(Function<P, Map<String, V>> map) {
    Function<P, List<Map.Entry<String, V>>> read = page -> {
      Map<String, V> entries = map.apply(page);
      return entries == null ? List.of() : new ArrayList<>(entries.entrySet());
    };
    return new Walk<>(this, read, () -> uniqueIn(read, Map.Entry::getKey));
  }

  /** Items in a list (a missing list holds none), given as sent. */
  public <T> Walk<R, P, T> items(Function<P, List<T>> list) {
    Function<P, List<T>> read = orEmpty(list);
    Items<P, T> asSent = read::apply;
    return new Walk<>(this, read, () -> asSent);
  }

  /**
   * Items in a list, each {@code key} given once in a walk (an item without one is compared whole):
   * items that arrive during the walk shift the pages.
   */
  public <T> Walk<R, P, T> uniqueItems(Function<P, List<T>> list, Function<T, ?> key) {
    Function<P, List<T>> read = orEmpty(list);
    return new Walk<>(this, read, () -> uniqueIn(read, key));
  }

  /**
   * Items in a list, less those the page before gave (by {@code key}, an item without one
   * compared whole): a page asked from the {@code last} of the one before may begin with the items
   * at that boundary again. Only the previous page's keys are kept.
   */
  public <T> Walk<R, P, T> newAtBoundary(Function<P, List<T>> list, Function<T, ?> key) {
    Function<P, List<T>> read = orEmpty(list);
    return new Walk<>(this, read, () -> new NewAtBoundary<P, T>(read, key));
  }

  /**
   * Items in a list ordered by {@code order}, those after the page's {@code next} still forming:
   * the next page gives them again, final. Each order value is given once, final as soon as a page
   * has it so; the items still forming when the walk ends are given last.
   */
  public <T, C extends Comparable<C>> Walk<R, P, T> formingAfterNext(Function<P, List<T>> list, Function<T, C> order,
      Function<P, C> next) {
    Function<P, List<T>> read = orEmpty(list);
    return new Walk<>(this, read, () -> new FormingAfterNext<P, T, C>(read, order, next));
  }

  /** Every list of a map in order (rows under a pair's name), none for a missing map. */
  public static <T> List<T> everyList(Map<String, List<T>> lists) {
    if (lists == null) {
      return List.of();
    }
    List<T> all = new ArrayList<>();
    for (List<T> items : lists.values()) {
      if (items != null) {
        all.addAll(items);
      }
    }
    return all;
  }

  private static <P, T> Function<P, List<T>> orEmpty(Function<P, List<T>> list) {
    return page -> {
      List<T> items = list.apply(page);
      return items == null ? List.of() : items;
    };
  }

  private static <T> Object keyOf(T item, Function<T, ?> key) {
    Object id = key.apply(item);
    return id != null ? id : item;
  }

  private static <P, T> Items<P, T> uniqueIn(Function<P, List<T>> read, Function<T, ?> key) {
    Set<Object> given = new HashSet<>();
    return page -> {
      List<T> fresh = new ArrayList<>();
      for (T item : read.apply(page)) {
        if (given.add(keyOf(item, key))) {
          fresh.add(item);
        }
      }
      return fresh;
    };
  }

  /** See {@link #newAtBoundary}. */
  private static final class NewAtBoundary<P, T> implements Items<P, T> {
    private final Function<P, List<T>> read;
    private final Function<T, ?> key;
    private Set<Object> before = Set.of();

    NewAtBoundary(Function<P, List<T>> read, Function<T, ?> key) {
      this.read = read;
      this.key = key;
    }

    @Override public List<T> take(P page) {
      Set<Object> now = new HashSet<>();
      List<T> fresh = new ArrayList<>();
      for (T item : read.apply(page)) {
        Object id = keyOf(item, key);
        now.add(id);
        if (!before.contains(id)) {
          fresh.add(item);
        }
      }
      before = now;
      return fresh;
    }
  }

  /** See {@link #formingAfterNext}. */
  private static final class FormingAfterNext<P, T, C extends Comparable<C>> implements Items<P, T> {
    private final Function<P, List<T>> read;
    private final Function<T, C> order;
    private final Function<P, C> next;
    /** The items after the latest page's {@code next}, given when the walk ends. */
    private List<T> forming = List.of();
    /** The order of the last final item given; null before the first. */
    private C given;

    FormingAfterNext(Function<P, List<T>> read, Function<T, C> order, Function<P, C> next) {
      this.read = read;
      this.order = order;
      this.next = next;
    }

    @Override public List<T> take(P page) {
      C pageNext = next.apply(page);
      List<T> ready = new ArrayList<>();
      List<T> stillForming = new ArrayList<>();
      for (T item : read.apply(page)) {
        C at = order.apply(item);
        if (at != null && given != null && at.compareTo(given) <= 0) {
          continue; // given already, final, by an earlier page
        }
        if (at != null && pageNext != null && at.compareTo(pageNext) > 0) {
          stillForming.add(item);
        } else {
          ready.add(item);
          if (at != null) {
            given = at;
          }
        }
      }
      forming = stillForming; // the next page has these again: only the latest view is kept
      return ready;
    }

    @Override public List<T> finish() {
      return forming;
    }
  }

  /** The items of one walk, in order: each page's new ones, and those left when it ends. */
  private interface Items<P, T> {
    List<T> take(P page);

    default List<T> finish() {
      return List.of();
    }
  }

  /**
   * A walk's style and items rule, ready for the call.
   *
   * @param <T> an item.
   */
  public static final class Walk<R, P, T> {
    private final Paging<R, P> paging;
    private final Function<P, List<T>> read;
    private final Supplier<Items<P, T>> items;

    private Walk(Paging<R, P> paging, Function<P, List<T>> read, Supplier<Items<P, T>> items) {
      this.paging = paging;
      this.read = read;
      this.items = items;
    }

    /** The pages, each requested by {@code call} when iteration reaches it. */
    public Pages<P, T> pages(Function<R, P> call) {
      Objects.requireNonNull(call, "call == null");
      return new SyncPages<>(this, call);
    }

    /** The pages, each requested by {@code call} when the one before was handed over. */
    public AsyncPages<P, T> pagesAsync(Function<R, CompletableFuture<P>> call) {
      Objects.requireNonNull(call, "call == null");
      return new Async<>(this, call);
    }

    /** Where the walk is: the request after the page just received, and whether to give it. */
    private final class Position {
      Supplier<R> next = () -> paging.query;
      boolean started;

      /** Takes {@code page}, asked with {@code asked}; whether it is given. */
      boolean take(R asked, P page) {
        boolean first = !started;
        started = true;
        int size = read.apply(page).size();
        next = paging.step.next(asked, page, size);
        return size > 0 || first || !paging.skipsEmptyPages;
      }
    }
  }

  private static final class SyncPages<R, P, T> implements Pages<P, T> {
    private final Walk<R, P, T> walk;
    private final Function<R, P> call;

    SyncPages(Walk<R, P, T> walk, Function<R, P> call) {
      this.walk = walk;
      this.call = call;
    }

    @Override public Iterator<T> iterator() {
      return new ItemIterator<>(new PageIterator(), walk.items.get());
    }

    @Override public Stream<T> stream() {
      return stream(iterator());
    }

    @Override public Iterable<P> byPage() {
      return PageIterator::new;
    }

    @Override public Stream<P> pages() {
      return stream(new PageIterator());
    }

    @Override public Spliterator<T> spliterator() {
      return spliterator(iterator());
    }

    private static <E> Spliterator<E> spliterator(Iterator<E> iterator) {
      return Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED | Spliterator.NONNULL);
    }

    private static <E> Stream<E> stream(Iterator<E> iterator) {
      return StreamSupport.stream(spliterator(iterator), false);
    }

    @Override public String toString() {
      return "Pages[" + walk.paging.query + "]";
    }

    /** One walk over the pages; a failed call is thrown and the same page asked again next time. */
    private final class PageIterator implements Iterator<P> {
      private final Walk<R, P, T>.Position position = walk.new Position();
      private P next;

      @Override public boolean hasNext() {
        while (next == null && position.next != null) {
          R asked = position.next.get();
          P page = call.apply(asked);
          if (position.take(asked, page)) {
            next = page;
          }
        }
        return next != null;
      }

      @Override public P next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        P page = next;
        next = null;
        return page;
      }
    }
  }

  /** The items of a walk's pages, page by page, and those its items rule gives at the end. */
  private static final class ItemIterator<P, T> implements Iterator<T> {
    private final Iterator<P> pages;
    private final Items<P, T> items;
    private Iterator<T> current = Collections.emptyIterator();
    private boolean finished;

    ItemIterator(Iterator<P> pages, Items<P, T> items) {
      this.pages = pages;
      this.items = items;
    }

    @Override public boolean hasNext() {
      while (!current.hasNext() && !finished) {
        if (pages.hasNext()) {
          current = items.take(pages.next()).iterator();
        } else {
          current = items.finish().iterator();
          finished = true;
        }
      }
      return current.hasNext();
    }

    @Override public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }
  }

  private static final class Async<R, P, T> implements AsyncPages<P, T> {
    private final Walk<R, P, T> walk;
    private final Function<R, CompletableFuture<P>> call;

    Async(Walk<R, P, T> walk, Function<R, CompletableFuture<P>> call) {
      this.walk = walk;
      this.call = call;
    }

    @Override public CompletableFuture<Void> forEachPage(Consumer<? super P> page) {
      Objects.requireNonNull(page, "page == null");
      return from(walk.new Position(), page);
    }

    @Override public CompletableFuture<Void> forEach(Consumer<? super T> item) {
      Objects.requireNonNull(item, "item == null");
      Items<P, T> items = walk.items.get();
      return from(walk.new Position(), page -> items.take(page).forEach(item))
          .thenRun(() -> items.finish().forEach(item));
    }

    @Override public CompletableFuture<List<T>> toList() {
      List<T> all = new ArrayList<>();
      return forEach(all::add).thenApply(done -> Collections.unmodifiableList(all));
    }

    /** Requests the page at {@code position}, hands it over, then goes on from the next. */
    private CompletableFuture<Void> from(Walk<R, P, T>.Position position, Consumer<? super P> action) {
      if (position.next == null) {
        return CompletableFuture.completedFuture(null);
      }
      R asked;
      try {
        asked = position.next.get();
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      return call.apply(asked).thenCompose(page -> {
        if (position.take(asked, page)) {
          action.accept(page);
        }
        return from(position, action);
      });
    }

    @Override public String toString() {
      return "AsyncPages[" + walk.paging.query + "]";
    }
  }
}
