package io.github.krakensdk.sandbox;

import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetStatus;
import io.github.krakensdk.spot.model.AssetsResponse;
import io.github.krakensdk.spot.model.BooleanResultResponse;
import io.github.krakensdk.spot.model.DeallocateStatusResponse;
import io.github.krakensdk.spot.model.DeallocationStatus;
import io.github.krakensdk.spot.model.EarnDeallocateRequest;
import io.github.krakensdk.spot.model.EarnDeallocateStatusRequest;
import io.github.krakensdk.spot.model.FeeTierInfo;
import io.github.krakensdk.spot.model.SpotEnvelope;
import io.github.krakensdk.spot.model.TradeVolume;
import io.github.krakensdk.spot.model.TradeVolumeRequest;
import io.github.krakensdk.spot.model.TradeVolumeResponse;
import io.github.krakensdk.spot.model.WithdrawCancelRequest;
import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import okio.Buffer;

/**
 * Spot: public asset data, and the private operations of the test user's account (trade volume,
 * Earn deallocation and its status, withdrawal cancellation), signed with {@code API-Key} and
 * {@code API-Sign}. Errors are {@code error} strings with HTTP 200, as the service sends them.
 *
 * <p>Earn: at most one deallocation per strategy is in progress; it completes {@link
 * Settings#earnCompletionDelay()} after it was accepted, measured on the sandbox clock when the
 * state is next read (no timers). While it is in progress the strategy's pending amount is the
 * negative amount. A deallocation of more than is allocated is accepted and fails on completion
 * with {@code EEarnings:Insufficient funds}, which DeallocateStatus then reports.
 */
final class SpotFamily extends Endpoint<SandboxKey> {
  static final String BELOW_MIN = "EEarnings:Below min:(De)allocation operation amount less than minimum allowed";
  static final String BUSY = "EEarnings:Busy:Another (de)allocation for the same strategy is in progress";
  static final String INVALID_STRATEGY = "EGeneral:Invalid arguments:Invalid strategy ID";
  static final String INSUFFICIENT_FUNDS =
      "EEarnings:Insufficient funds:Insufficient funds to complete the (de)allocation request";
  static final String UNKNOWN_ASSET = "EQuery:Unknown asset";
  static final String UNKNOWN_PAIR = "EQuery:Unknown asset pair";
  static final String UNKNOWN_REFERENCE = "EFunding:Unknown reference id";
  static final String ALREADY_PROCESSED = "EFunding:Cannot cancel withdrawal:Withdrawal already processed";
  static final String ALREADY_CANCELLED = "EFunding:Cannot cancel withdrawal:Withdrawal already cancelled";

  private record Asset(String internal, String display, String altname, AssetClass aclass, int decimals,
      int displayDecimals, Double collateral, AssetStatus status) {}

  private static final List<Asset> ASSETS = List.of(
      new Asset("XXBT", "BTC", "XBT", AssetClass.CURRENCY, 10, 5, 1.0, AssetStatus.ENABLED),
      new Asset("XETH", "ETH", "ETH", AssetClass.CURRENCY, 10, 5, 1.0, AssetStatus.ENABLED),
      new Asset("ZUSD", "USD", "USD", AssetClass.CURRENCY, 4, 2, 1.0, AssetStatus.ENABLED),
      new Asset("ZEUR", "EUR", "EUR", AssetClass.CURRENCY, 4, 2, 1.0, AssetStatus.ENABLED),
      new Asset("SOL", "SOL", "SOL", AssetClass.CURRENCY, 10, 5, 0.85, AssetStatus.ENABLED),
      new Asset("USDC", "USDC", "USDC", AssetClass.CURRENCY, 8, 4, 1.0, AssetStatus.ENABLED),
      // Older assets: the live service leaves out collateral_value (and status) on them.
      new Asset("XMLN", "MLN", "MLN", AssetClass.CURRENCY, 10, 5, null, null),
      new Asset("ZJPY", "JPY", "JPY", AssetClass.CURRENCY, 2, 0, null, AssetStatus.DEPOSIT_ONLY),
      new Asset("AAPLx", "AAPLx", "AAPLx", AssetClass.TOKENIZED_ASSET, 8, 4, null, AssetStatus.ENABLED),
      new Asset("NVDAx", "NVDAx", "NVDAx", AssetClass.TOKENIZED_ASSET, 8, 4, null,
          AssetStatus.FUNDING_TEMPORARILY_DISABLED),
      new Asset("TSLAx", "TSLAx", "TSLAx", AssetClass.TOKENIZED_ASSET, 8, 4, null, AssetStatus.WITHDRAWAL_ONLY));

  private record Tier(String volume, String fee) {}

  private static final List<Tier> TAKER = tiers("0:0.4000", "10000:0.3500", "50000:0.2400", "100000:0.2200",
      "250000:0.2000", "500000:0.1800", "1000000:0.1600", "2500000:0.1400", "5000000:0.1200", "10000000:0.1000");
  private static final List<Tier> MAKER = tiers("0:0.2500", "10000:0.2000", "50000:0.1400", "100000:0.1200",
      "250000:0.1000", "500000:0.0800", "1000000:0.0600", "2500000:0.0400", "5000000:0.0200", "10000000:0.0000");
  /** Stablecoin and xStocks pairs: one fee for both sides, so they appear in {@code fees} only. */
  private static final List<Tier> FLAT = tiers("0:0.2000", "50000:0.1600", "100000:0.1200", "500000:0.0800",
      "1000000:0.0400", "10000000:0.0200");

  private record Pair(String name, String altname, boolean makerTaker) {}

  private static final List<Pair> PAIRS = List.of(
      new Pair("XXBTZUSD", "XBTUSD", true), new Pair("XXBTZEUR", "XBTEUR", true),
      new Pair("XETHZUSD", "ETHUSD", true), new Pair("SOLUSD", "SOLUSD", true), new Pair("SOLEUR", "SOLEUR", true),
      new Pair("USDCUSD", "USDCUSD", false), new Pair("AAPLxUSD", "AAPLxUSD", false));

  /** The account's 30-day volume in USD: the third tier of the maker/taker schedule. */
  static final BigDecimal VOLUME = new BigDecimal("73512.3591");

  static final String STRATEGY_ETH = "ESDQCOL-WTZEU-NU55QF";
  static final String STRATEGY_SOL = "ESRFUO3-Q62XD-WIOIL7";
  static final String STRATEGY_USDC = "ESXUM7H-SJHQ6-KOQNNI";

  static final String WITHDRAWAL_PENDING = "FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e";
  static final String WITHDRAWAL_INITIAL = "FTQcRw4-Hq8LmZ2vTc6YbNs0Gp3Kd7";
  static final String WITHDRAWAL_SETTLED = "FTQbU2s-Pz7NcX5qWm1DhLa8Vf4Je9";
  static final String WITHDRAWAL_SUCCESS = "FTQaK9d-Rt3GyB6nMs0ZpQx2Lw8Cv5";
  static final String WITHDRAWAL_FAILURE = "FTQZe6v-Wn1JkD4sHc9TqRb3Xm7Py2";
  static final String WITHDRAWAL_CANCELLED = "FTQYm3p-Ld8FvS2wKa5NxGc1Zr6Ht0";

  /** What became of a withdrawal; the first two are not processed yet. */
  enum WithdrawalState { INITIAL, PENDING, SETTLED, SUCCESS, FAILURE, CANCELLED }

  private static final class Strategy {
    final String id;
    final String asset;
    final BigDecimal minimum;
    BigDecimal allocated;
    /** The last deallocation, null before the first. */
    Deallocation last;

    Strategy(String id, String asset, String minimum, String allocated) {
      this.id = id;
      this.asset = asset;
      this.minimum = new BigDecimal(minimum);
      this.allocated = new BigDecimal(allocated);
    }
  }

  private static final class Deallocation {
    final BigDecimal amount;
    final Instant completesAt;
    boolean completed;
    /** The error the completed deallocation failed with, or null. */
    String failure;

    Deallocation(BigDecimal amount, Instant completesAt) {
      this.amount = amount;
      this.completesAt = completesAt;
    }
  }

  private final Settings settings;
  private final Nonces nonces;
  private final Map<String, SandboxKey> keys = new ConcurrentHashMap<>();
  private final AtomicInteger issued = new AtomicInteger();
  /** Guarded by {@code this}. */
  private final Map<String, Strategy> strategies = new LinkedHashMap<>();
  /** Guarded by {@code this}. */
  private final Map<String, WithdrawalState> withdrawals = new LinkedHashMap<>();
  private final Map<String, String> withdrawalAssets = new LinkedHashMap<>();

  SpotFamily(ContractValidator contract, Settings settings, Nonces nonces) {
    super(Family.SPOT, contract);
    this.settings = settings;
    this.nonces = nonces;
    keys.put(Seed.SPOT_KEY.key(), Seed.SPOT_KEY);
    for (Strategy strategy : List.of(
        new Strategy(STRATEGY_ETH, "ETH", "0.01", "20.0"),
        new Strategy(STRATEGY_SOL, "SOL", "1", "250"),
        new Strategy(STRATEGY_USDC, "USDC", "10", "5000"))) {
      strategies.put(strategy.id, strategy);
    }
    withdraw(WITHDRAWAL_PENDING, "ETH", WithdrawalState.PENDING);
    withdraw(WITHDRAWAL_INITIAL, "XBT", WithdrawalState.INITIAL);
    withdraw(WITHDRAWAL_SETTLED, "ETH", WithdrawalState.SETTLED);
    withdraw(WITHDRAWAL_SUCCESS, "USDC", WithdrawalState.SUCCESS);
    withdraw(WITHDRAWAL_FAILURE, "SOL", WithdrawalState.FAILURE);
    withdraw(WITHDRAWAL_CANCELLED, "EUR", WithdrawalState.CANCELLED);

    route("GET", "/0/public/Assets", "getAssets", false, (call, path, key) -> assets(call));
    route("POST", "/0/private/TradeVolume", "getTradeVolume", true, (call, path, key) -> tradeVolume(call));
    route("POST", "/0/private/Earn/Deallocate", "deallocateEarnFunds", true, (call, path, key) -> deallocate(call));
    route("POST", "/0/private/Earn/DeallocateStatus", "getDeallocateStatus", true,
        (call, path, key) -> deallocateStatus(call));
    route("POST", "/0/private/WithdrawCancel", "cancelWithdrawal", true, (call, path, key) -> cancelWithdrawal(call));
  }

  private void withdraw(String refid, String asset, WithdrawalState state) {
    withdrawals.put(refid, state);
    withdrawalAssets.put(refid, asset);
  }

  /** Another key of the test user's account, e.g. to send from several clients at once. */
  SandboxKey issueKey() {
    String label = "spot extra " + issued.incrementAndGet();
    SandboxKey key = new SandboxKey(Secrets.derivedKey("SBXSPOT", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), key);
    return key;
  }

  // ---- authentication ----

  @Override
  Authenticated<SandboxKey> authenticate(HttpCall call, Route<SandboxKey> route) {
    SandboxKey key = keys.get(String.valueOf(call.header("API-Key")));
    if (key == null) {
      return Authenticated.refused(errors("EAPI:Invalid key"));
    }
    String nonceText = bodyNonce(call);
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      return Authenticated.refused(errors("EAPI:Invalid nonce"));
    }
    String expected = new SpotSigner(key.secret()).sign(call.pathAndQuery(), nonceText, call.body);
    if (!Secrets.equal(expected, call.header("API-Sign"))) {
      return Authenticated.refused(errors("EAPI:Invalid signature"));
    }
    // Only an authentic request moves the nonce, so a forged one cannot lock the key out.
    if (nonces.offer(key.key(), nonce) != Nonces.Verdict.ACCEPTED) {
      return Authenticated.refused(errors("EAPI:Invalid nonce"));
    }
    return Authenticated.as(key);
  }

  /** The nonce's text as it is in the body (JSON number or form field), or null. */
  static String bodyNonce(HttpCall call) {
    String text = call.bodyText().trim();
    if (text.startsWith("{")) {
      try {
        JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text));
        reader.beginObject();
        while (reader.hasNext()) {
          if (reader.nextName().equals("nonce")) {
            JsonReader.Token token = reader.peek();
            return token == JsonReader.Token.NUMBER || token == JsonReader.Token.STRING ? reader.nextString() : null;
          }
          reader.skipValue();
        }
        return null;
      } catch (IOException | RuntimeException notJson) {
        return null;
      }
    }
    List<String> form = HttpCall.parseForm(text).get("nonce");
    return form == null || form.isEmpty() ? null : form.get(0);
  }

  // ---- envelopes ----

  static Reply errors(String... errors) {
    return Reply.json(200, Json.write(new SpotEnvelope(List.of(errors))));
  }

  @Override
  Reply rejected(Route<SandboxKey> route, List<ContractValidator.Problem> problems) {
    return errors("EGeneral:Invalid arguments:" + detail(problems));
  }

  @Override
  Reply unknownOperation(HttpCall call, boolean pathKnown) {
    return Reply.json(404, Json.write(new SpotEnvelope(List.of("EGeneral:Unknown method"))));
  }

  @Override
  Reply internalError(Exception e) {
    return Reply.json(500, Json.write(new SpotEnvelope(List.of("EGeneral:Internal error:" + e))));
  }

  // ---- operations ----

  private Reply assets(HttpCall call) {
    String aclass = call.query("aclass");
    boolean displayNames = "1".equals(call.query("assetVersion"));
    List<Asset> selected = new ArrayList<>();
    for (Asset asset : ASSETS) {
      if (aclass == null || asset.aclass().value().equals(aclass)) {
        selected.add(asset);
      }
    }
    String requested = call.query("asset");
    if (requested != null) {
      List<Asset> named = new ArrayList<>();
      for (String name : requested.split(",")) {
        Asset asset = findAsset(name.trim());
        if (asset == null) {
          return errors(UNKNOWN_ASSET);
        }
        if (selected.contains(asset) && !named.contains(asset)) {
          named.add(asset);
        }
      }
      selected = named;
    }
    Map<String, AssetInfo> result = new LinkedHashMap<>();
    for (Asset asset : selected) {
      result.put(displayNames ? asset.display() : asset.internal(), new AssetInfo(asset.aclass(), asset.altname(),
          asset.decimals(), asset.displayDecimals(), asset.collateral(), asset.status()));
    }
    return Reply.json(200, Json.write(new AssetsResponse(List.of(), result)));
  }

  /** An asset by its internal name, display name or altname ({@code XXBT}, {@code BTC}, {@code XBT}). */
  private static Asset findAsset(String name) {
    for (Asset asset : ASSETS) {
      if (asset.internal().equals(name) || asset.display().equals(name) || asset.altname().equals(name)) {
        return asset;
      }
    }
    return null;
  }

  private Reply tradeVolume(HttpCall call) throws IOException {
    TradeVolumeRequest request = Json.read(call.body, TradeVolumeRequest.class);
    Map<String, FeeTierInfo> fees = null;
    Map<String, FeeTierInfo> feesMaker = null;
    if (request.pair() != null) {
      fees = new LinkedHashMap<>();
      feesMaker = new LinkedHashMap<>();
      for (String name : request.pair().split(",")) {
        String given = name.trim();
        Pair pair = findPair(given);
        if (pair == null) {
          return errors(UNKNOWN_PAIR);
        }
        if (pair.makerTaker()) {
          fees.put(given, tier(TAKER));
          feesMaker.put(given, tier(MAKER));
        } else {
          fees.put(given, tier(FLAT));
        }
      }
    }
    TradeVolume volume = new TradeVolume("ZUSD", VOLUME, fees, feesMaker);
    return Reply.json(200, Json.write(new TradeVolumeResponse(List.of(), volume)));
  }

  private static Pair findPair(String name) {
    for (Pair pair : PAIRS) {
      if (pair.name().equals(name) || pair.altname().equals(name)) {
        return pair;
      }
    }
    return null;
  }

  /** The tier of {@link #VOLUME} in {@code schedule}. */
  private static FeeTierInfo tier(List<Tier> schedule) {
    int index = 0;
    for (int i = 0; i < schedule.size(); i++) {
      if (VOLUME.compareTo(new BigDecimal(schedule.get(i).volume())) >= 0) {
        index = i;
      }
    }
    Tier current = schedule.get(index);
    Tier next = index + 1 < schedule.size() ? schedule.get(index + 1) : null;
    return new FeeTierInfo(
        new BigDecimal(current.fee()),
        new BigDecimal(schedule.get(schedule.size() - 1).fee()),
        new BigDecimal(schedule.get(0).fee()),
        volume(current.volume()),
        next == null ? null : new BigDecimal(next.fee()),
        next == null ? null : volume(next.volume()));
  }

  private static BigDecimal volume(String text) {
    return new BigDecimal(text).setScale(4, RoundingMode.UNNECESSARY);
  }

  private static List<Tier> tiers(String... tiers) {
    List<Tier> list = new ArrayList<>();
    for (String tier : tiers) {
      String[] parts = tier.split(":");
      list.add(new Tier(parts[0], parts[1]));
    }
    return List.copyOf(list);
  }

  private Reply deallocate(HttpCall call) throws IOException {
    EarnDeallocateRequest request = Json.read(call.body, EarnDeallocateRequest.class);
    synchronized (this) {
      Instant now = settings.clock().instant();
      settle(now);
      Strategy strategy = strategies.get(request.strategyId());
      if (strategy == null) {
        return errors(INVALID_STRATEGY);
      }
      if (request.amount().compareTo(strategy.minimum) < 0) {
        return errors(BELOW_MIN);
      }
      if (strategy.last != null && !strategy.last.completed) {
        return errors(BUSY);
      }
      strategy.last = new Deallocation(request.amount(), now.plus(settings.earnCompletionDelay()));
      settle(now); // a zero delay completes at once
    }
    return Reply.json(202, Json.write(new BooleanResultResponse(List.of(), true)));
  }

  private Reply deallocateStatus(HttpCall call) throws IOException {
    EarnDeallocateStatusRequest request = Json.read(call.body, EarnDeallocateStatusRequest.class);
    synchronized (this) {
      settle(settings.clock().instant());
      Strategy strategy = strategies.get(request.strategyId());
      if (strategy == null) {
        return errors(INVALID_STRATEGY);
      }
      Deallocation last = strategy.last;
      if (last != null && last.failure != null) {
        return errors(last.failure);
      }
      boolean pending = last != null && !last.completed;
      return Reply.json(200, Json.write(new DeallocateStatusResponse(List.of(), new DeallocationStatus(pending))));
    }
  }

  /** Completes every deallocation whose time has come. Guarded by {@code this}. */
  private void settle(Instant now) {
    for (Strategy strategy : strategies.values()) {
      Deallocation last = strategy.last;
      if (last != null && !last.completed && !now.isBefore(last.completesAt)) {
        last.completed = true;
        if (last.amount.compareTo(strategy.allocated) > 0) {
          last.failure = INSUFFICIENT_FUNDS;
        } else {
          strategy.allocated = strategy.allocated.subtract(last.amount);
        }
      }
    }
  }

  private Reply cancelWithdrawal(HttpCall call) throws IOException {
    WithdrawCancelRequest request = Json.read(call.body, WithdrawCancelRequest.class);
    synchronized (this) {
      WithdrawalState state = withdrawals.get(request.refid());
      Asset asset = findAsset(request.asset());
      Asset owner = findAsset(withdrawalAssets.getOrDefault(request.refid(), ""));
      if (state == null || asset == null || !asset.equals(owner)) {
        return errors(UNKNOWN_REFERENCE);
      }
      switch (state) {
        case INITIAL, PENDING -> withdrawals.put(request.refid(), WithdrawalState.CANCELLED);
        case CANCELLED -> {
          return errors(ALREADY_CANCELLED);
        }
        default -> {
          return errors(ALREADY_PROCESSED);
        }
      }
    }
    return Reply.json(200, Json.write(new BooleanResultResponse(List.of(), true)));
  }

  // ---- for Sandbox's inspection methods ----

  /** {@code [allocated, pending]} of a strategy, pending negative while a deallocation runs. */
  synchronized BigDecimal[] earnAllocation(String strategyId) {
    settle(settings.clock().instant());
    Strategy strategy = strategies.get(strategyId);
    if (strategy == null) {
      throw new IllegalArgumentException("no Earn strategy " + strategyId);
    }
    Deallocation last = strategy.last;
    BigDecimal pending = last != null && !last.completed ? last.amount.negate() : BigDecimal.ZERO;
    return new BigDecimal[] {strategy.allocated, pending};
  }

  synchronized WithdrawalState withdrawal(String refid) {
    WithdrawalState state = withdrawals.get(refid);
    if (state == null) {
      throw new IllegalArgumentException("no withdrawal " + refid);
    }
    return state;
  }
}
