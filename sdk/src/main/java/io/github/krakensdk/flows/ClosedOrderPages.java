package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.ClosedOrders;
import io.github.krakensdk.spot.model.GetClosedOrdersRequest;
import io.github.krakensdk.spot.model.OrderInfo;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The account's closed orders, page after page, through the Spot operation {@code
 * getClosedOrders}: the first page is requested with the {@link GetClosedOrdersRequest} given (its
 * {@code ofs}, if set, is where the walk starts), each later one with the same filters and {@code
 * ofs} moved past the orders received, until {@code ofs} reaches the {@code count} the service
 * reports (or, with {@code without_count}, until a page comes back empty).
 *
 * <pre>{@code
 * ClosedOrderPages closed = new ClosedOrderPages(kraken.spot(),
 *     GetClosedOrdersRequest.builder().start(startOfYear).build());
 * long cancelled = closed.orders().filter(order -> OrderStatus.CANCELED.equals(order.getValue().status())).count();
 * }</pre>
 *
 * <p><b>Orders that close during the walk.</b> The service pages from the most recent order back,
 * so an order that closes between two pages pushes the older ones one place further: the next page
 * then starts with orders the page before ended with. Nothing is lost (orders only move later), and
 * {@link #orders()} gives each txid once: it keeps the txids it gave for the length of the stream
 * and skips repeats. Orders closed after the walk started are not in it; the walk ends at the
 * latest {@code count}, which includes them, so the oldest orders are still reached. {@link
 * #pages()} gives the pages as the service sent them, repeats included. To leave out later orders
 * entirely, set {@code end} in the query.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * sends no call for the pages after it. Each {@link #iterator()} (and each stream) starts again
 * from the first page; the instance holds no state and can be shared, but one iterator is for one
 * thread. A failed call is thrown from {@code hasNext()} as the {@link KrakenException} of {@link
 * SpotService#getClosedOrders}. Each page costs 1 on the key's REST call counter.
 */
public final class ClosedOrderPages implements Iterable<ClosedOrders> {
  private final SpotService spot;
  private final GetClosedOrdersRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}, whose key signs every page.
   * @param query the filters, and the first page's {@code ofs}.
   */
  public ClosedOrderPages(SpotService spot, GetClosedOrdersRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetClosedOrdersRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<ClosedOrders> iterator() {
    return new OffsetWalk<>(
        () -> spot.getClosedOrders(query),
        ofs -> spot.getClosedOrders(query.toBuilder().ofs(ofs).build()),
        query.ofs() == null ? 0 : query.ofs(),
        page -> Walks.size(page.closed()),
        ClosedOrders::count);
  }

  @Override
  public Spliterator<ClosedOrders> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<ClosedOrders> pages() {
    return Walks.stream(iterator());
  }

  /** The orders of every page, most recent first, keyed by txid, each txid once. */
  public Stream<Map.Entry<String, OrderInfo>> orders() {
    return Walks.uniqueEntries(pages(), ClosedOrders::closed);
  }

  @Override
  public String toString() {
    return "ClosedOrderPages[" + query + "]";
  }
}
