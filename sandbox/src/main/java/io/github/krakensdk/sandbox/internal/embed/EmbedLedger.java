package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the portfolio, Earn and reports groups read a user's {@link EmbedUser#movements}: the
 * sandbox's USD prices over time (recorded at each change, so that a balance acquired last week is
 * valued at last week's price), the user's transactions (the legs of a trade joined by their
 * reference), and cost bases by average cost.
 *
 * <p>Read it while holding the {@link EmbedState}'s monitor, except {@link #record}, which the
 * price listener calls.
 */
final class EmbedLedger {
  static final MathContext MATH = MathContext.DECIMAL64;
  /** Assets treated as money: a trade from one of them is a buy, into one a sell. */
  static final List<String> FIAT = List.of("USD", "EUR");

  private final EmbedState state;
  /** USD per unit of each asset from each instant on. Guarded by {@code this}. */
  private final Map<String, TreeMap<Instant, BigDecimal>> history = new LinkedHashMap<>();

  EmbedLedger(EmbedState state) {
    this.state = state;
    for (String asset : state.pricedAssets()) {
      record(asset, Instant.MIN, state.usdPrice(asset));
    }
    state.onPriceChange(asset -> record(asset, state.instant(), state.usdPrice(asset)));
  }

  synchronized void record(String asset, Instant from, BigDecimal usd) {
    if (usd != null) {
      history.computeIfAbsent(asset, a -> new TreeMap<>()).put(from, usd);
    }
  }

  /** USD per unit of {@code asset} at {@code time}, or null when the sandbox has no price for it. */
  synchronized BigDecimal usdAt(String asset, Instant time) {
    TreeMap<Instant, BigDecimal> prices = history.get(asset);
    if (prices == null) {
      return state.usdPrice(asset);
    }
    Map.Entry<Instant, BigDecimal> entry = prices.floorEntry(time);
    return entry != null ? entry.getValue() : prices.firstEntry().getValue();
  }

  /** Units of {@code quote} per unit of {@code asset} at {@code time}; null without both prices. */
  BigDecimal priceAt(String asset, String quote, Instant time) {
    BigDecimal base = usdAt(asset, time);
    BigDecimal in = usdAt(quote, time);
    return base == null || in == null ? null : base.divide(in, MATH);
  }

  /** Values in money are shown with cents, values in a crypto asset with 8 decimals. */
  static BigDecimal inQuote(BigDecimal value, String quote) {
    return value.setScale(FIAT.contains(quote) || quote.equals("USDC") ? 2 : 8, RoundingMode.HALF_EVEN);
  }

  // ---- transactions ----

  /** One movement with the balance of its asset right after it. */
  record Leg(EmbedUser.Movement movement, BigDecimal balanceAfter) {}

  /**
   * One transaction: a trade's legs and fees (kind {@code trade}/{@code fee} with a trade's
   * reference), a withdrawal with its fees, or a single deposit or reward. {@code seq} is the index
   * of its first movement, which orders transactions as they happened.
   */
  record Transaction(int seq, String kind, String reference, List<Leg> legs) {
    Instant time() {
      return legs.get(0).movement().time();
    }

    String id() {
      return EmbedLedger.id("TX", legs.get(0).movement().id());
    }
  }

  /** The user's transactions, oldest first. Caller holds the state's monitor. */
  static List<Transaction> transactions(EmbedUser user) {
    Map<String, BigDecimal> running = new LinkedHashMap<>();
    List<Leg> legs = new ArrayList<>();
    for (EmbedUser.Movement movement : user.movements) {
      BigDecimal after = running.getOrDefault(movement.asset(), BigDecimal.ZERO).add(movement.amount());
      running.put(movement.asset(), after);
      legs.add(new Leg(movement, after));
    }
    // A trade's reference joins its legs and fees; a withdrawal's joins it and its fee.
    Map<String, String> groupKind = new LinkedHashMap<>();
    for (EmbedUser.Movement m : user.movements) {
      if ((m.kind().equals("trade") || m.kind().equals("withdrawal")) && m.reference() != null) {
        groupKind.putIfAbsent(m.reference(), m.kind());
      }
    }
    Map<String, Transaction> grouped = new LinkedHashMap<>();
    List<Transaction> all = new ArrayList<>();
    for (int i = 0; i < legs.size(); i++) {
      EmbedUser.Movement m = legs.get(i).movement();
      String kind = groupKind.get(m.reference());
      boolean joins = kind != null && (m.kind().equals(kind) || m.kind().equals("fee"));
      if (joins) {
        Transaction group = grouped.get(m.reference());
        if (group == null) {
          group = new Transaction(i, kind, m.reference(), new ArrayList<>());
          grouped.put(m.reference(), group);
          all.add(group);
        }
        group.legs().add(legs.get(i));
      } else {
        all.add(new Transaction(i, m.kind(), m.reference(), new ArrayList<>(List.of(legs.get(i)))));
      }
    }
    return all;
  }

  // ---- cost basis (average cost, in USD) ----

  /** What the user's current balance of each asset cost, in USD, by average cost. */
  Map<String, BigDecimal> usdCostBases(EmbedUser user) {
    Map<String, BigDecimal> held = new LinkedHashMap<>();
    Map<String, BigDecimal> cost = new LinkedHashMap<>();
    for (Transaction tx : transactions(user)) {
      // What a trade gave up (its spent legs and fees, at their price then) is the cost of what it received.
      BigDecimal given = BigDecimal.ZERO;
      for (Leg leg : tx.legs()) {
        EmbedUser.Movement m = leg.movement();
        if (m.amount().signum() < 0) {
          BigDecimal before = held.getOrDefault(m.asset(), BigDecimal.ZERO);
          BigDecimal basis = cost.getOrDefault(m.asset(), BigDecimal.ZERO);
          BigDecimal out = m.amount().negate();
          BigDecimal share = before.signum() == 0 ? BigDecimal.ZERO : basis.multiply(out).divide(before, MATH);
          held.put(m.asset(), before.subtract(out));
          cost.put(m.asset(), basis.subtract(share).max(BigDecimal.ZERO));
          BigDecimal price = usdAt(m.asset(), m.time());
          given = given.add(price == null ? BigDecimal.ZERO : price.multiply(out));
        }
      }
      List<Leg> received = tx.legs().stream().filter(l -> l.movement().amount().signum() > 0).toList();
      for (Leg leg : received) {
        EmbedUser.Movement m = leg.movement();
        BigDecimal price = usdAt(m.asset(), m.time());
        BigDecimal worth = tx.kind().equals("trade") && given.signum() > 0
            ? given.divide(BigDecimal.valueOf(received.size()), MATH)
            : (price == null ? BigDecimal.ZERO : price.multiply(m.amount()));
        held.merge(m.asset(), m.amount(), BigDecimal::add);
        cost.merge(m.asset(), worth, BigDecimal::add);
      }
    }
    return cost;
  }

  /** A stable ID of the service's form ({@code TXABCDE-FGHIJ-KLMNOP}) derived from {@code seed}. */
  static String id(String prefix, String seed) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
      String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
      StringBuilder id = new StringBuilder(prefix);
      for (int i = 0; i < 16; i++) {
        if (i == 5 || i == 10) {
          id.append('-');
        }
        id.append(alphabet.charAt((hash[i] & 0xff) % 32));
      }
      return id.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
