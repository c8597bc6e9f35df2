package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An immutable copy of one {@code level3} subscription after a message was applied and its
 * checksum verified. Each side lists its orders level by level (asks from the lowest price up,
 * bids from the highest down) and, within a level, in queue priority; each side holds at most
 * {@link #depth()} price levels.
 */
public final class Level3BookSnapshot extends BookCopy<Level3Order> {
  private Level3BookSnapshot(String symbol, int depth, List<Level3Order> asks, List<Level3Order> bids, long checksum) {
    super(symbol, depth, asks, bids, checksum);
  }

  /** A snapshot of {@code symbol}'s orders; the lists are copied, in the order given. */
  public static Level3BookSnapshot of(String symbol, int depth, List<Level3Order> asks, List<Level3Order> bids,
      long checksum) {
    requireNonNull(symbol, "symbol == null");
    requireNonNull(asks, "asks == null");
    requireNonNull(bids, "bids == null");
    return new Level3BookSnapshot(symbol, depth, List.copyOf(asks), List.copyOf(bids), checksum);
  }
}
