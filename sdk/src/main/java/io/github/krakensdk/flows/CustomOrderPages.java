package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderList;
import io.github.krakensdk.embed.model.ListCustomOrdersRequest;
import io.github.krakensdk.errors.KrakenException;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * A user's custom orders, newest first, page after page: the first page is requested with the
 * {@link ListCustomOrdersRequest} given (its {@code cursor}, if set, is where the walk starts),
 * each later one with the user and the {@code next_cursor} of the page before (the cursor carries
 * the status filter), until a page has no {@code next_cursor}.
 *
 * <pre>{@code
 * ListCustomOrdersRequest waiting = ListCustomOrdersRequest.builder()
 *     .user(iiban)
 *     .statuses(List.of(CustomOrderStatusValue.ACTIVE))
 *     .build();
 * new CustomOrderPages(kraken.embed(), waiting).orders()
 *     .forEach(order -> screen.show(order.name(), order.trigger().targetPrice()));
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * ({@code limit}, {@code findFirst}) sends no call for the pages after it. Each {@link #iterator()}
 * (and each stream) starts again from the first page; the instance holds no state and can be
 * shared, but one iterator is for one thread. A failed call is thrown from {@code hasNext()} as
 * the {@link KrakenException} of {@link EmbedService#listCustomOrders}.
 */
public final class CustomOrderPages implements Iterable<CustomOrderList> {
  private final EmbedService embed;
  private final ListCustomOrdersRequest query;

  /**
   * @param embed the Embed service, usually {@code kraken.embed()}, whose key signs every page.
   * @param query the parameters of the first page.
   */
  public CustomOrderPages(EmbedService embed, ListCustomOrdersRequest query) {
    this.embed = Objects.requireNonNull(embed, "embed == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public ListCustomOrdersRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<CustomOrderList> iterator() {
    // With a cursor the service reads the filter from it, so later pages send only the user.
    return new CursorWalk<>("listCustomOrders", query.cursor(), () -> embed.listCustomOrders(query),
        cursor -> embed.listCustomOrders(r -> r.user(query.user()).cursor(cursor)), CustomOrderList::nextCursor);
  }

  @Override
  public Spliterator<CustomOrderList> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<CustomOrderList> pages() {
    return Walks.stream(iterator());
  }

  /** The orders of every page, newest first, fetched page by page as the stream reaches them. */
  public Stream<CustomOrder> orders() {
    // A page without `orders` (lenient decoding) holds none rather than failing the walk.
    return pages().flatMap(page -> page.orders() == null ? Stream.empty() : page.orders().stream());
  }

  @Override
  public String toString() {
    return "CustomOrderPages[" + query + "]";
  }
}
