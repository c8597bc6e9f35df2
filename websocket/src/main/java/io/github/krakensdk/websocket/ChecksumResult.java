package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

/**
 * What checking one {@code book} or {@code level3} message against its CRC32 found. On a mismatch
 * the local copy no longer follows the exchange: the client resubscribes that book (a new snapshot
 * replaces it) and reports the mismatch.
 *
 * <pre>{@code
 * if (!result.matches()) {
 *   log.warn("{}: resubscribing", result); // BTC/USD book 10: checksum 3310070434 expected, 12345 computed
 * }
 * }</pre>
 */
public final class ChecksumResult {
  private final String channel;
  private final String symbol;
  private final int depth;
  private final long expected;
  private final long computed;

  private ChecksumResult(String channel, String symbol, int depth, long expected, long computed) {
    this.channel = channel;
    this.symbol = symbol;
    this.depth = depth;
    this.expected = expected;
    this.computed = computed;
  }

  /**
   * The result for {@code symbol}'s {@code channel} subscription at {@code depth}: the message's
   * checksum and the one computed from the local book, both unsigned 32-bit values.
   */
  public static ChecksumResult of(String channel, String symbol, int depth, long expected, long computed) {
    requireNonNull(channel, "channel == null");
    requireNonNull(symbol, "symbol == null");
    checkUnsigned32("expected", expected);
    checkUnsigned32("computed", computed);
    return new ChecksumResult(channel, symbol, depth, expected, computed);
  }

  private static void checkUnsigned32(String name, long value) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(name + " must be an unsigned 32-bit value (0 to 4294967295): " + value);
    }
  }

  /** {@code book} or {@code level3}. */
  public String channel() {
    return channel;
  }

  public String symbol() {
    return symbol;
  }

  public int depth() {
    return depth;
  }

  /** The checksum the message carried. */
  public long expected() {
    return expected;
  }

  /** The checksum of the local book after the message was applied. */
  public long computed() {
    return computed;
  }

  /** Whether the local book matches the exchange's. */
  public boolean matches() {
    return expected == computed;
  }

  @Override public boolean equals(Object o) {
    return o instanceof ChecksumResult other
        && channel.equals(other.channel)
        && symbol.equals(other.symbol)
        && depth == other.depth
        && expected == other.expected
        && computed == other.computed;
  }

  @Override public int hashCode() {
    int result = channel.hashCode();
    result = 31 * result + symbol.hashCode();
    result = 31 * result + depth;
    result = 31 * result + Long.hashCode(expected);
    return 31 * result + Long.hashCode(computed);
  }

  @Override public String toString() {
    return symbol + " " + channel + " " + depth + ": checksum " + expected + " expected, " + computed + " computed"
        + (matches() ? "" : " (mismatch)");
  }
}
