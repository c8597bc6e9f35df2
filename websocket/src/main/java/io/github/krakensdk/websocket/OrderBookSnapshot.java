package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * An immutable copy of one {@code book} subscription (a symbol at a depth) after a message was
 * applied and its checksum verified: asks from the lowest price up, bids from the highest down,
 * each side at most {@link #depth()} levels.
 *
 * <pre>{@code
 * OrderBookSnapshot book = ...;
 * book.bestBid().ifPresent(bid -> System.out.println(book.symbol() + " bid " + bid.price()));
 * }</pre>
 */
public final class OrderBookSnapshot extends BookCopy<BookLevel> {
  private OrderBookSnapshot(String symbol, int depth, List<BookLevel> asks, List<BookLevel> bids, long checksum) {
    super(symbol, depth, asks, bids, checksum);
  }

  /**
   * A snapshot of {@code symbol}'s book; the lists are copied. The book's own code makes these,
   * in order; this factory checks nothing beyond nulls.
   */
  public static OrderBookSnapshot of(String symbol, int depth, List<BookLevel> asks, List<BookLevel> bids,
      long checksum) {
    requireNonNull(symbol, "symbol == null");
    requireNonNull(asks, "asks == null");
    requireNonNull(bids, "bids == null");
    return new OrderBookSnapshot(symbol, depth, List.copyOf(asks), List.copyOf(bids), checksum);
  }

  public Optional<BookLevel> bestAsk() {
    return asks().isEmpty() ? Optional.empty() : Optional.of(asks().get(0));
  }

  public Optional<BookLevel> bestBid() {
    return bids().isEmpty() ? Optional.empty() : Optional.of(bids().get(0));
  }
}
