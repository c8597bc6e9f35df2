package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.futures.FuturesService;
import io.github.krakensdk.futures.model.TradeHistoryEntry;
import io.github.krakensdk.futures.model.TradeHistoryResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The public trades of a futures market, newest first, walking back page by page through {@code
 * lastTime} of the Futures operation {@code getTradeHistory} until the service has nothing older
 * or its 7-day window ends. Each trade comes once, and trades that share the time at which a page
 * ends are neither lost nor repeated.
 *
 * <pre>{@code
 * FuturesTradeHistory history = new FuturesTradeHistory(kraken.futures());
 * Instant oneHourAgo = Instant.now().minus(Duration.ofHours(1));
 * List<TradeHistoryEntry> lastHour = history.stream("PF_XBTUSD")
 *     .takeWhile(trade -> OffsetDateTime.parse(trade.time()).toInstant().isAfter(oneHourAgo))
 *     .toList();
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when the stream reaches them. How the walk pages: the
 * service returns up to 100 trades strictly before {@code lastTime}, so a page can end in the
 * middle of a group of trades with the same time {@code T}. The next request therefore asks for
 * trades before {@code T} plus one millisecond (the precision of the service's times), which
 * returns that whole group again; the trades already given are recognised by {@code uid} (else
 * {@code trade_id}) and dropped. The walk ends when a page is empty, when a page adds nothing new
 * although it is smaller than the largest page seen (the service had nothing older to give), or
 * when it reaches a trade older than {@link #SERVICE_WINDOW} before the stream was created (those
 * older trades are left out). One case the service cannot serve completely: when more trades share
 * one time than a page holds, asking again returns the same page, so only a page of them can be
 * had; the walk then goes on strictly before that time instead of stopping there.
 *
 * <p>Why this walk is written by hand while every other paged operation gets its paging from the
 * contract ({@code x-kraken-pagination}): {@code getTradeHistory} has no position the service hands
 * back. The walk makes one from the trades themselves (the oldest time given plus the service's
 * time step), tells a full page of repeats from the end by the size of earlier pages, and stops at
 * a window the service keeps but does not state in a response; none of that is a member a contract
 * could name.
 *
 * <p>A failed call is thrown by the stream as the {@link KrakenException} of {@link
 * FuturesService#getTradeHistory}; a trade without a readable {@code time} cannot be placed in the
 * walk and fails it with an {@link UnexpectedResponseException}. Instances are thread-safe; each
 * stream is one walk for one thread.
 */
public final class FuturesTradeHistory {
  /** How far back the service keeps trades (less after a trading-engine restart). */
  public static final Duration SERVICE_WINDOW = Duration.ofDays(7);

  private static final String OPERATION = "getTradeHistory";

  /** The precision of the service's trade times; see the class documentation. */
  private static final Duration TIME_STEP = Duration.ofMillis(1);

  private final FuturesService futures;
  private final Clock clock;

  /** A walker over {@code futures}, usually {@code kraken.futures()}, measuring the window on the system clock. */
  public FuturesTradeHistory(FuturesService futures) {
    this(futures, Clock.systemUTC());
  }

  /** A walker whose window is measured on {@code clock}. */
  public FuturesTradeHistory(FuturesService futures, Clock clock) {
    this.futures = Objects.requireNonNull(futures, "futures == null");
    this.clock = Objects.requireNonNull(clock, "clock == null");
  }

  /** The trades of {@code symbol} from the most recent one back. */
  public Stream<TradeHistoryEntry> stream(String symbol) {
    return walk(symbol, null);
  }

  /** The trades of {@code symbol} strictly before {@code before}, newest first. */
  public Stream<TradeHistoryEntry> stream(String symbol, OffsetDateTime before) {
    return walk(symbol, Objects.requireNonNull(before, "before == null"));
  }

  private Stream<TradeHistoryEntry> walk(String symbol, OffsetDateTime before) {
    Objects.requireNonNull(symbol, "symbol == null");
    Walk walk = new Walk(symbol, before, clock.instant().minus(SERVICE_WINDOW));
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(walk, Spliterator.ORDERED | Spliterator.NONNULL), false);
  }

  @Override
  public String toString() {
    return "FuturesTradeHistory";
  }

  private final class Walk implements Iterator<TradeHistoryEntry> {
    private final String symbol;
    private final Instant cutoff;
    private final ArrayDeque<TradeHistoryEntry> buffer = new ArrayDeque<>();

    /** The next request's {@code lastTime}; null asks for the most recent trades. */
    private OffsetDateTime lastTime;
    /** The oldest time given so far; null before the first trade. */
    private Instant boundary;
    /** The keys of the trades given at {@link #boundary}: the only ones a later page can repeat. */
    private final Set<Object> keysAtBoundary = new HashSet<>();
    /** Whether the last request was the one strictly before {@link #boundary}. */
    private boolean strictlyBefore;
    /** The most trades a page of this walk held: a page that size may have left trades out. */
    private int largestPage;
    private boolean finished;

    Walk(String symbol, OffsetDateTime before, Instant cutoff) {
      this.symbol = symbol;
      this.lastTime = before;
      this.cutoff = cutoff;
    }

    @Override
    public boolean hasNext() {
      while (buffer.isEmpty() && !finished) {
        fetch();
      }
      return !buffer.isEmpty();
    }

    @Override
    public TradeHistoryEntry next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return buffer.removeFirst();
    }

    private void fetch() {
      TradeHistoryResponse response = futures.getTradeHistory(r -> r.symbol(symbol).lastTime(lastTime));
      List<TradeHistoryEntry> page = response.history() == null ? List.of() : response.history();
      if (page.isEmpty()) {
        finished = true;
        return;
      }

      List<TradeHistoryEntry> fresh = new ArrayList<>();
      boolean pastWindow = false;
      for (TradeHistoryEntry entry : page) {
        Instant time = timeOf(entry);
        if (time.isBefore(cutoff)) {
          pastWindow = true;
        } else if (boundary == null
            || time.isBefore(boundary)
            || (time.equals(boundary) && !keysAtBoundary.contains(key(entry)))) {
          fresh.add(entry);
        }
        // Else: newer than the boundary (given by an earlier page, or at or after the walk's start
        // on a re-asked page) or a repeat at the boundary.
      }

      for (TradeHistoryEntry entry : fresh) {
        Instant time = timeOf(entry);
        if (boundary == null || time.isBefore(boundary)) {
          boundary = time;
          keysAtBoundary.clear();
        }
        if (time.equals(boundary)) {
          keysAtBoundary.add(key(entry));
        }
      }
      buffer.addAll(fresh);

      largestPage = Math.max(largestPage, page.size());
      if (pastWindow) {
        finished = true;
      } else if (fresh.isEmpty()) {
        if (strictlyBefore || page.size() < largestPage) {
          // Only repeats, although the request asked for older trades or the page had room for
          // more: the service has nothing older to give.
          finished = true;
        } else {
          // A full page of repeats: the trades at the boundary time fill a page. Skip past them.
          stepPast();
        }
      } else {
        OffsetDateTime next = OffsetDateTime.ofInstant(boundary.plus(TIME_STEP), ZoneOffset.UTC);
        if (lastTime != null && next.isEqual(lastTime)) {
          // The boundary did not move: asking again would return this same page.
          stepPast();
        } else {
          strictlyBefore = false;
          lastTime = next;
        }
      }
    }

    private void stepPast() {
      strictlyBefore = true;
      lastTime = OffsetDateTime.ofInstant(boundary, ZoneOffset.UTC);
    }

    private Instant timeOf(TradeHistoryEntry entry) {
      String time = entry.time();
      if (time != null) {
        try {
          return OffsetDateTime.parse(time, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
          throw unplaceable(entry, e);
        }
      }
      throw unplaceable(entry, null);
    }

    private UnexpectedResponseException unplaceable(TradeHistoryEntry entry, Throwable cause) {
      finished = true;
      // The service method does not expose the HTTP status of the page.
      return new UnexpectedResponseException(OPERATION, KrakenException.NO_STATUS,
          "a trade without an RFC 3339 time cannot be placed in the history", String.valueOf(entry), cause);
    }
  }

  /** What identifies a trade across pages: its uid, else its trade_id, else all of it. */
  private static Object key(TradeHistoryEntry entry) {
    if (entry.uid() != null) {
      return entry.uid();
    }
    return entry.tradeId() != null ? entry.tradeId() : entry;
  }
}
