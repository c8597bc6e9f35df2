package io.github.krakensdk.sandbox.internal.funding;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.contract.Text;
import io.github.krakensdk.sandbox.internal.spot.funding.Deposits;
import io.github.krakensdk.sandbox.internal.spot.funding.Funding;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Asset;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingCatalog;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingCatalog.Method;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingException;
import io.github.krakensdk.sandbox.internal.spot.funding.Withdrawals;
import io.github.krakensdk.sandbox.internal.spot.funding.Withdrawals.SavedAddress;
import io.github.krakensdk.sandbox.internal.state.StatePart;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The fifteen operations of Funding (Beta) on the legacy funding state: the methods of
 * DepositMethods and WithdrawMethods ({@link FundingCatalog}), the deposits and deposit addresses
 * of {@link Deposits}, the withdrawals and whitelisted keys of {@link Withdrawals}. A withdrawal's
 * {@code withdrawal_id} is its legacy {@code refid}; a saved address's {@code name} is its legacy
 * {@code key}.
 *
 * <p>Each operation takes the parameters as the family read them (query values, path values, the
 * body as a tree) and answers the JSON tree of the contract's schema, or throws {@link
 * FundingProblem}. Fee quotes of withdrawal methods carry a token that pins the quoted rate and
 * {@code fee_included} for {@link #TOKEN_LIFETIME} on the sandbox clock and may be used for any
 * number of withdrawals until then. Thread-safe: the token table is guarded by {@code this}; the
 * legacy parts lock themselves.
 */
public final class FundingBeta {
  /** How long a withdrawal fee token can be used (Kraken: "expires after 5 minutes"). */
  static final Duration TOKEN_LIFETIME = Duration.ofMinutes(5);
  /** When {@code fee_included} is not sent (undocumented): the fee comes out of the amount, as with legacy Withdraw. */
  static final boolean DEFAULT_FEE_INCLUDED = true;
  static final int DEFAULT_PAGE = 100;

  static final List<String> DEPOSIT_STATUSES = List.of("initial", "pending", "settled", "success", "failure");

  /** A quote a withdrawal fee token pins: the method, its rate and {@code fee_included}, until {@code expires}. */
  record Quote(String methodId, BigDecimal baseFee, BigDecimal percentage, boolean feeIncluded, Instant expires) {}

  private final Clock clock;
  private final Funding funding;
  private final FundingAccount account;
  /** Guarded by {@code this}; expired tokens are dropped when a quote is made. */
  private final Map<String, Quote> feeTokens = new TreeMap<>();
  private final SplittableRandom random = new SplittableRandom(24);

  public FundingBeta(Clock clock, Funding funding, FundingAccount account) {
    this.clock = requireNonNull(clock, "clock == null");
    this.funding = requireNonNull(funding, "funding == null");
    this.account = requireNonNull(account, "account == null");
  }

  /** The fee tokens for the state document (saved addresses, deposits and withdrawals are the legacy books'). */
  public StatePart state() {
    return StatePart.of(this, "feeTokens");
  }

  // ---- reference data ----

  /** F1 {@code GET /funding/v1/methods/{direction}}. */
  Map<String, Object> methods(String direction, Query query) {
    Pages.Request request = Pages.request("methods/" + direction, query.filters("asset[class]", "asset[name]",
        "rebase_multiplier"), query.value("cursor"));
    Predicate<Asset> assetFilter = assetFilter(request.filter("asset[class]"), request.filter("asset[name]"));
    List<Method> methods = new ArrayList<>();
    for (Method method : FundingCatalog.methods(direction)) {
      if (assetFilter.test(asset(method))) {
        methods.add(method);
      }
    }
    return Pages.page("methods/" + direction, request, methods, Method::methodId, this::renderMethod,
        query.limit(1000), "methods");
  }

  private Map<String, Object> renderMethod(Method method) {
    Asset asset = asset(method);
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("asset", asset(asset));
    item.put("method_id", method.methodId());
    item.put("method_name", method.name());
    item.put("minimum_amount", method.minimum());
    if (method.maximum() != null) {
      item.put("maximum_amount", method.maximum());
    }
    Map<String, Object> fees = new LinkedHashMap<>();
    fees.put("base", amount(asset, new BigDecimal(method.fee())));
    fees.put("percentage", "0");
    fees.put("included", true);
    item.put("fees", fees);
    if (method.networkId() != null) {
      FundingCatalog.Network network = FundingCatalog.network(method.networkId()).orElseThrow();
      Map<String, Object> on = new LinkedHashMap<>();
      on.put("network_id", network.networkId());
      on.put("network_name", network.name());
      if (method.contractAddress() != null) {
        on.put("contract_address", method.contractAddress());
      }
      on.put("on_chain_asset_symbol", asset.display());
      item.put("network", on);
    }
    if (method.deposit()) {
      Map<String, Object> generation = new LinkedHashMap<>();
      generation.put("status", method.addresses() ? "limited" : "unsupported");
      if (method.addresses()) {
        generation.put("limit", Deposits.MAX_ADDRESSES_PER_METHOD);
      }
      item.put("deposit", Map.of("address_generation", generation));
    } else {
      item.put("withdrawal", Map.of());
    }
    return item;
  }

  /** F2 {@code GET /funding/v1/assets/{direction}}. */
  Map<String, Object> assets(String direction, Query query) {
    String onlyClass = query.value("asset_class");
    Map<String, Object> result = new LinkedHashMap<>();
    for (String aclass : List.of("currency", "tokenized_asset")) {
      if (onlyClass != null && !onlyClass.equals(aclass)) {
        continue;
      }
      List<Object> names = new ArrayList<>();
      List<String> seen = new ArrayList<>();
      for (Method method : FundingCatalog.methods(direction)) {
        Asset asset = asset(method);
        if (asset.aclass().equals(aclass) && !seen.contains(asset.display())) {
          seen.add(asset.display());
          names.add(Map.of("name", asset.display()));
        }
      }
      result.put(aclass, names);
    }
    return result;
  }

  /** F3 {@code GET /funding/v1/networks}. */
  Map<String, Object> networks() {
    List<Object> groups = new ArrayList<>();
    for (FundingCatalog.NetworkGroup group : FundingCatalog.groups()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("network_group_id", group.networkGroupId());
      item.put("name", group.name());
      item.put("network_ids", group.networkIds());
      groups.add(item);
    }
    List<Object> networks = new ArrayList<>();
    for (FundingCatalog.Network network : FundingCatalog.networks()) {
      networks.add(Map.of("network_id", network.networkId(), "name", network.name()));
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("network_groups", groups);
    result.put("networks", networks);
    return result;
  }

  /** F4 {@code GET /funding/v1/fees/{method_id}}. */
  Map<String, Object> fees(String methodId, Query query) {
    Method method = FundingCatalog.method(methodId).orElseThrow(() ->
        FundingProblem.notFound("method_id: no funding method " + methodId));
    Asset asset = asset(method);
    BigDecimal amount = positive(query.value("amount"), "amount");
    boolean feeIncluded = query.value("fee_included") == null ? DEFAULT_FEE_INCLUDED
        : Boolean.TRUE.equals(Text.bool(query.value("fee_included")));
    String token = query.value("withdrawal_fee_token");
    Quote quote;
    synchronized (this) {
      Instant now = clock.instant();
      feeTokens.values().removeIf(q -> !now.isBefore(q.expires()));
      if (token != null) {
        if (method.deposit()) {
          throw FundingProblem.invalid("withdrawal_fee_token: deposit methods have no fee token");
        }
        quote = usableToken(token, method, feeIncluded, "withdrawal_fee_token");
      } else {
        quote = new Quote(method.methodId(), new BigDecimal(method.fee()), BigDecimal.ZERO, feeIncluded,
            now.plus(TOKEN_LIFETIME));
        if (!method.deposit()) {
          do {
            token = newToken(); // after an import of another run's state, its tokens may come again
          } while (feeTokens.containsKey(token));
          feeTokens.put(token, quote);
        }
      }
    }
    BigDecimal fee = fee(quote, amount);
    BigDecimal gross = feeIncluded ? amount : amount.add(fee);
    BigDecimal net = feeIncluded ? amount.subtract(fee) : amount;
    if (net.signum() <= 0) {
      throw FundingProblem.invalid("amount: must be more than the fee " + plain(fee) + " when the fee is included");
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("fee", amount(asset, fee));
    result.put("gross_amount", amount(asset, gross));
    result.put("net_amount", amount(asset, net));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("base_fee", amount(asset, quote.baseFee()));
    details.put("fee_percentage", plain(quote.percentage()));
    result.put("fee_details", details);
    if (!method.deposit()) {
      result.put("withdrawal_fee_token", token);
    }
    return result;
  }

  private static BigDecimal fee(Quote quote, BigDecimal amount) {
    return quote.baseFee().add(amount.multiply(quote.percentage()).movePointLeft(2));
  }

  /** A token that can be used now for {@code method} with {@code feeIncluded}; guarded by {@code this}. */
  private Quote usableToken(String token, Method method, boolean feeIncluded, String field) {
    Quote quote = feeTokens.get(token);
    if (quote == null || !clock.instant().isBefore(quote.expires())) {
      throw FundingProblem.feeToken(field + ": unknown or expired (a token lasts 5 minutes)");
    }
    if (!quote.methodId().equals(method.methodId())) {
      throw FundingProblem.feeToken(field + ": quoted for another method (" + quote.methodId() + ")");
    }
    if (quote.feeIncluded() != feeIncluded) {
      throw FundingProblem.feeToken(field + ": quoted with fee_included=" + quote.feeIncluded());
    }
    return quote;
  }

  private String newToken() {
    StringBuilder token = new StringBuilder("SBX");
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    for (int i = 0; i < 40; i++) {
      token.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return token.toString();
  }

  /** F5 {@code GET /funding/v1/limits/deposit/{asset_class}/{asset}}. */
  Map<String, Object> depositLimits(String aclass, String assetName, Query query) {
    Asset asset = pathAsset(aclass, assetName);
    preferredAsset(query);
    List<Object> limits = new ArrayList<>();
    for (Method method : FundingCatalog.methods(FundingCatalog.DEPOSIT)) {
      if (method.asset().equals(asset.internal())) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("method_id", method.methodId());
        if (method.maximum() != null) {
          item.put("maximum_amount", amount(asset, new BigDecimal(method.maximum())));
        }
        item.put("limits", List.of());
        limits.add(item);
      }
    }
    return Map.of("deposit_limits", limits);
  }

  /** F6 {@code GET /funding/v1/limits/withdrawal/{asset_class}/{asset}}: bounded by the balance. */
  Map<String, Object> withdrawalLimits(String aclass, String assetName, Query query) {
    Asset asset = pathAsset(aclass, assetName);
    preferredAsset(query);
    funding.settle(account);
    BigDecimal available = account.available(asset.internal()).max(BigDecimal.ZERO);
    List<Object> limits = new ArrayList<>();
    for (Method method : FundingCatalog.methods(FundingCatalog.WITHDRAW)) {
      if (method.asset().equals(asset.internal())) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("method_id", method.methodId());
        item.put("maximum_amount", amount(asset, available.subtract(new BigDecimal(method.fee())).max(BigDecimal.ZERO)));
        item.put("maximum_reason", "balance");
        item.put("limits", List.of());
        limits.add(item);
      }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("available_balance", amount(asset, available));
    result.put("withdrawal_limits", limits);
    return result;
  }

  private Asset pathAsset(String aclass, String name) {
    Asset asset = account.asset(name).orElse(null);
    if (asset == null || !asset.aclass().equals(aclass)) {
      throw FundingProblem.notFound("asset: no " + aclass + " asset " + name);
    }
    return asset;
  }

  private void preferredAsset(Query query) {
    String name = query.value("preferred_asset[name]");
    String aclass = query.value("preferred_asset[class]");
    if (aclass != null && name == null) {
      throw FundingProblem.invalid("preferred_asset[name]: required with preferred_asset[class]");
    }
    if (name != null && account.asset(name).filter(a -> aclass == null || a.aclass().equals(aclass)).isEmpty()) {
      throw FundingProblem.invalid("preferred_asset[name]: no " + (aclass == null ? "" : aclass + " ") + "asset " + name);
    }
  }

  // ---- deposits ----

  /** F7 {@code PUT /funding/v1/deposit/address}. */
  Map<String, Object> claimAddress(Map<String, Object> body) {
    String methodId = String.valueOf(body.get("method_id"));
    Method method = FundingCatalog.method(methodId).orElseThrow(() ->
        FundingProblem.notFound("method_id: no funding method " + methodId));
    if (!method.deposit()) {
      throw FundingProblem.invalid("method_id: " + methodId + " is a withdrawal method; claim a deposit method's address");
    }
    if (!method.addresses()) {
      throw FundingProblem.invalid("method_id: the method " + method.name() + " gives no addresses "
          + "(address_generation: unsupported)");
    }
    String address;
    try {
      address = funding.deposits().claim(account, method.asset(), method.name());
    } catch (FundingException e) {
      throw FundingProblem.invalid("method_id: " + e.getMessage());
    }
    return Map.of("address_details", Map.of("crypto", Map.of("address", address)));
  }

  /** F8 {@code GET /funding/v2/deposit/addresses}: newest first. */
  Map<String, Object> claimedAddresses(Query query) {
    if (query.value("scope[network_group_id]") != null) {
      throw FundingProblem.invalid("scope[network_group_id]: this listing takes scope[method_id] or scope[network_id]");
    }
    Pages.Request request = Pages.request("claimed", query.filters("scope[method_id]", "scope[network_id]",
        "asset[class]", "asset[name]"), query.value("cursor"));
    Scope scope = Scope.of(request);
    Predicate<Asset> assetFilter = assetFilter(request.filter("asset[class]"), request.filter("asset[name]"));
    List<Deposits.Claimed> claimed = new ArrayList<>(funding.deposits().claimed(account));
    java.util.Collections.reverse(claimed);
    List<Deposits.Claimed> matching = new ArrayList<>();
    for (Deposits.Claimed address : claimed) {
      Method method = FundingCatalog.depositMethod(address.asset(), address.method());
      if (scope.covers(method) && assetFilter.test(asset(method))) {
        matching.add(address);
      }
    }
    return Pages.page("claimed", request, matching, FundingBeta::claimedId, address -> {
      Method method = FundingCatalog.depositMethod(address.asset(), address.method());
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("id", claimedId(address));
      item.put("method_id", method.methodId());
      if (address.lastUsed() != null) {
        item.put("last_used", time(address.lastUsed()));
      }
      if (address.expires() != null) {
        item.put("expire_time", time(address.expires()));
      }
      item.put("address_details", Map.of("crypto", Map.of("address", address.address())));
      return item;
    }, query.limit(500), "addresses");
  }

  /** A claimed address's id: the same for the same method and address on every run. */
  private static String claimedId(Deposits.Claimed address) {
    return UUID.nameUUIDFromBytes((address.asset() + "\n" + address.method() + "\n" + address.address())
        .getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** F9 {@code GET /funding/v1/deposits}: newest first. */
  Map<String, Object> deposits(Query query) {
    Pages.Request request = Pages.request("deposits", query.filters("asset[class]", "asset[name]", "scope[method_id]",
        "scope[network_id]", "scope[network_group_id]", "status[range][start]", "status[range][end]", "start_time",
        "end_time", "rebase_multiplier"), query.value("cursor"));
    Scope scope = Scope.of(request);
    Predicate<Asset> assetFilter = assetFilter(request.filter("asset[class]"), request.filter("asset[name]"));
    int first = request.filter("status[range][start]") == null ? 0
        : DEPOSIT_STATUSES.indexOf(request.filter("status[range][start]"));
    int last = request.filter("status[range][end]") == null ? DEPOSIT_STATUSES.size() - 1
        : DEPOSIT_STATUSES.indexOf(request.filter("status[range][end]"));
    if (first > last) {
      throw FundingProblem.invalid("status[range][start]: " + request.filter("status[range][start]")
          + " comes after status[range][end] " + request.filter("status[range][end]"));
    }
    Instant start = instant(request, "start_time");
    Instant end = instant(request, "end_time");
    List<Deposits.Listed> matching = new ArrayList<>();
    for (Deposits.Listed deposit : funding.deposits().listed(account)) {
      Method method = FundingCatalog.depositMethod(deposit.asset(), deposit.method());
      int status = DEPOSIT_STATUSES.indexOf(deposit.status().toLowerCase(java.util.Locale.ROOT));
      if (scope.covers(method) && assetFilter.test(asset(method)) && status >= first && status <= last
          && (start == null || !deposit.time().isBefore(start)) && (end == null || deposit.time().isBefore(end))) {
        matching.add(deposit);
      }
    }
    return Pages.page("deposits", request, matching, Deposits.Listed::refid, deposit -> {
      Method method = FundingCatalog.depositMethod(deposit.asset(), deposit.method());
      Asset asset = asset(method);
      String status = deposit.status().toLowerCase(java.util.Locale.ROOT);
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("deposit_id", deposit.refid());
      item.put("method_id", method.methodId());
      if (method.networkId() != null) {
        item.put("network_id", method.networkId());
      }
      item.put("status", status);
      item.put("amount", amount(asset, deposit.amount()));
      if (deposit.fee() != null && status.equals("success")) {
        item.put("fee", amount(asset, deposit.fee()));
      }
      item.put("create_time", time(deposit.time()));
      return item;
    }, query.limit(500), "deposits");
  }

  // ---- withdrawal addresses ----

  /** F10 {@code GET /funding/v1/addresses}: in the order saved. */
  Map<String, Object> addresses(Query query) {
    Pages.Request request = Pages.request("addresses", query.filters("scope[method_id]", "scope[network_id]",
        "scope[network_group_id]"), query.value("cursor"));
    Scope scope = Scope.of(request);
    List<SavedAddress> matching = new ArrayList<>();
    for (SavedAddress saved : funding.withdrawals().savedAddresses(account)) {
      if (scope.lists(saved)) {
        matching.add(saved);
      }
    }
    return Pages.page("addresses", request, matching, SavedAddress::id, FundingBeta::renderAddress, query.limit(500),
        "addresses");
  }

  private static Map<String, Object> renderAddress(SavedAddress saved) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("address_id", saved.id());
    item.put("scope", Map.of(saved.scopeKind(), saved.scopeId()));
    Map<String, Object> details = new LinkedHashMap<>();
    if (saved.iban() != null) {
      details.put("fiat", Map.of("iban", saved.iban()));
    } else {
      Map<String, Object> crypto = new LinkedHashMap<>();
      crypto.put("address", saved.address());
      if (saved.tag() != null) {
        crypto.put("tag", saved.tag());
      }
      if (saved.memo() != null) {
        crypto.put("memo", saved.memo());
      }
      details.put("crypto", crypto);
    }
    item.put("address_details", details);
    item.put("name", saved.name());
    if (saved.description() != null) {
      item.put("description", saved.description());
    }
    item.put("verified", saved.verified());
    return item;
  }

  /** F11 {@code POST /funding/v1/addresses}. */
  Map<String, Object> createAddress(Map<String, Object> body) {
    Map<?, ?> scope = (Map<?, ?>) body.get("scope");
    Map.Entry<?, ?> only = scope.entrySet().iterator().next();
    String kind = String.valueOf(only.getKey());
    String id = String.valueOf(only.getValue());
    boolean known = switch (kind) {
      case "method_id" -> FundingCatalog.method(id).filter(m -> !m.deposit()).isPresent();
      case "network_id" -> FundingCatalog.network(id).isPresent();
      default -> FundingCatalog.group(id).isPresent();
    };
    if (!known) {
      throw FundingProblem.invalid("scope." + kind + ": no " + (kind.equals("method_id") ? "withdrawal method"
          : kind.equals("network_id") ? "network" : "network group") + " " + id);
    }
    if (kind.equals("method_id") && FundingCatalog.method(id).orElseThrow().networkId() == null) {
      throw FundingProblem.invalid("scope.method_id: a bank method; only on-chain addresses can be saved through the API");
    }
    Map<?, ?> crypto = (Map<?, ?>) ((Map<?, ?>) body.get("address_details")).get("crypto");
    SavedAddress saved;
    try {
      saved = funding.withdrawals().saveAddress(account, (String) body.get("name"), (String) body.get("description"),
          kind, id, (String) crypto.get("address"), (String) crypto.get("tag"), (String) crypto.get("memo"));
    } catch (Withdrawals.Refusal refusal) {
      throw FundingProblem.of(refusal.code, refusal.getMessage());
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("address_id", saved.id());
    result.put("verified", saved.verified());
    return result;
  }

  /** F12 {@code PUT /funding/v1/addresses/{id}}. */
  Map<String, Object> updateAddress(String id, Map<String, Object> body) {
    try {
      SavedAddress saved = funding.withdrawals().updateAddress(account, id, (String) body.get("name"),
          (String) body.get("description"));
      return Map.of("verified", saved.verified());
    } catch (Withdrawals.Refusal refusal) {
      throw FundingProblem.of(refusal.code, refusal.getMessage());
    }
  }

  /** F13 {@code DELETE /funding/v1/addresses/{id}}. */
  Map<String, Object> deleteAddress(String id) {
    try {
      funding.withdrawals().deleteAddress(account, id);
      return Map.of("result", true);
    } catch (Withdrawals.Refusal refusal) {
      throw FundingProblem.of(refusal.code, refusal.getMessage());
    }
  }

  // ---- withdrawals ----

  /** F14 {@code POST /funding/v1/withdrawals}. */
  Map<String, Object> withdraw(Map<String, Object> body) {
    Map<?, ?> amountMember = (Map<?, ?>) ((Map<?, ?>) body.get("amount")).get("asset_amount");
    Asset asset = requestAsset((Map<?, ?>) amountMember.get("asset"), "amount.asset_amount.asset");
    BigDecimal amount = positive(String.valueOf(amountMember.get("amount")), "amount.asset_amount.amount");
    Method method = withdrawalMethod((Map<?, ?>) body.get("scope"), asset);
    String addressId = (String) body.get("address_id");
    SavedAddress saved = funding.withdrawals().savedAddresses(account).stream()
        .filter(a -> a.id().equals(addressId)).findFirst()
        .orElseThrow(() -> FundingProblem.notFound("address_id: no saved address " + addressId));
    if (!FundingCatalog.inScope(method, saved.scopeKind(), saved.scopeId())) {
      throw FundingProblem.invalid("address_id: " + addressId + " is saved for another " + saved.scopeKind().replace("_id", "")
          + " than the method " + method.name());
    }
    if (!saved.verified()) {
      throw FundingProblem.invalid("address_id: " + addressId + " is not verified");
    }
    Object expected = body.get("expected_address");
    String savedText = saved.address() != null ? saved.address() : saved.iban();
    if (expected != null && !expected.equals(savedText)) {
      throw FundingProblem.invalid("expected_address: is not the address saved as " + addressId);
    }
    Map<?, ?> fee = (Map<?, ?>) body.get("fee");
    boolean feeIncluded = fee == null ? DEFAULT_FEE_INCLUDED : Boolean.TRUE.equals(fee.get("fee_included"));
    Quote quote;
    BigDecimal maxFee = null;
    synchronized (this) {
      if (fee != null && fee.get("quoted_fee") instanceof Map<?, ?> quoted) {
        quote = usableToken(String.valueOf(quoted.get("token")), method, feeIncluded, "fee.quoted_fee.token");
      } else {
        quote = new Quote(method.methodId(), new BigDecimal(method.fee()), BigDecimal.ZERO, feeIncluded,
            clock.instant());
        if (fee != null && fee.get("current_fee") instanceof Map<?, ?> current
            && current.get("max_fee") instanceof Map<?, ?> max) {
          Map<?, ?> maxAmount = (Map<?, ?>) max.get("asset_amount");
          Asset maxAsset = requestAsset((Map<?, ?>) maxAmount.get("asset"), "fee.current_fee.max_fee.asset_amount.asset");
          if (!maxAsset.equals(asset)) {
            throw FundingProblem.invalid("fee.current_fee.max_fee.asset_amount.asset: must be the withdrawal's asset "
                + asset.display());
          }
          maxFee = decimal(String.valueOf(maxAmount.get("amount")), "fee.current_fee.max_fee.asset_amount.amount");
        }
      }
    }
    BigDecimal feeAmount = fee(quote, amount);
    if (maxFee != null && feeAmount.compareTo(maxFee) > 0) {
      throw FundingProblem.invalid("fee.current_fee.max_fee: the current fee " + plain(feeAmount) + " " + asset.display()
          + " is above it");
    }
    BigDecimal gross = feeIncluded ? amount : amount.add(feeAmount);
    BigDecimal net = feeIncluded ? amount.subtract(feeAmount) : amount;
    if (net.signum() <= 0) {
      throw FundingProblem.invalid("amount.asset_amount.amount: must be more than the fee " + plain(feeAmount));
    }
    if (gross.compareTo(new BigDecimal(method.minimum())) < 0) {
      throw FundingProblem.invalid("amount.asset_amount.amount: below the method's minimum " + method.minimum());
    }
    String refid;
    try {
      refid = funding.withdrawals().withdrawTo(account, addressId, asset.internal(), method.name(), net, feeAmount);
    } catch (Withdrawals.Refusal refusal) {
      throw FundingProblem.of(refusal.code, refusal.getMessage());
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("withdrawal_id", refid);
    result.put("net_amount", Map.of("asset_amount", amount(asset, net)));
    result.put("gross_amount", Map.of("asset_amount", amount(asset, gross)));
    result.put("fee", Map.of("asset_amount", amount(asset, feeAmount)));
    return result;
  }

  /** The method of a withdrawal's scope: a method of the asset, or the asset's one method on a network. */
  private static Method withdrawalMethod(Map<?, ?> scope, Asset asset) {
    if (scope.get("network_group_id") != null) {
      throw FundingProblem.invalid("scope.network_group_id: a withdrawal takes a method or a network, not a network group");
    }
    if (scope.get("method_id") != null) {
      String id = String.valueOf(scope.get("method_id"));
      Method method = FundingCatalog.method(id).filter(m -> !m.deposit())
          .orElseThrow(() -> FundingProblem.notFound("scope.method_id: no withdrawal method " + id));
      if (!method.asset().equals(asset.internal())) {
        throw FundingProblem.invalid("amount.asset_amount.asset: the method " + method.name() + " withdraws "
            + method.asset() + ", not " + asset.display());
      }
      return method;
    }
    String networkId = String.valueOf(scope.get("network_id"));
    if (FundingCatalog.network(networkId).isEmpty()) {
      throw FundingProblem.notFound("scope.network_id: no network " + networkId);
    }
    List<Method> methods = FundingCatalog.methods(FundingCatalog.WITHDRAW).stream()
        .filter(m -> m.asset().equals(asset.internal()) && networkId.equals(m.networkId())).toList();
    if (methods.size() != 1) {
      throw FundingProblem.invalid("scope.network_id: " + asset.display() + " has " + methods.size()
          + " withdrawal methods on the network; give scope.method_id");
    }
    return methods.get(0);
  }

  /** F15 {@code GET /funding/v1/withdrawals}: newest first. */
  Map<String, Object> withdrawals(Query query) {
    Pages.Request request = Pages.request("withdrawals", query.filters("asset[class]", "asset[name]",
        "scope[method_id]", "scope[network_id]", "scope[network_group_id]", "status", "start_time", "end_time",
        "rebase_multiplier"), query.value("cursor"));
    Scope scope = Scope.of(request);
    Predicate<Asset> assetFilter = assetFilter(request.filter("asset[class]"), request.filter("asset[name]"));
    String status = request.filter("status");
    Instant start = instant(request, "start_time");
    Instant end = instant(request, "end_time");
    List<Withdrawals.Listed> matching = new ArrayList<>();
    for (Withdrawals.Listed withdrawal : funding.withdrawals().listed(account)) {
      Method method = FundingCatalog.withdrawMethod(withdrawal.asset(), withdrawal.method());
      if (scope.covers(method) && assetFilter.test(asset(method))
          && (status == null || status.equals(status(withdrawal.state())))
          && (start == null || !withdrawal.time().isBefore(start)) && (end == null || withdrawal.time().isBefore(end))) {
        matching.add(withdrawal);
      }
    }
    return Pages.page("withdrawals", request, matching, Withdrawals.Listed::refid, withdrawal -> {
      Method method = FundingCatalog.withdrawMethod(withdrawal.asset(), withdrawal.method());
      Asset asset = asset(method);
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("withdrawal_id", withdrawal.refid());
      item.put("amount", amount(asset, withdrawal.net()));
      item.put("fee", amount(asset, withdrawal.fee()));
      item.put("method_id", method.methodId());
      item.put("status", status(withdrawal.state()));
      item.put("create_time", time(withdrawal.time()));
      if (withdrawal.addressId() != null) {
        item.put("address_id", withdrawal.addressId());
      }
      if (withdrawal.txid() != null) {
        item.put("onchain_transaction", withdrawal.txid());
      }
      return item;
    }, query.limit(500), "withdrawals");
  }

  /** The legacy states as Funding (Beta) names them: not yet done is {@code pending}; cancelled is {@code failed}. */
  static String status(Withdrawals.State state) {
    return switch (state) {
      case INITIAL, PENDING, SETTLED -> "pending";
      case SUCCESS -> "success";
      case FAILURE, CANCELLED -> "failed";
    };
  }

  // ---- shared reading and writing ----

  /** A filter of one scope ({@code scope[method_id]}, {@code scope[network_id]} or {@code scope[network_group_id]}). */
  private record Scope(String kind, String id) {
    static Scope of(Pages.Request request) {
      Scope scope = new Scope(null, null);
      for (String kind : List.of("method_id", "network_id", "network_group_id")) {
        String id = request.filter("scope[" + kind + "]");
        if (id != null) {
          if (scope.kind != null) {
            throw FundingProblem.invalid("scope[" + kind + "]: give one scope only (scope[" + scope.kind + "] is given)");
          }
          scope = new Scope(kind, id);
        }
      }
      return scope;
    }

    boolean covers(Method method) {
      return kind == null || FundingCatalog.inScope(method, kind, id);
    }

    /**
     * Whether a saved address belongs in a listing by this scope: a method lists the addresses of
     * the method, its network and its network's group; a network those of the network and its group.
     */
    boolean lists(SavedAddress saved) {
      if (kind == null) {
        return true;
      }
      if (saved.scopeKind().equals(kind) && saved.scopeId().equals(id)) {
        return true;
      }
      return switch (kind) {
        case "method_id" -> FundingCatalog.method(id).map(m -> !saved.scopeKind().equals("method_id")
            && FundingCatalog.inScope(m, saved.scopeKind(), saved.scopeId())).orElse(false);
        case "network_id" -> saved.scopeKind().equals("network_group_id")
            && FundingCatalog.network(id).map(n -> saved.scopeId().equals(n.groupId())).orElse(false);
        default -> false;
      };
    }
  }

  private Predicate<Asset> assetFilter(String aclass, String name) {
    if (name != null && aclass == null) {
      throw FundingProblem.invalid("asset[class]: required with asset[name]");
    }
    return asset -> (aclass == null || asset.aclass().equals(aclass)) && (name == null || asset.named(name));
  }

  private Asset requestAsset(Map<?, ?> member, String field) {
    String name = (String) member.get("name");
    if (name == null) {
      throw FundingProblem.invalid(field + ".name: required");
    }
    return account.asset(name).filter(a -> a.aclass().equals(member.get("class")))
        .orElseThrow(() -> FundingProblem.invalid(field + ": no " + member.get("class") + " asset " + name));
  }

  private Asset asset(Method method) {
    return account.asset(method.asset()).orElseThrow();
  }

  private static Map<String, Object> asset(Asset asset) {
    Map<String, Object> member = new LinkedHashMap<>();
    member.put("class", asset.aclass());
    member.put("name", asset.display());
    return member;
  }

  private static Map<String, Object> amount(Asset asset, BigDecimal value) {
    Map<String, Object> member = new LinkedHashMap<>();
    member.put("asset", asset(asset));
    member.put("amount", value.setScale(Math.max(asset.decimals(), value.stripTrailingZeros().scale()),
        RoundingMode.UNNECESSARY).toPlainString());
    return member;
  }

  private static String plain(BigDecimal value) {
    return value.stripTrailingZeros().toPlainString();
  }

  private static String time(Instant time) {
    return time.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  private static BigDecimal decimal(String text, String field) {
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException | NullPointerException e) {
      throw FundingProblem.invalid(field + ": must be a decimal number, was " + text);
    }
  }

  private static BigDecimal positive(String text, String field) {
    if (text == null) {
      throw FundingProblem.invalid(field + ": required");
    }
    BigDecimal value = decimal(text, field);
    if (value.signum() <= 0) {
      throw FundingProblem.invalid(field + ": must be more than 0, was " + text);
    }
    return value;
  }

  private static Instant instant(Pages.Request request, String name) {
    String text = request.filter(name);
    if (text == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw FundingProblem.invalid(name + ": must be an RFC 3339 time, was " + text);
    }
  }

  /** The query of a call: its first values, the filters a page is read with, and the page size. */
  record Query(Map<String, List<String>> values) {
    String value(String name) {
      List<String> all = values.get(name);
      return all == null || all.isEmpty() ? null : all.get(0);
    }

    Map<String, String> filters(String... names) {
      Map<String, String> filters = new TreeMap<>();
      for (String name : names) {
        if (value(name) != null) {
          filters.put(name, value(name));
        }
      }
      return filters;
    }

    /** {@code limit} (the contract bounds it), or {@link #DEFAULT_PAGE}; {@code most} when a default is above it. */
    int limit(int most) {
      String limit = value("limit");
      return limit == null ? Math.min(DEFAULT_PAGE, most) : Integer.parseInt(limit.trim());
    }
  }
}
