package io.github.krakensdk.auth.nonce;

/**
 * Issues nonces for signed requests: each value is higher than every value this source issued
 * before, from any thread.
 *
 * <p>Values are unsigned 64-bit integers; signers write them with {@link
 * Long#toUnsignedString(long)}. Implementations must be thread-safe. To share one key between
 * several processes, implement this interface on top of something they all see, e.g. an atomic
 * counter in a database that starts above the current time in microseconds.
 */
@FunctionalInterface
public interface NonceSource {
  /** Returns a value strictly higher than any this source returned before. */
  long nextNonce();

  /**
   * The process-wide default: microseconds since the epoch, strictly increasing, never lower
   * than an earlier value even when the wall clock steps back. One instance serves every key;
   * sharing it costs nothing and makes two clients on the same key safe.
   */
  static NonceSource system() {
    return MonotonicNonceSource.SYSTEM;
  }
}
