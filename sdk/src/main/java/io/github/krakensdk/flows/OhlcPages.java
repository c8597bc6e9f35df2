package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.GetOhlcRequest;
import io.github.krakensdk.spot.model.OhlcData;
import io.github.krakensdk.spot.model.OhlcEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The candles of a Spot pair, oldest first, page after page through the Spot operation {@code
 * getOhlc}: the first page is requested with the {@link GetOhlcRequest} given (its {@code since},
 * if set, is where the walk starts), each later one with the same parameters and {@code since} set
 * to the {@code last} of the page before. The walk ends when a page is empty or its {@code last}
 * does not move. The service answers at most 720 candles of an interval, the most recent ones,
 * whatever {@code since} says: the walk cannot reach further back than that.
 *
 * <pre>{@code
 * OhlcPages ohlc = new OhlcPages(kraken.spot(),
 *     GetOhlcRequest.builder().pair("XBTUSD").interval(OhlcInterval.NUMBER_60).build());
 * List<OhlcEntry> hourly = ohlc.candles().toList();
 * }</pre>
 *
 * <p>A page's {@code last} is the time of its last committed candle; the candle after it, still
 * forming, comes again (committed, with its final values) on the next page. {@link #candles()}
 * therefore gives each committed candle once, as committed, and the candle still forming when the
 * walk ended last; {@link #pages()} gives the pages as sent.
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page. Each {@link #iterator()}
 * (and each stream) starts again from the first page; the instance holds no state and can be
 * shared, but one iterator is for one thread. A failed call is thrown from {@code hasNext()} as the
 * {@link KrakenException} of {@link SpotService#getOhlc}.
 */
public final class OhlcPages implements Iterable<OhlcData> {
  private final SpotService spot;
  private final GetOhlcRequest query;

  /**
   * @param spot the Spot service, usually {@code kraken.spot()}.
   * @param query the pair and interval of every page, and the first page's {@code since}.
   */
  public OhlcPages(SpotService spot, GetOhlcRequest query) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public GetOhlcRequest query() {
    return query;
  }

  /** A new walk from the first page; no call is sent until {@code hasNext()} or {@code next()}. */
  @Override
  public Iterator<OhlcData> iterator() {
    return new SinceWalk<>(
        () -> spot.getOhlc(query),
        since -> spot.getOhlc(query.toBuilder().since(since).build()),
        query.since(),
        OhlcData::last,
        page -> Walks.ofEveryPair(page.pairs()).size());
  }

  @Override
  public Spliterator<OhlcData> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, as the service sent them, fetched as the stream reaches them. */
  public Stream<OhlcData> pages() {
    return Walks.stream(iterator());
  }

  /**
   * The candles of every page, oldest first, each time once: committed candles as soon as a page
   * has them, the candle still forming at the end.
   */
  public Stream<OhlcEntry> candles() {
    return Walks.stream(new Candles(iterator()));
  }

  @Override
  public String toString() {
    return "OhlcPages[" + query + "]";
  }

  /** The candles of a walk: see {@link #candles()}. */
  private static final class Candles implements Iterator<OhlcEntry> {
    private final Iterator<OhlcData> pages;
    private final ArrayDeque<OhlcEntry> ready = new ArrayDeque<>();
    /** The candles after the latest page's {@code last}: still forming, given when the walk ends. */
    private List<OhlcEntry> forming = List.of();
    /** The time of the last committed candle given; null before the first. */
    private Long given;
    private boolean finished;

    Candles(Iterator<OhlcData> pages) {
      this.pages = pages;
    }

    @Override
    public boolean hasNext() {
      while (ready.isEmpty() && !finished) {
        if (pages.hasNext()) {
          take(pages.next());
        } else {
          ready.addAll(forming);
          finished = true;
        }
      }
      return !ready.isEmpty();
    }

    @Override
    public OhlcEntry next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return ready.removeFirst();
    }

    private void take(OhlcData page) {
      List<OhlcEntry> stillForming = new ArrayList<>();
      for (OhlcEntry candle : Walks.ofEveryPair(page.pairs())) {
        Long time = candle.time();
        if (time != null && given != null && time <= given) {
          continue; // given already, committed, by an earlier page
        }
        if (time != null && page.last() != null && time > page.last()) {
          stillForming.add(candle);
        } else {
          ready.add(candle);
          if (time != null) {
            given = time;
          }
        }
      }
      // The next page has these again; only the latest view of them is kept.
      forming = stillForming;
    }
  }
}
