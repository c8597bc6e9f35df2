package io.github.krakensdk.values;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One of a Spot order's flags ({@code oflags}), which travel as a comma-separated list
 * ({@code post,fciq}). An open set of values: {@link #of(String)} keeps a flag this version does not
 * list (the contract's rule, checked by the request's {@code build()}, names the documented ones).
 *
 * <pre>{@code
 * kraken.spot().addOrder(r -> r.flags(Set.of(OrderFlag.POST, OrderFlag.FCIQ)) ...);
 * }</pre>
 */
public final class OrderFlag {
  /** {@code post}: post-only, a limit order that never takes liquidity. */
  public static final OrderFlag POST = new OrderFlag("post");
  /** {@code fcib}: the fee in the base currency (the default when selling). */
  public static final OrderFlag FCIB = new OrderFlag("fcib");
  /** {@code fciq}: the fee in the quote currency (the default when buying). */
  public static final OrderFlag FCIQ = new OrderFlag("fciq");
  /** {@code nompp}: no market price protection (market orders; deprecated by the service). */
  public static final OrderFlag NOMPP = new OrderFlag("nompp");
  /** {@code viqc}: the volume is in the quote currency (buy market orders). */
  public static final OrderFlag VIQC = new OrderFlag("viqc");

  private static final List<OrderFlag> KNOWN = List.of(POST, FCIB, FCIQ, NOMPP, VIQC);
  private static final Map<String, OrderFlag> BY_VALUE = Map.of(
      "post", POST, "fcib", FCIB, "fciq", FCIQ, "nompp", NOMPP, "viqc", VIQC);

  private final String value;

  private OrderFlag(String value) {
    this.value = value;
  }

  /** The constant for {@code value}, or a flag that keeps it. */
  public static OrderFlag of(String value) {
    requireNonNull(value, "value == null");
    OrderFlag known = BY_VALUE.get(value);
    return known != null ? known : new OrderFlag(value);
  }

  /** The flags this version lists. */
  public static List<OrderFlag> values() {
    return KNOWN;
  }

  /**
   * The wire form of {@code flags}: the flags separated by commas, the listed ones in the order of
   * {@link #values()}, others after them by name ({@code post,fciq}, whatever the set's order);
   * {@code null} for {@code null}.
   */
  public static String join(Collection<OrderFlag> flags) {
    if (flags == null) {
      return null;
    }
    // The order copyOf gives, without its copies: this runs on every order sent with flags.
    int listed = 0; // bit i: KNOWN.get(i) is among the flags
    List<String> others = null;
    for (OrderFlag flag : flags) {
      requireNonNull(flag, "flags contains null");
      int rank = flag.rank();
      if (rank < KNOWN.size()) {
        listed |= 1 << rank;
      } else {
        if (others == null) {
          others = new ArrayList<>();
        }
        if (!others.contains(flag.value)) {
          others.add(flag.value);
        }
      }
    }
    StringBuilder joined = new StringBuilder(32);
    for (int i = 0; i < KNOWN.size(); i++) {
      if ((listed & 1 << i) != 0) {
        (joined.length() == 0 ? joined : joined.append(',')).append(KNOWN.get(i).value); // no listed value is empty
      }
    }
    if (others != null) {
      others.sort(null);
      for (int i = 0; i < others.size(); i++) {
        (listed == 0 && i == 0 ? joined : joined.append(',')).append(others.get(i));
      }
    }
    return joined.toString();
  }

  /** Reads the wire form {@code post,fciq}; {@code null} for {@code null}. */
  public static Set<OrderFlag> split(String text) {
    if (text == null) {
      return null;
    }
    List<OrderFlag> flags = new ArrayList<>();
    for (String value : text.split(",", -1)) {
      flags.add(of(value));
    }
    return unmodifiable(flags);
  }

  /** An unmodifiable copy of {@code flags} in the order {@link #join} writes, or {@code null}. */
  public static Set<OrderFlag> copyOf(Collection<OrderFlag> flags) {
    if (flags == null) {
      return null;
    }
    for (OrderFlag flag : flags) {
      requireNonNull(flag, "flags contains null");
    }
    return unmodifiable(flags);
  }

  private static Set<OrderFlag> unmodifiable(Collection<OrderFlag> flags) {
    List<OrderFlag> ordered = new ArrayList<>(new LinkedHashSet<>(flags));
    ordered.sort(Comparator.comparingInt(OrderFlag::rank).thenComparing(OrderFlag::value));
    return Collections.unmodifiableSet(new LinkedHashSet<>(ordered));
  }

  private int rank() {
    int index = KNOWN.indexOf(this);
    return index < 0 ? KNOWN.size() : index;
  }

  /** The wire value ({@code post}). */
  public String value() {
    return value;
  }

  /** Whether this version lists the flag. */
  public boolean isKnown() {
    return BY_VALUE.get(value) == this;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OrderFlag && ((OrderFlag) other).value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  /** The wire value ({@code post}). */
  @Override
  public String toString() {
    return value;
  }
}
