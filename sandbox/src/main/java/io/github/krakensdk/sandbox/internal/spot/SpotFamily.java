package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.RootAccess;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.CallCounter;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.funding.FundingBeta;
import io.github.krakensdk.sandbox.internal.funding.FundingFamily;
import io.github.krakensdk.sandbox.internal.spot.funding.Deposits;
import io.github.krakensdk.sandbox.internal.spot.funding.ExchangeFundingAccount;

import io.github.krakensdk.sandbox.internal.http.Signatures;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.sandbox.internal.spot.funding.ApiKeyInfo;
import io.github.krakensdk.sandbox.internal.spot.funding.Errors;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;
import io.github.krakensdk.sandbox.internal.spot.funding.Funding;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingException;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingSettings;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.ExchangeError;
import io.github.krakensdk.sandbox.internal.params.BodyParameters;
import io.github.krakensdk.sandbox.internal.params.JsonTree;
import io.github.krakensdk.sandbox.internal.spot.funding.Subaccounts;
import io.github.krakensdk.sandbox.internal.spot.funding.Withdrawals;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetStatus;
import io.github.krakensdk.spot.internal.model.AssetsResponse;
import io.github.krakensdk.spot.internal.model.SpotEnvelope;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Spot: public asset data, and the private operations of the test user's account (trade volume,
 * Earn deallocation and its status, withdrawal cancellation), signed with {@code API-Key} and
 * {@code API-Sign}. Errors are {@code error} strings with HTTP 200, as the service sends them.
 *
 * <p>Earn and withdrawals live in {@link Funding} (package {@code funding}), which keeps their
 * rules: at most one (de)allocation per strategy in progress, completing {@link
 * Settings#earnCompletionDelay()} after it was accepted on the sandbox clock, a deallocation of
 * more than is allocated failing on completion with {@code EEarnings:Insufficient funds}; only a
 * withdrawal not yet processed can be cancelled. This family reads the body (JSON or form) and
 * writes the envelope around what {@link Funding} answers.
 *
 * <p>Keys: each has a verification tier and a set of permissions. Every signed call of a key
 * counts on its REST call counter ({@link CallCounter}) at its operation's {@code
 * x-kraken-rate-cost}, and is refused with {@code EAPI:Rate limit exceeded} when the counter has no
 * room for it; a key without the operation's {@code x-kraken-key-permission} gets {@code
 * EGeneral:Permission denied}. Bodies come as JSON or form-encoded; handlers read them through
 * {@link HttpCall#parameters()}.
 *
 * <p>The account's balances, ledger, credit lines and trade volume are the {@link Exchange}'s, so
 * fills move them; GetApiKeyInfo describes the key that signed the call ({@link #keyInfo}).
 */
public final class SpotFamily extends Endpoint<SandboxKey> {
  static final String BELOW_MIN = Errors.BELOW_MIN;
  static final String BUSY = Errors.BUSY;
  static final String INVALID_STRATEGY = Errors.INVALID_STRATEGY;
  static final String INSUFFICIENT_FUNDS = Errors.INSUFFICIENT_EARN_FUNDS;
  static final String UNKNOWN_ASSET = "EQuery:Unknown asset";
  static final String UNKNOWN_PAIR = "EQuery:Unknown asset pair";
  static final String UNKNOWN_REFERENCE = Errors.UNKNOWN_REFERENCE;
  static final String ALREADY_PROCESSED = Errors.ALREADY_PROCESSED;
  public static final String ALREADY_CANCELLED = Errors.ALREADY_CANCELLED;
  static final String RATE_LIMITED = "EAPI:Rate limit exceeded";
  static final String PERMISSION_DENIED = "EGeneral:Permission denied";
  /** What an operation that needs no permission states in {@code x-kraken-key-permission}. */
  public static final String NO_PERMISSION = "none";

  /**
   * A key the sandbox issued, with its account-side settings (its name, as GetApiKeyInfo shows it,
   * and its permissions) and its call counter.
   */
  public record IssuedKey(SandboxKey key, String name, Set<SpotKeyPermission> permissions, CallCounter counter) {
    public IssuedKey {
      permissions = Set.copyOf(permissions);
    }
  }


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

  static final String STRATEGY_ETH = Earn.STRATEGY_ETH;
  public static final String STRATEGY_SOL = Earn.STRATEGY_SOL;
  static final String STRATEGY_USDC = Earn.STRATEGY_USDC;

  public static final String WITHDRAWAL_PENDING = Withdrawals.PENDING;
  static final String WITHDRAWAL_INITIAL = Withdrawals.INITIAL;
  static final String WITHDRAWAL_SETTLED = Withdrawals.SETTLED;
  static final String WITHDRAWAL_SUCCESS = Withdrawals.SUCCESS;
  static final String WITHDRAWAL_FAILURE = Withdrawals.FAILURE;
  static final String WITHDRAWAL_CANCELLED = Withdrawals.CANCELLED;

  /** The exchange's account id of a subaccount is this prefix and its IIBAN. */
  private static final String SUBACCOUNT_PREFIX = "subaccount ";

  private final Settings settings;
  private final Nonces nonces;
  /** When the sandbox's keys were created. */
  private final Instant started;
  private final Map<String, IssuedKey> keys = new ConcurrentHashMap<>();
  private final AtomicInteger issued = new AtomicInteger();
  /** The test user's account; every key of this family is one of its keys. */
  private final Exchange exchange;
  private final ExchangeFundingAccount account;
  private final Funding funding;
  /** Funding (Beta), {@code /funding/...}: the same keys, nonces, counters and funding state. */
  private final FundingFamily fundingBeta;

  public SpotFamily(ContractValidator contract, Settings settings, Nonces nonces) {
    super(Family.SPOT, contract);
    this.settings = settings;
    this.nonces = nonces;
    this.started = settings.clock().instant();
    keys.put(Seed.SPOT_KEY.key(), new IssuedKey(Seed.SPOT_KEY, "sandbox spot", EnumSet.allOf(SpotKeyPermission.class),
        new CallCounter(SpotRateTier.STARTER)));
    this.exchange = new Exchange(settings.clock());
    this.account = new ExchangeFundingAccount(exchange, Exchange.DEMO, Seed.USER_IIBAN);
    // A subaccount is an account of the same exchange: transfers to it move balances it can trade.
    this.funding = new Funding(
        FundingSettings.defaults(settings.clock(), settings.earnCompletionDelay())
            .withWithdrawalStep(settings.withdrawalStep()),
        account, iiban -> new ExchangeFundingAccount(exchange, SUBACCOUNT_PREFIX + iiban, iiban));
    this.fundingBeta = new FundingFamily(FundingFamily.contract(), settings, nonces, keys::get,
        new FundingBeta(settings.clock(), funding, account));

    route("GET", "/0/public/Assets", "getAssets", false, (call, path, key) -> assets(call));
    // The exchange ties a WebSocket token to the key that asked for it, so this route hands it the key.
    route("POST", "/0/private/GetWebSocketsToken", "getWebSocketsToken", true,
        (call, path, key) -> webSocketsToken(key));
    // Every other operation of the contract, served by the exchange (markets, orders, trades,
    // balances, ledgers) or by the funding state (deposits, withdrawals, Earn, exports, keys).
    for (Operation operation : contract.operations.all()) {
      String id = operation.operationId();
      if (id.equals("getAssets") || id.equals("getWebSocketsToken")) {
        continue;
      }
      if (Exchange.operations().contains(id)) {
        route(operation.method(), operation.path(), id, operation.signed(),
            (call, path, key) -> exchange(id, call, operation.signed()));
      } else if (Funding.OPERATIONS.contains(id)) {
        route(operation.method(), operation.path(), id, operation.signed(),
            (call, path, key) -> funding(id, call, key));
      }
    }
  }

  /**
   * The parameters of a call as a JSON tree that keeps every digit: the query of a GET, else the
   * body, a form body read as its schema's JSON ({@link HttpCall#parameters()}).
   */
  private static Map<String, Object> parameters(HttpCall call) {
    if (call.method.equals("GET")) {
      return JsonTree.fromForm(call.query);
    }
    return call.parameters().tree();
  }

  /** An exchange operation: the parameters in, the answer in the Spot envelope. */
  private Reply exchange(String operationId, HttpCall call, boolean signed) {
    Map<String, Object> params = parameters(call);
    params.remove("nonce");
    params.remove("otp");
    if (signed) {
      // Deposits confirmed and Earn operations completed since the funding state was last read
      // are booked first, so that Balance, Ledgers and orders see them.
      funding.settle(account);
    }
    try {
      Object result = exchange.handle(operationId, signed ? Exchange.DEMO : null, params);
      return Reply.answer(200, envelope(result));
    } catch (ExchangeError e) {
      return errors(e.errors().toArray(String[]::new));
    }
  }

  private Reply webSocketsToken(SandboxKey key) {
    Object result = exchange.webSocketsToken(Exchange.DEMO, key.key());
    return Reply.answer(200, envelope(result));
  }

  /** Another key of the test user's account, e.g. to send from several clients at once. */
  public SandboxKey issueKey(SpotRateTier tier, Set<SpotKeyPermission> permissions) {
    String label = "spot extra " + issued.incrementAndGet();
    SandboxKey key = RootAccess.get().newKey(Secrets.derivedKey("SBXSPOT", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), new IssuedKey(key, "sandbox spot extra", permissions, new CallCounter(tier)));
    return key;
  }

  /**
   * A fast API key minted through OAuth: a key of the test user's account like any other (Starter
   * tier), named {@code name}, with {@code permissions}.
   */
  public SandboxKey issueFastKey(String name, Set<SpotKeyPermission> permissions) {
    String label = "spot fast " + issued.incrementAndGet();
    SandboxKey key = RootAccess.get().newKey(Secrets.derivedKey("SBXFAST", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), new IssuedKey(key, name, permissions, new CallCounter(SpotRateTier.STARTER)));
    return key;
  }

  /** Renames {@code key} and replaces its permissions; its secret, nonces and call counter stay. */
  public void changeKey(SandboxKey key, String name, Set<SpotKeyPermission> permissions) {
    keys.computeIfPresent(key.key(),
        (apiKey, current) -> new IssuedKey(current.key(), name, permissions, current.counter()));
  }

  /** Revokes {@code key}: from now on its calls get {@code EAPI:Invalid key}. */
  public void revokeKey(SandboxKey key) {
    keys.remove(key.key());
  }

  /** The last nonce the sandbox accepted from {@code key}, or 0 if none. */
  public long lastNonce(SandboxKey key) {
    Long last = nonces.last(key.key());
    return last == null ? 0 : last;
  }

  /** A key this family issued, or an {@link IllegalArgumentException}. */
  public IssuedKey issued(SandboxKey key) {
    IssuedKey issuedKey = keys.get(key.key());
    if (issuedKey == null || !issuedKey.key().equals(key)) {
      throw new IllegalArgumentException("not a Spot key of this sandbox: " + key);
    }
    return issuedKey;
  }

  // ---- authentication ----

  @Override
  public Authenticated<SandboxKey> authenticate(HttpCall call, Route<SandboxKey> route) {
    IssuedKey issuedKey = keys.get(String.valueOf(call.header("API-Key")));
    if (issuedKey == null) {
      return Authenticated.refused(errors("EAPI:Invalid key"));
    }
    SandboxKey key = issuedKey.key();
    String nonceText = BodyParameters.sentText(call, "nonce");
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      return Authenticated.refused(errors("EAPI:Invalid nonce"));
    }
    String expected = Signatures.apiSign(key.secret(), call.pathAndQuery(), nonceText, call.body);
    if (!Secrets.equal(expected, call.header("API-Sign"))) {
      return Authenticated.refused(errors("EAPI:Invalid signature"));
    }
    // Only an authentic request moves the nonce, so a forged one cannot lock the key out.
    if (nonces.offer(key.key(), nonce) != Nonces.Verdict.ACCEPTED) {
      return Authenticated.refused(errors("EAPI:Invalid nonce"));
    }
    Operation op = contract.operations.find(call.method, route.template());
    boolean counted = op == null || issuedKey.counter().tryCall(op.rateCost(), settings.clock().instant());
    if (!counted && settings.spotRateLimits()) {
      return Authenticated.refused(errors(RATE_LIMITED));
    }
    if (op != null && !permitted(issuedKey, op.permission())) {
      return Authenticated.refused(errors(PERMISSION_DENIED));
    }
    return Authenticated.as(key);
  }

  /**
   * Whether {@code key} holds {@code permission} (an {@code x-kraken-key-permission} value);
   * {@code none}, or an operation that states none, needs nothing.
   */
  private static boolean permitted(IssuedKey key, String permission) {
    if (permission == null || permission.equals(NO_PERMISSION)) {
      return true;
    }
    return key.permissions().stream().anyMatch(held -> held.id().equals(permission));
  }

  // ---- envelopes ----

  static Reply errors(String... errors) {
    return Reply.answer(200, SpotEnvelope.builder().error(List.of(errors)).build());
  }

  @Override
  public Reply rejected(Route<SandboxKey> route, List<Problem> problems) {
    // The service names the argument it refuses (EGeneral:Invalid arguments:txid) where it can.
    String argument = problems.get(0).argument();
    return errors("EGeneral:Invalid arguments:" + (argument != null ? argument : detail(problems)));
  }

  @Override
  public Reply unknownOperation(HttpCall call) {
    return Reply.answer(404, SpotEnvelope.builder().error(List.of("EGeneral:Unknown method")).build());
  }

  @Override
  public Reply wrongMethod(HttpCall call, Set<String> allowed) {
    // A public endpoint over POST (or a private one over GET): the service has answered 405 since
    // January 2024 ("Removed support for POST requests to all public endpoints").
    return Reply.answer(405, SpotEnvelope.builder().error(List.of("EGeneral:Unknown method:"
        + call.method + " " + call.rawPath + " takes " + String.join(", ", allowed))).build());
  }

  @Override
  public Reply internalError(Exception e) {
    return Reply.answer(500, SpotEnvelope.builder().error(List.of("EGeneral:Internal error:" + e)).build());
  }

  // ---- operations ----

  private Reply assets(HttpCall call) {
    // Without aclass the service answers its default class, currency, not every asset.
    String aclass = call.query("aclass") == null ? AssetClass.CURRENCY.value() : call.query("aclass");
    // 1, or true in any case (x-kraken-service-alternatives: Kraken.Net's boolean); false and 0 are left out.
    boolean displayNames = call.queryFlag("assetVersion");
    List<Asset> selected = new ArrayList<>();
    for (Asset asset : ASSETS) {
      if (asset.aclass().value().equals(aclass)) {
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
      result.put(displayNames ? asset.display() : asset.internal(), AssetInfo.builder()
          .aclass(asset.aclass())
          .altname(asset.altname())
          .decimals(asset.decimals())
          .displayDecimals(asset.displayDecimals())
          .collateralValue(asset.collateral())
          .status(asset.status())
          .build());
    }
    return Reply.answer(200, AssetsResponse.builder().error(List.of()).result(result).build());
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

  /** A funding operation: the body (JSON or form) as parameters, the answer in the Spot envelope. */
  private Reply funding(String operationId, HttpCall call, SandboxKey key) {
    Map<String, Object> params = parameters(call);
    try {
      Object result = funding.handle(operationId, account, key == null ? null : keyInfo(key), params);
      if (result instanceof byte[] archive) {
        return Reply.bytes(200, "application/zip", archive);
      }
      return Reply.answer(Funding.httpStatus(operationId), envelope(result));
    } catch (FundingException e) {
      return errors(e.errors().toArray(String[]::new));
    }
  }

  /**
   * What GetApiKeyInfo tells about {@code key}: its name, the service's names of the permissions
   * it holds, no restrictions, created with the sandbox, last used now (by this very call) with
   * the nonce it was last accepted with.
   */
  ApiKeyInfo keyInfo(SandboxKey key) {
    IssuedKey issuedKey = issued(key);
    List<String> held = issuedKey.permissions().stream().map(SpotKeyPermission::id).toList();
    return new ApiKeyInfo(issuedKey.name(), key.key(), servicePermissions(held), 0, List.of(), started, started,
        settings.clock().instant(), nonces.last(key.key()), spaced(Seed.USER_IIBAN));
  }

  /**
   * The service's name, as GetApiKeyInfo lists it, of each key permission the contract names in
   * {@code x-kraken-key-permission}, in the service's order. Earn and export have no name there
   * that has been seen, so a key's info leaves them out.
   */
  private static final Map<String, String> SERVICE_PERMISSIONS = Map.ofEntries(
      Map.entry("funds-query", "query-funds"), Map.entry("funds-deposit", "add-funds"),
      Map.entry("funds-withdraw", "withdraw-funds"), Map.entry("trades-query-open", "query-open-trades"),
      Map.entry("trades-query-closed", "query-closed-trades"), Map.entry("trades-modify", "modify-trades"),
      Map.entry("trades-close", "close-trades"), Map.entry("ledger-query", "query-ledger"),
      Map.entry("websocket", "create-ws-token"));
  private static final List<String> SERVICE_PERMISSION_ORDER = List.of("query-funds", "add-funds", "withdraw-funds",
      "query-open-trades", "query-closed-trades", "modify-trades", "close-trades", "query-ledger", "create-ws-token");

  /** The service's names of the permissions {@code held} (contract ids such as {@code funds-query}). */
  static List<String> servicePermissions(Collection<String> held) {
    List<String> names = new ArrayList<>();
    for (String permission : held) {
      String name = SERVICE_PERMISSIONS.get(permission);
      if (name != null) {
        names.add(name);
      }
    }
    names.sort(Comparator.comparingInt(SERVICE_PERMISSION_ORDER::indexOf));
    return names;
  }

  /** {@code AA29 N84G TRQF ZL8R}: an IIBAN in groups of four, as the service shows it. */
  private static String spaced(String iiban) {
    return iiban.replaceAll("(.{4})(?!$)", "$1 ");
  }

  // ---- for Sandbox's inspection methods ----

  /** Funding (Beta), served on this family's keys, nonces and funding state. */
  public FundingFamily fundingBeta() {
    return fundingBeta;
  }

  /** The exchange behind the Spot operations (the tour's driver methods on {@link Sandbox} use it). */
  public Exchange exchange() {
    return exchange;
  }

  /** The key a WebSocket token was handed to, while it is usable. */
  public Optional<SandboxKey> webSocketsTokenKey(String token) {
    // A key revoked since (a deleted fast API key) has no token any more.
    return exchange.webSocketsTokenKey(token).flatMap(apiKey -> Optional.ofNullable(keys.get(apiKey)))
        .map(IssuedKey::key);
  }

  /** {@code [allocated, pending]} of a strategy, pending negative while a deallocation runs. */
  public BigDecimal[] earnAllocation(String strategyId) {
    return new BigDecimal[] {
        funding.earn().allocated(account, strategyId), funding.earn().pending(account, strategyId)};
  }

  public Subaccounts.Subaccount subaccount(String username) {
    for (Subaccounts.Subaccount subaccount : funding.subaccounts().of(account)) {
      if (subaccount.username().equals(username)) {
        return subaccount;
      }
    }
    throw new IllegalArgumentException("the test user has no subaccount " + username);
  }

  public Map<String, BigDecimal> subaccountBalances(String username) {
    return exchange.balances(SUBACCOUNT_PREFIX + subaccount(username).iiban());
  }

  public String arriveDeposit(String asset, String method, BigDecimal amount) {
    return funding.deposits().arrive(account, asset, method, amount);
  }

  public String depositState(String refid) {
    return funding.deposits().state(account, refid);
  }

  public Withdrawals.State withdrawal(String refid) {
    return funding.withdrawals().state(account, refid);
  }

  /** A key of this family by its API key (the control plane's getSpotKey). */
  public IssuedKey issued(String apiKey) {
    IssuedKey issuedKey = keys.get(apiKey);
    if (issuedKey == null) {
      throw new IllegalArgumentException("not a Spot key of this sandbox: " + apiKey);
    }
    return issuedKey;
  }

  /** The test user's balances now, after the deposits and withdrawals due (the control plane's getSpotBalances). */
  public Map<String, BigDecimal> balances() {
    funding.settle(account);
    return exchange.balances(Exchange.DEMO);
  }

  /** Spot's envelope around an answer the exchange or funding built: {@code {"error":[],"result":...}}. */
  private static Map<String, Object> envelope(Object result) {
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("error", List.of());
    envelope.put("result", result);
    return envelope;
  }

  // ---- state document (export, import, reset) ----

  /**
   * This family's state for the state document: the issued keys (tier, permissions and REST call
   * counter), the exchange (accounts, balances, orders, books, trades, ledgers) and the funding
   * state (deposits, withdrawals, Earn, exports, subaccounts).
   */
  public StatePart state() {
    return StatePart.of(this, "keys", "issued")
        .with("exchange", exchange.state())
        .with("funding", funding.state())
        .with("fundingBeta", fundingBeta.beta().state())
        .refers("account", account);
  }
}
