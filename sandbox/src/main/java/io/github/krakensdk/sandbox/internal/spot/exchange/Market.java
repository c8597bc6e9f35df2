package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** One pair's market: its book, its public trade tape and its top-of-book history. */
final class Market {
  /** A public trade: {@code side} of the taker ({@code b}/{@code s}), {@code kind} market or limit ({@code m}/{@code l}). */
  record Print(String id, long tradeId, BigDecimal price, BigDecimal volume, long nanos, String side, String kind) {
    Instant time() {
      return Wire.ofNanos(nanos);
    }
  }

  /** The best bid and ask at a moment. */
  record Spread(long seconds, BigDecimal bid, BigDecimal ask) {}

  final Catalog.Pair pair;
  final Book book = new Book();
  final List<Print> tape = new ArrayList<>();
  final List<Spread> spreads = new ArrayList<>();
  long nextTradeId;
  long lastNanos;
  /** The index price when set apart from the last trade; null follows the last trade. */
  BigDecimal index;

  Market(Catalog.Pair pair, long firstTradeId) {
    this.pair = pair;
    this.nextTradeId = firstTradeId;
  }

  BigDecimal last() {
    return tape.isEmpty() ? null : tape.get(tape.size() - 1).price();
  }

  BigDecimal indexPrice() {
    return index != null ? index : last();
  }

  /** A strictly increasing trade time, so that {@code since=last} never skips a trade. */
  long stamp(Instant now) {
    lastNanos = Math.max(Wire.nanos(now), lastNanos + 1);
    return lastNanos;
  }

  /** Records the top of the book if it moved. */
  void recordSpread(Instant now) {
    BigDecimal bid = book.bestPrice(true);
    BigDecimal ask = book.bestPrice(false);
    if (bid == null || ask == null) {
      return;
    }
    if (!spreads.isEmpty()) {
      Spread lastSpread = spreads.get(spreads.size() - 1);
      if (lastSpread.bid().compareTo(bid) == 0 && lastSpread.ask().compareTo(ask) == 0) {
        return;
      }
    }
    spreads.add(new Spread(now.getEpochSecond(), bid, ask));
  }
}
