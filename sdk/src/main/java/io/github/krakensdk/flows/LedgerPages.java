package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.GetLedgersRequest;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.LedgerPage;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The account's ledger, page after page, through the Spot operation {@code getLedgers}: the first
 * page is requested with the {@link GetLedgersRequest} given (its {@code ofs}, if set, is where the
 * walk starts), each later one with the same filters and {@code ofs} moved past the entries
 * received, until {@code ofs} reaches the {@code count} the service reports (or, with {@code
 * without_count}, until a page comes back empty).
 *
 * <pre>{@code
 * LedgerPages ledger = new LedgerPages(kraken.spot(), GetLedgersRequest.builder().asset("XBT").build());
 * ledger.entries().forEach(entry -> book.record(entry.getKey(), entry.getValue().amount()));
 * }</pre>
 *
 * <p><b>Entries that arrive during the walk.</b> The service pages from the newest entry back, so
 * an entry booked between two pages pushes the older ones one place further: the next page then
 * starts with entries the page before ended with. Nothing is lost (entries only move later), and
 * {@link #entries()} gives each ledger id once: it keeps the ids it gave for the length of the
 * stream and skips repeats. The entries booked after the walk started are not in it; the walk ends
 * at the latest {@code count}, which includes them, so the oldest entries are still reached.
 * {@link #pages()} gives the pages as the service sent them, repeats included. To leave out later
 * bookings entirely, set {@code end} in the query.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page, so a stream cut short
 * sends no call for the pages after it. Each {@link #iterator()} (and each stream) starts again
 * from the first page; the instance holds no state and can be shared, but one iterator is for one
 * thread. A failed call is thrown from {@code hasNext()} as the {@link KrakenException} of {@link
 * SpotService#getLedgers}. Each page costs 2 on the key's REST call counter.
 */
public final class LedgerPages implements Iterable<LedgerPage> {
  private final SpotService spot;
  private final GetLedgersRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}, whose key signs every page.
   * @param query the filters, and the first page's {@code ofs}.
   */
  public LedgerPages(SpotService spot, GetLedgersRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetLedgersRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<LedgerPage> iterator() {
    return new OffsetWalk<>(
        () -> spot.getLedgers(query),
        ofs -> spot.getLedgers(query.toBuilder().ofs(ofs).build()),
        query.ofs() == null ? 0 : query.ofs(),
        page -> Walks.size(page.ledger()),
        LedgerPage::count);
  }

  @Override
  public Spliterator<LedgerPage> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<LedgerPage> pages() {
    return Walks.stream(iterator());
  }

  /** The entries of every page, newest first, keyed by ledger id, each id once. */
  public Stream<Map.Entry<String, LedgerEntry>> entries() {
    return Walks.uniqueEntries(pages(), LedgerPage::ledger);
  }

  @Override
  public String toString() {
    return "LedgerPages[" + query + "]";
  }
}
