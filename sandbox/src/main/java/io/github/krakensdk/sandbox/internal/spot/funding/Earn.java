package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.spot.exchange.Account;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Asset;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.InsufficientFundsException;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Posting;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Earn: the strategies, and allocations and deallocations as the service runs them, asynchronously.
 *
 * <p>Rules (those of Deallocate are the seed's, kept as they were): at most one (de)allocation is in
 * progress per account and strategy ({@code EEarnings:Busy}, whichever kind); an amount under the
 * strategy's minimum is {@code EEarnings:Below min}; an unknown strategy is {@code EGeneral:Invalid
 * arguments:Invalid strategy ID}. An accepted operation completes {@link
 * FundingSettings#earnCompletionDelay()} later, measured on the clock when the state is next read (no
 * timers); until then the strategy's {@code pending} is the amount (negative for a deallocation). On
 * completion an allocation takes the amount from the spot balance and a deallocation gives it back
 * (each with an {@code earn} ledger entry); if the money is not there the operation fails with
 * {@code EEarnings:Insufficient funds}, which AllocateStatus or DeallocateStatus then answers.
 *
 * <p>Lock types: {@code instant} and {@code flex} move at completion; {@code bonded} allocations
 * are {@code bonding} for the bonding period before they earn, and deallocated funds are {@code
 * unbonding} for the unbonding period before they return to the spot wallet. A {@code flex}
 * strategy (Kraken Rewards) cannot be allocated to by hand: {@code EGeneral:Permission denied}.
 *
 * <p>Thread-safe: one lock for all accounts' positions.
 */
public final class Earn {
  public static final String STRATEGY_ETH = "ESDQCOL-WTZEU-NU55QF";
  public static final String STRATEGY_SOL = "ESRFUO3-Q62XD-WIOIL7";
  public static final String STRATEGY_USDC = "ESXUM7H-SJHQ6-KOQNNI";
  public static final String STRATEGY_ETH_BONDED = "ESKQ2MB-7YHTD-R4VWXA";

  /** Reference prices in USD, for the {@code converted} amounts of Allocations. */
  static final Map<String, BigDecimal> USD_PRICES = Map.of(
      "XXBT", new BigDecimal("65000"), "XETH", new BigDecimal("3200"), "SOL", new BigDecimal("150"),
      "USDC", BigDecimal.ONE, "ZUSD", BigDecimal.ONE, "ZEUR", new BigDecimal("1.08"));

  /**
   * A strategy as Strategies lists it.
   *
   * @param lockType {@code instant}, {@code bonded} or {@code flex}.
   * @param autoCompound {@code enabled}, {@code disabled} or {@code optional} (default on).
   * @param yieldSource {@code staking} or {@code off_chain}.
   */
  record Strategy(String id, String asset, String lockType, long payoutFrequency, Duration bonding,
      Duration unbonding, String aprLow, String aprHigh, BigDecimal minimum, String autoCompound,
      String yieldSource, boolean canAllocate, boolean canDeallocate) {}

  static final List<Strategy> STRATEGIES = List.of(
      new Strategy(STRATEGY_ETH, "ETH", "instant", 604_800, Duration.ZERO, Duration.ZERO, "2.0000", "3.5000",
          new BigDecimal("0.01"), "enabled", "staking", true, true),
      new Strategy(STRATEGY_SOL, "SOL", "instant", 604_800, Duration.ZERO, Duration.ZERO, "5.0000", "8.0000",
          new BigDecimal("1"), "enabled", "staking", true, true),
      new Strategy(STRATEGY_USDC, "USDC", "flex", 604_800, Duration.ZERO, Duration.ZERO, "3.5000", "4.5000",
          new BigDecimal("10"), "enabled", "off_chain", false, true),
      new Strategy(STRATEGY_ETH_BONDED, "ETH", "bonded", 604_800, Duration.ofDays(3), Duration.ofDays(7),
          "3.0000", "6.0000", new BigDecimal("0.01"), "optional", "staking", true, true));

  private enum Kind { ALLOCATE, DEALLOCATE }

  private static final class Operation {
    final Kind kind;
    final BigDecimal amount;
    final Instant completesAt;
    final String refid;
    boolean completed;
    /** The error the completed operation failed with, or null. */
    String failure;

    Operation(Kind kind, BigDecimal amount, Instant completesAt, String refid) {
      this.kind = kind;
      this.amount = amount;
      this.completesAt = completesAt;
      this.refid = refid;
    }
  }

  /** Funds bonding or unbonding until {@code expires}. */
  private record Lot(BigDecimal amount, Instant created, Instant expires, String refid) {}

  private static final class Position {
    final Strategy strategy;
    /** Allocated and earning (for a bonded strategy: past bonding, not unbonding). */
    BigDecimal earning = BigDecimal.ZERO;
    final List<Lot> bonding = new ArrayList<>();
    final List<Lot> unbonding = new ArrayList<>();
    Operation lastAllocation;
    Operation lastDeallocation;

    Position(Strategy strategy) {
      this.strategy = strategy;
    }

    Operation running() {
      if (lastAllocation != null && !lastAllocation.completed) {
        return lastAllocation;
      }
      return lastDeallocation != null && !lastDeallocation.completed ? lastDeallocation : null;
    }

    BigDecimal total() {
      BigDecimal total = earning;
      for (Lot lot : bonding) {
        total = total.add(lot.amount());
      }
      for (Lot lot : unbonding) {
        total = total.add(lot.amount());
      }
      return total;
    }

    BigDecimal pending() {
      Operation running = running();
      if (running == null) {
        return BigDecimal.ZERO;
      }
      return running.kind == Kind.ALLOCATE ? running.amount : running.amount.negate();
    }
  }

  private final FundingSettings settings;
  private final Ids ids;
  /** Account IIBAN → strategy id → position, in the order first used; guarded by {@code this}. */
  private final Map<String, Map<String, Position>> positions = new HashMap<>();

  Earn(FundingSettings settings, Ids ids) {
    this.settings = settings;
    this.ids = ids;
  }

  /** The demo account's allocations: 20 ETH, 250 SOL and 5000 USDC, earning. */
  synchronized void seed(FundingAccount account) {
    position(account, STRATEGY_ETH).earning = new BigDecimal("20.0");
    position(account, STRATEGY_SOL).earning = new BigDecimal("250");
    position(account, STRATEGY_USDC).earning = new BigDecimal("5000");
  }

  // ---- operations ----

  /** Strategies: filters {@code asset}, {@code lock_type} (list); {@code ascending}, {@code cursor}, {@code limit}. */
  Map<String, Object> strategies(FundingAccount account, Parameters params) {
    String assetName = params.string("asset");
    Asset asset = assetName == null ? null : account.asset(assetName).orElse(null);
    List<String> lockTypes = params.names("lock_type");
    List<Strategy> matching = new ArrayList<>();
    for (Strategy strategy : STRATEGIES) {
      if ((assetName == null || asset != null && asset.named(strategy.asset()))
          && (lockTypes.isEmpty() || lockTypes.contains(strategy.lockType()))) {
        matching.add(strategy);
      }
    }
    Comparator<Strategy> byId = Comparator.comparing(Strategy::id);
    matching.sort(params.bool("ascending", false) ? byId : byId.reversed());
    int start = 0;
    String cursor = params.string("cursor");
    if (cursor != null && !cursor.isBlank()) {
      try {
        start = Integer.parseInt(cursor.trim());
      } catch (NumberFormatException e) {
        throw FundingException.invalid("cursor");
      }
      if (start < 0 || start > matching.size()) {
        throw FundingException.invalid("cursor");
      }
    }
    Long limit = params.integer("limit");
    int end = limit == null ? matching.size() : (int) Math.min(matching.size(), start + Math.max(1, limit));
    List<Object> items = new ArrayList<>();
    for (Strategy strategy : matching.subList(start, end)) {
      items.add(render(strategy));
    }
    Map<String, Object> result = Wire.object();
    result.put("next_cursor", end < matching.size() ? Integer.toString(end) : null);
    result.put("items", items);
    return result;
  }

  private static Map<String, Object> render(Strategy strategy) {
    Map<String, Object> item = Wire.object();
    item.put("id", strategy.id());
    item.put("asset", strategy.asset());
    Map<String, Object> lock = Wire.object();
    lock.put("type", strategy.lockType());
    switch (strategy.lockType()) {
      case "instant" -> lock.put("payout_frequency", strategy.payoutFrequency());
      case "bonded" -> {
        lock.put("payout_frequency", strategy.payoutFrequency());
        lock.put("bonding_period", strategy.bonding().toSeconds());
        lock.put("bonding_period_variable", false);
        lock.put("bonding_rewards", false);
        lock.put("unbonding_period", strategy.unbonding().toSeconds());
        lock.put("unbonding_period_variable", false);
        lock.put("unbonding_rewards", false);
        lock.put("exit_queue_period", 0L);
      }
      default -> { } // flex: the type alone
    }
    item.put("lock_type", lock);
    Map<String, Object> apr = Wire.object();
    apr.put("low", strategy.aprLow());
    apr.put("high", strategy.aprHigh());
    item.put("apr_estimate", apr);
    item.put("user_min_allocation", strategy.minimum().toPlainString());
    item.put("allocation_fee", "0.0000");
    item.put("deallocation_fee", "0.0000");
    Map<String, Object> compound = Wire.object();
    compound.put("type", strategy.autoCompound());
    if (strategy.autoCompound().equals("optional")) {
      compound.put("default", true);
    }
    item.put("auto_compound", compound);
    Map<String, Object> source = Wire.object();
    source.put("type", strategy.yieldSource());
    item.put("yield_source", source);
    item.put("can_allocate", strategy.canAllocate());
    item.put("can_deallocate", strategy.canDeallocate());
    item.put("allocation_restriction_info", List.of());
    return item;
  }

  /** Earn/Allocate: {@code strategy_id}, {@code amount}; answers {@code true} once accepted. */
  Boolean allocate(FundingAccount account, Parameters params) {
    return start(account, params, Kind.ALLOCATE);
  }

  /** Earn/Deallocate: {@code strategy_id}, {@code amount}; answers {@code true} once accepted. */
  Boolean deallocate(FundingAccount account, Parameters params) {
    return start(account, params, Kind.DEALLOCATE);
  }

  private synchronized Boolean start(FundingAccount account, Parameters params, Kind kind) {
    Instant now = settings.clock().instant();
    settleLocked(account, now);
    Strategy strategy = strategy(params.string("strategy_id"));
    BigDecimal amount = params.requiredDecimal("amount");
    if (kind == Kind.ALLOCATE && !strategy.canAllocate()) {
      throw new FundingException(Errors.PERMISSION_DENIED);
    }
    if (amount.compareTo(strategy.minimum()) < 0) {
      throw new FundingException(kind == Kind.ALLOCATE ? Errors.ALLOCATION_BELOW_MIN : Errors.BELOW_MIN);
    }
    Position position = position(account, strategy.id());
    if (position.running() != null) {
      throw new FundingException(Errors.BUSY);
    }
    Operation operation = new Operation(kind, amount, now.plus(settings.earnCompletionDelay()), ids.earnReference());
    if (kind == Kind.ALLOCATE) {
      position.lastAllocation = operation;
    } else {
      position.lastDeallocation = operation;
    }
    settleLocked(account, now); // a zero delay completes at once
    return Boolean.TRUE;
  }

  /** Earn/AllocateStatus: {@code strategy_id}; {@code {"pending": bool}}, or the failed allocation's error. */
  synchronized Map<String, Object> allocateStatus(FundingAccount account, Parameters params) {
    return status(account, params, Kind.ALLOCATE);
  }

  /** Earn/DeallocateStatus: {@code strategy_id}; {@code {"pending": bool}}, or the failed deallocation's error. */
  synchronized Map<String, Object> deallocateStatus(FundingAccount account, Parameters params) {
    return status(account, params, Kind.DEALLOCATE);
  }

  private Map<String, Object> status(FundingAccount account, Parameters params, Kind kind) {
    settleLocked(account, settings.clock().instant());
    Strategy strategy = strategy(params.string("strategy_id"));
    Position position = existing(account, strategy.id());
    Operation last = position == null ? null
        : kind == Kind.ALLOCATE ? position.lastAllocation : position.lastDeallocation;
    if (last != null && last.failure != null) {
      throw new FundingException(last.failure);
    }
    Map<String, Object> result = Wire.object();
    result.put("pending", last != null && !last.completed);
    return result;
  }

  /**
   * Earn/Allocations: {@code converted_asset} (USD), {@code hide_zero_allocations}, {@code ascending};
   * every strategy the account has used, with its total, pending, bonding and unbonding amounts.
   */
  synchronized Map<String, Object> allocations(FundingAccount account, Parameters params) {
    Instant now = settings.clock().instant();
    settleLocked(account, now);
    String convertedName = params.string("converted_asset");
    Asset converted = convertedName == null ? account.asset("ZUSD").orElseThrow()
        : account.asset(convertedName).orElseThrow(() -> FundingException.invalid("converted_asset"));
    BigDecimal convertedPrice = USD_PRICES.get(converted.internal());
    if (convertedPrice == null) {
      throw FundingException.invalid("converted_asset");
    }
    boolean hideZero = params.bool("hide_zero_allocations", false);
    List<Position> used = new ArrayList<>(positions.getOrDefault(account.iiban(), Map.of()).values());
    Comparator<Position> byId = Comparator.comparing(p -> p.strategy.id());
    used.sort(params.bool("ascending", false) ? byId : byId.reversed());
    BigDecimal totalAllocated = BigDecimal.ZERO;
    List<Object> items = new ArrayList<>();
    for (Position position : used) {
      if (hideZero && position.total().signum() == 0 && position.pending().signum() == 0) {
        continue;
      }
      Asset held = account.asset(position.strategy.asset()).orElseThrow();
      BigDecimal rate = USD_PRICES.get(held.internal()).divide(convertedPrice, 12, RoundingMode.HALF_EVEN);
      Map<String, Object> amounts = Wire.object();
      if (!position.bonding.isEmpty()) {
        amounts.put("bonding", lots(position.bonding, held, rate));
      }
      if (position.pending().signum() != 0) {
        amounts.put("pending", pair(position.pending(), held, rate));
      }
      amounts.put("total", pair(position.total(), held, rate));
      if (!position.unbonding.isEmpty()) {
        amounts.put("unbonding", lots(position.unbonding, held, rate));
      }
      Map<String, Object> item = Wire.object();
      item.put("strategy_id", position.strategy.id());
      item.put("native_asset", held.display());
      item.put("amount_allocated", amounts);
      item.put("total_rewarded", pair(BigDecimal.ZERO, held, rate));
      items.add(item);
      totalAllocated = totalAllocated.add(position.total().multiply(rate));
    }
    Map<String, Object> result = Wire.object();
    result.put("converted_asset", converted.display());
    result.put("total_allocated", Wire.amount(totalAllocated, 4));
    result.put("total_rewarded", Wire.amount(BigDecimal.ZERO, 4));
    result.put("next_cursor", null);
    result.put("items", items);
    return result;
  }

  private static Map<String, Object> pair(BigDecimal amount, Asset asset, BigDecimal rate) {
    Map<String, Object> pair = Wire.object();
    pair.put("native", Wire.amount(amount, asset.decimals()));
    pair.put("converted", Wire.amount(amount.multiply(rate), 4));
    return pair;
  }

  private static Map<String, Object> lots(List<Lot> lots, Asset asset, BigDecimal rate) {
    BigDecimal sum = BigDecimal.ZERO;
    List<Object> allocations = new ArrayList<>();
    for (Lot lot : lots) {
      sum = sum.add(lot.amount());
      Map<String, Object> entry = Wire.object();
      entry.put("created_at", Wire.rfc3339(lot.created()));
      entry.put("expires", Wire.rfc3339(lot.expires()));
      entry.putAll(pair(lot.amount(), asset, rate));
      allocations.add(entry);
    }
    Map<String, Object> state = pair(sum, asset, rate);
    state.put("allocation_count", (long) lots.size());
    state.put("allocations", allocations);
    return state;
  }

  // ---- the clock ----

  /** Completes every operation, bonding and unbonding of the account whose time has come. */
  public synchronized void settle(FundingAccount account) {
    settleLocked(account, settings.clock().instant());
  }

  private void settleLocked(FundingAccount account, Instant now) {
    for (Position position : positions.getOrDefault(account.iiban(), Map.of()).values()) {
      Strategy strategy = position.strategy;
      Operation allocation = position.lastAllocation;
      if (allocation != null && !allocation.completed && !now.isBefore(allocation.completesAt)) {
        allocation.completed = true;
        completeAllocation(account, position, allocation);
      }
      Operation deallocation = position.lastDeallocation;
      if (deallocation != null && !deallocation.completed && !now.isBefore(deallocation.completesAt)) {
        deallocation.completed = true;
        if (deallocation.amount.compareTo(position.earning) > 0) {
          deallocation.failure = Errors.INSUFFICIENT_EARN_FUNDS;
        } else {
          position.earning = position.earning.subtract(deallocation.amount);
          if (strategy.lockType().equals("bonded")) {
            position.unbonding.add(new Lot(deallocation.amount, deallocation.completesAt,
                deallocation.completesAt.plus(strategy.unbonding()), deallocation.refid));
          } else {
            credit(account, strategy, deallocation.amount, deallocation.completesAt, deallocation.refid);
          }
        }
      }
      for (var it = position.bonding.iterator(); it.hasNext(); ) {
        Lot lot = it.next();
        if (!now.isBefore(lot.expires())) {
          it.remove();
          position.earning = position.earning.add(lot.amount());
        }
      }
      for (var it = position.unbonding.iterator(); it.hasNext(); ) {
        Lot lot = it.next();
        if (!now.isBefore(lot.expires())) {
          it.remove();
          credit(account, strategy, lot.amount(), lot.expires(), lot.refid());
        }
      }
    }
  }

  private void completeAllocation(FundingAccount account, Position position, Operation allocation) {
    Asset asset = account.asset(position.strategy.asset()).orElseThrow();
    try {
      account.post(Posting.debit(allocation.completesAt, asset.internal(), allocation.amount, BigDecimal.ZERO,
          "earn", "allocation", allocation.refid));
    } catch (InsufficientFundsException e) {
      allocation.failure = Errors.INSUFFICIENT_EARN_FUNDS;
      return;
    }
    if (position.strategy.lockType().equals("bonded")) {
      position.bonding.add(new Lot(allocation.amount, allocation.completesAt,
          allocation.completesAt.plus(position.strategy.bonding()), allocation.refid));
    } else {
      position.earning = position.earning.add(allocation.amount);
    }
  }

  private static void credit(FundingAccount account, Strategy strategy, BigDecimal amount, Instant time,
      String refid) {
    Asset asset = account.asset(strategy.asset()).orElseThrow();
    account.post(Posting.credit(time, asset.internal(), amount, "earn", "deallocation", refid));
  }

  // ---- for the sandbox ----

  /** The total allocated to a strategy (earning, bonding and unbonding). */
  public synchronized BigDecimal allocated(FundingAccount account, String strategyId) {
    settleLocked(account, settings.clock().instant());
    strategyOrThrow(strategyId);
    Position position = existing(account, strategyId);
    return position == null ? BigDecimal.ZERO : position.total();
  }

  /** The pending amount: positive while an allocation runs, negative while a deallocation runs, else zero. */
  public synchronized BigDecimal pending(FundingAccount account, String strategyId) {
    settleLocked(account, settings.clock().instant());
    strategyOrThrow(strategyId);
    Position position = existing(account, strategyId);
    return position == null ? BigDecimal.ZERO : position.pending();
  }

  // ---- lookups ----

  private static Strategy strategy(String id) {
    for (Strategy strategy : STRATEGIES) {
      if (strategy.id().equals(id)) {
        return strategy;
      }
    }
    throw new FundingException(Errors.INVALID_STRATEGY);
  }

  private static void strategyOrThrow(String id) {
    for (Strategy strategy : STRATEGIES) {
      if (strategy.id().equals(id)) {
        return;
      }
    }
    throw new IllegalArgumentException("no Earn strategy " + id);
  }

  private Position existing(FundingAccount account, String strategyId) {
    return positions.getOrDefault(account.iiban(), Map.of()).get(strategyId);
  }

  private Position position(FundingAccount account, String strategyId) {
    return positions.computeIfAbsent(account.iiban(), k -> new LinkedHashMap<>())
        .computeIfAbsent(strategyId, id -> new Position(strategy(id)));
  }
}
