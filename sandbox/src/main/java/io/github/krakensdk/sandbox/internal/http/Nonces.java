package io.github.krakensdk.sandbox.internal.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The last nonce accepted per API key. A nonce is accepted only when it is strictly above the
 * last one (unsigned 64-bit comparison); the check and the update are one atomic step, so two
 * concurrent requests carrying the same nonce cannot both pass.
 */
public final class Nonces {
  public enum Verdict {
    ACCEPTED,
    /** Equal to the last accepted nonce. */
    DUPLICATE,
    /** Below the last accepted nonce. */
    BELOW
  }

  private final ConcurrentHashMap<String, Long> last = new ConcurrentHashMap<>();
  private final LongAdder rejected = new LongAdder();

  public Verdict offer(String key, long nonce) {
    Verdict[] verdict = new Verdict[1];
    last.compute(key, (k, previous) -> {
      if (previous == null || Long.compareUnsigned(nonce, previous) > 0) {
        verdict[0] = Verdict.ACCEPTED;
        return nonce;
      }
      verdict[0] = previous == nonce ? Verdict.DUPLICATE : Verdict.BELOW;
      return previous;
    });
    if (verdict[0] != Verdict.ACCEPTED) {
      rejected.increment();
    }
    return verdict[0];
  }

  /** The last nonce accepted from {@code key}, or null if none was. */
  public Long last(String key) {
    return last.get(key);
  }

  /** How many nonces were refused, all keys together. */
  public long rejected() {
    return rejected.sum();
  }

  /** The decimal text of an unsigned 64-bit nonce, or null when it is not one. */
  public static Long parse(String text) {
    if (text == null || text.isEmpty() || text.length() > 20 || !text.chars().allMatch(Character::isDigit)) {
      return null;
    }
    try {
      return Long.parseUnsignedLong(text);
    } catch (NumberFormatException tooLarge) {
      return null;
    }
  }
}
