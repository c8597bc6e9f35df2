package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.DepositAddress;
import io.github.krakensdk.embed.model.DepositAddressEntry;
import io.github.krakensdk.embed.model.DepositAddressPage;
import io.github.krakensdk.embed.internal.model.DepositAddressResponse;
import io.github.krakensdk.embed.internal.model.DepositAddressSpec;
import io.github.krakensdk.embed.internal.model.DepositAddressesResponse;
import io.github.krakensdk.embed.model.DepositLimitMeta;
import io.github.krakensdk.embed.model.DepositMethod;
import io.github.krakensdk.embed.model.DepositMethods;
import io.github.krakensdk.embed.internal.model.DepositMethodsResponse;
import io.github.krakensdk.embed.model.FundingTransaction;
import io.github.krakensdk.embed.model.FundingTransactionPage;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.FundingTransactionType;
import io.github.krakensdk.embed.internal.model.FundingTransactionsResponse;
import io.github.krakensdk.embed.model.NetworkInfo;
import io.github.krakensdk.embed.model.WithdrawalMethod;
import io.github.krakensdk.embed.model.WithdrawalMethods;
import io.github.krakensdk.embed.internal.model.WithdrawalMethodsResponse;
import io.github.krakensdk.embed.internal.model.WithdrawalOrder;
import io.github.krakensdk.embed.internal.model.WithdrawalResponse;
import io.github.krakensdk.embed.model.WithdrawalResult;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * An Embed user's funds ({@code /b2b/funds/...}): deposit and withdrawal methods, deposit
 * addresses, withdrawals and the list of both.
 *
 * <ul>
 *   <li>A deposit address is issued once per user and method: the first {@code
 *       createDepositAddress} makes it ({@code is_new} true), later ones return it.
 *   <li>A deposit arrives through {@link #deposit} ({@link Sandbox#embedDeposit}): {@code pending}
 *       at once, {@code success} one {@link Settings#withdrawalStep() step} later on the sandbox
 *       clock, when the balance is credited (kind {@code deposit}).
 *   <li>A withdrawal takes {@code amount} (kind {@code withdrawal}) and {@code fee} (kind {@code
 *       fee}) from the balance at once and is {@code initial}, then {@code pending} and {@code
 *       success}, one step each. Its {@code idempotency_token} remembers the answer; a fee token
 *       lives 10 minutes of the sandbox clock and serves one withdrawal.
 * </ul>
 *
 * <p>States move lazily: whenever this group's state is read, transactions whose time has come
 * move on, and each state a transaction reaches is published as {@code deposit.status_updated} or
 * {@code withdrawal.status_updated} with the members of a listed transaction ({@code type}, {@code
 * ref_id}, {@code asset}, {@code amount}, {@code fee}, {@code status}, {@code date}). Destination
 * addresses of withdrawals are saved through {@link Sandbox#saveEmbedWithdrawalAddress}, since the
 * contract does not have the service's address-book operations.
 */
public final class EmbedFunds {
  /** How long a fee token pins its fee (the public service's 10 minutes). */
  static final Duration FEE_TOKEN_LIFETIME = Duration.ofMinutes(10);
  static final String UNKNOWN_ASSET = "ENexus:Unknown asset";
  static final String UNKNOWN_METHOD = "EFunding:Unknown deposit method";
  static final String UNKNOWN_KEY = "EFunding:Unknown withdraw key";
  static final String INVALID_FEE_TOKEN = "EFunding:Invalid fee token";
  static final String INVALID_AMOUNT = "EFunding:Invalid amount";
  private static final int ADDRESS_PAGE = 25;

  private record Method(String asset, String id, String network, String minimum, String fee, String explorer,
      String confirmations, String minutes, String contract) {}

  /** What withdrawing an asset costs and allows, on every network of the asset. */
  private record WithdrawalTerms(String fee, String minimum, String maximum) {}

  private static final List<Method> METHODS = List.of(
      new Method("BTC", "6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13", "Bitcoin", "0.00010000", "0.00000000",
          "https://mempool.space", "3", "30", ""),
      new Method("BTC", "2a7e9c41-5d3b-4f86-8e2a-1b9c0d4e7f65", "Lightning", "0.00000100", "0.00000000",
          "https://amboss.space", "0", "1", ""),
      new Method("ETH", "c4d8e2f1-6a9b-4c3d-8e7f-0a1b2c3d4e5f", "Ethereum", "0.00100000", "0.00000000",
          "https://etherscan.io", "35", "7", ""),
      new Method("ETH", "7b3e1d9f-2c4a-4e8b-9d6f-5a0c1e2b3d4f", "Arbitrum One", "0.00100000", "0.00000000",
          "https://arbiscan.io", "20", "5", ""),
      new Method("USDC", "0b9e4d21-7c3a-4f8e-b6d5-2a1c9e8f7d60", "Ethereum", "5.00", "0.00",
          "https://etherscan.io", "35", "7", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
      new Method("USDC", "9d3f6b82-1e4c-4a7b-8c0d-f2e5a6b7c8d9", "Solana", "1.00", "0.00",
          "https://solscan.io", "1", "1", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      new Method("SOL", "e5a1c7d3-9b2f-4d6e-8a0c-3f1b5d7e9a2c", "Solana", "0.01000000", "0.00000000",
          "https://solscan.io", "1", "1", ""));

  private static final Map<String, WithdrawalTerms> WITHDRAWALS = Map.of(
      "BTC", new WithdrawalTerms("0.00020000", "0.00050000", "10.00000000"),
      "ETH", new WithdrawalTerms("0.00150000", "0.00500000", "100.00000000"),
      "USDC", new WithdrawalTerms("1.00", "5.00", "100000.00"),
      "SOL", new WithdrawalTerms("0.00100000", "0.02000000", "1000.00000000"));

  /** A user's deposit address of a method. */
  private static final class Address {
    final String iiban;
    final Method method;
    final String address;
    Instant lastDeposit;

    Address(String iiban, Method method, String address) {
      this.iiban = iiban;
      this.method = method;
      this.address = address;
    }
  }

  /** A destination saved under a key (the service's address book, kept by the sandbox). */
  private record SavedAddress(String asset, String methodId, String address) {}

  private record FeeToken(EmbedFamily.Partner partner, String iiban, String asset, String methodId,
      BigDecimal fee, Instant expires) {}

  /** The request a withdrawal's idempotency token stands for, and the answer it got. */
  private record Remembered(String user, String asset, String key, BigDecimal amount, String feeToken,
      WithdrawalResult answer) {}

  /** A deposit or withdrawal: its states, the times it reaches them, and how far it got. */
  private static final class Transfer {
    final long sequence;
    final EmbedFamily.Partner partner;
    final String iiban;
    final FundingTransactionType type;
    final String refId;
    final String asset;
    final BigDecimal amount;
    final BigDecimal fee;
    final Instant created;
    final List<FundingTransactionStatus> states;
    /** Index in {@link #states} reached and published. */
    int reached = -1;

    Transfer(long sequence, EmbedFamily.Partner partner, String iiban, FundingTransactionType type, String refId,
        String asset, BigDecimal amount, BigDecimal fee, Instant created, List<FundingTransactionStatus> states) {
      this.sequence = sequence;
      this.partner = partner;
      this.iiban = iiban;
      this.type = type;
      this.refId = refId;
      this.asset = asset;
      this.amount = amount;
      this.fee = fee;
      this.created = created;
      this.states = states;
    }

    public FundingTransactionStatus status() {
      return states.get(Math.max(reached, 0));
    }
  }

  private final EmbedState state;
  private final SecureRandom random = new SecureRandom();
  // All guarded by state.
  private final Map<String, Map<String, Address>> addresses = new HashMap<>();
  private final Map<String, Map<String, SavedAddress>> savedAddresses = new HashMap<>();
  private final Map<String, FeeToken> feeTokens = new HashMap<>();
  private final Map<EmbedFamily.Partner, Map<UUID, Remembered>> remembered = new HashMap<>();
  private final List<Transfer> transfers = new ArrayList<>();
  private final Map<String, Transfer> byRef = new HashMap<>();

  EmbedFunds(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/funds/deposits/methods/{asset}", "getDepositMethods", true, this::depositMethods);
    family.route("POST", "/b2b/funds/deposits/addresses", "createDepositAddress", true, this::createAddress);
    family.route("GET", "/b2b/funds/deposits/addresses", "listDepositAddresses", true, this::listAddresses);
    family.route("GET", "/b2b/funds/withdrawals/methods/{asset}", "listWithdrawalMethods", true,
        this::withdrawalMethods);
    family.route("POST", "/b2b/funds/withdrawals", "withdrawFunds", true, this::withdraw);
    family.route("GET", "/b2b/funds/transactions", "listFundingTransactions", true, this::transactions);
  }

  // ---- deposits ----

  private Reply depositMethods(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      if (state.user(partner, call.query("user")) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    String asset = path.get("asset");
    List<DepositMethod> methods = new ArrayList<>();
    for (Method method : methodsOf(asset)) {
      methods.add(DepositMethod.builder()
          .methodId(UUID.fromString(method.id()))
          .fee(AssetAmount.builder().asset(asset).amount(new BigDecimal(method.fee())).build())
          .minimum(AssetAmount.builder().asset(asset).amount(new BigDecimal(method.minimum())).build())
          .addressSetupFee(AssetAmount.builder().asset(asset).amount(new BigDecimal(method.fee())).build())
          .feePercentage(new BigDecimal("0.00"))
          .network(method.network())
          .networkInfo(NetworkInfo.builder()
              .explorer(method.explorer())
              .confirmations(method.confirmations())
              .estConfirmationTime(method.minutes())
              .contractAddress(method.contract())
              .build())
          .depositLimitMeta(List.of(DepositLimitMeta.builder()
              .limitType("daily")
              .limits(Map.of("remaining", "2.50000000", "total", "5.00000000"))
              .build()))
          .build());
    }
    if (methods.isEmpty()) {
      return EmbedFamily.error(400, "EQuery:Unknown asset");
    }
    return EmbedFamily.ok(DepositMethodsResponse.builder()
        .result(DepositMethods.builder().methods(methods).build())
        .build());
  }

  private Reply createAddress(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner)
      throws IOException {
    DepositAddressSpec spec = call.parameters().read(DepositAddressSpec.class);
    synchronized (state) {
      settle();
      EmbedUser user = state.user(partner, call.query("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      if (!mayMoveFunds(user)) {
        return EmbedFamily.error(403, "EGeneral:Permission denied");
      }
      Reply refused = checkMethod(spec.asset(), spec.methodId().toString());
      if (refused != null) {
        return refused;
      }
      Method method = method(spec.methodId().toString());
      Map<String, Address> mine = addresses.computeIfAbsent(user.iiban, k -> new LinkedHashMap<>());
      Address existing = mine.get(method.id());
      boolean isNew = existing == null;
      if (isNew) {
        existing = new Address(user.iiban, method, newAddress(user.iiban, method));
        mine.put(method.id(), existing);
      }
      return EmbedFamily.ok(DepositAddressResponse.builder()
          .result(DepositAddress.builder().address(existing.address).name(method.network()).isNew(isNew).build())
          .build());
    }
  }

  private Reply listAddresses(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String asset = call.query("asset");
    String methodId = call.query("method_id");
    Integer offset = offset(call.query("cursor"));
    if (offset == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
    }
    synchronized (state) {
      settle();
      EmbedUser user = state.user(partner, call.query("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Reply refused = checkMethod(asset, methodId);
      if (refused != null) {
        return refused;
      }
      List<DepositAddressEntry> all = new ArrayList<>();
      for (Address address : addresses.getOrDefault(user.iiban, Map.of()).values()) {
        if (address.method.id().equals(methodId)) {
          Method m = address.method;
          all.add(DepositAddressEntry.builder()
              .address(address.address)
              .methodId(UUID.fromString(m.id()))
              .asset(m.asset())
              .fee(AssetAmount.builder().asset(m.asset()).amount(new BigDecimal(m.fee())).build())
              .minimum(AssetAmount.builder().asset(m.asset()).amount(new BigDecimal(m.minimum())).build())
              .lastDepositAt(address.lastDeposit == null ? null : address.lastDeposit.atOffset(ZoneOffset.UTC))
              .build());
        }
      }
      int end = Math.min(all.size(), offset + ADDRESS_PAGE);
      List<DepositAddressEntry> page = offset >= all.size() ? List.of() : all.subList(offset, end);
      String next = end < all.size() ? cursor(end) : null;
      return EmbedFamily.ok(DepositAddressesResponse.builder()
          .result(DepositAddressPage.builder().addresses(List.copyOf(page)).nextCursor(next).build())
          .build());
    }
  }

  /**
   * A deposit arriving at the user's newest address of {@code asset}: {@code pending} now, {@code
   * success} (balance credited) one step later. Returns its reference.
   */
  public String deposit(String iiban, String asset, BigDecimal amount) {
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException("a deposit must be positive: " + amount);
    }
    synchronized (state) {
      settle();
      EmbedUser user = state.anyUser(iiban);
      if (!mayMoveFunds(user)) {
        throw new IllegalStateException(iiban + " is not a verified, enabled user: it cannot receive deposits");
      }
      Address newest = null;
      for (Address address : addresses.getOrDefault(iiban, Map.of()).values()) {
        if (address.method.asset().equals(asset)) {
          newest = address;
        }
      }
      if (newest == null) {
        throw new IllegalArgumentException(iiban + " has no deposit address of " + asset
            + ": create one with createDepositAddress first");
      }
      Transfer deposit = add(user, FundingTransactionType.DEPOSIT, "D" + reference(), asset, amount,
          BigDecimal.ZERO, List.of(FundingTransactionStatus.PENDING, FundingTransactionStatus.SUCCESS));
      settle();
      return deposit.refId;
    }
  }

  /**
   * A deposit arriving on the partner's own (master) account: {@code pending} now, {@code success}
   * one step later, announced as {@code deposit.status_updated} without a user. Returns its
   * reference, as {@code listFundingTransactions} shows it.
   */
  public String partnerDeposit(EmbedFamily.Partner partner, String asset, BigDecimal amount) {
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException("a deposit must be positive: " + amount);
    }
    synchronized (state) {
      settle();
      Transfer deposit = add(partner, null, FundingTransactionType.DEPOSIT, "D" + reference(), asset, amount,
          BigDecimal.ZERO, List.of(FundingTransactionStatus.PENDING, FundingTransactionStatus.SUCCESS));
      settle();
      return deposit.refId;
    }
  }

  // ---- withdrawals ----

  private Reply withdrawalMethods(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String asset = path.get("asset");
    synchronized (state) {
      settle();
      EmbedUser user = state.user(partner, call.query("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      WithdrawalTerms terms = WITHDRAWALS.get(asset);
      if (terms == null) {
        return EmbedFamily.error(400, UNKNOWN_ASSET);
      }
      List<WithdrawalMethod> methods = new ArrayList<>();
      for (Method method : methodsOf(asset)) {
        BigDecimal fee = new BigDecimal(terms.fee());
        String token = issueFeeToken(partner, user.iiban, asset, method.id(), fee);
        methods.add(WithdrawalMethod.builder()
            .methodId(UUID.fromString(method.id()))
            .network(method.network())
            .fee(AssetAmount.builder().asset(asset).amount(fee).build())
            .feeToken(token)
            .minimum(AssetAmount.builder().asset(asset).amount(new BigDecimal(terms.minimum())).build())
            .maximum(AssetAmount.builder().asset(asset).amount(new BigDecimal(terms.maximum())).build())
            .build());
      }
      return EmbedFamily.ok(WithdrawalMethodsResponse.builder()
          .result(WithdrawalMethods.builder().methods(methods).build())
          .build());
    }
  }

  private Reply withdraw(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    WithdrawalOrder order;
    try {
      order = call.parameters().read(WithdrawalOrder.class);
    } catch (IOException | RuntimeException e) {
      return EmbedFamily.error(400, "EGeneral:Bad data");
    }
    String iiban = call.query("user");
    boolean preview = Boolean.TRUE.equals(order.preview());
    synchronized (state) {
      settle();
      Map<UUID, Remembered> partnerTokens = remembered.computeIfAbsent(partner, p -> new HashMap<>());
      Remembered earlier = preview ? null : partnerTokens.get(order.idempotencyToken());
      if (earlier != null) {
        boolean same = Objects.equals(earlier.user(), iiban) && earlier.asset().equals(order.asset())
            && earlier.key().equals(order.key()) && earlier.amount().compareTo(order.amount()) == 0
            && Objects.equals(earlier.feeToken(), order.feeToken());
        return same ? EmbedFamily.ok(WithdrawalResponse.builder().result(earlier.answer()).build())
            : EmbedFamily.error(409, "ENexus:Conflict");
      }
      EmbedUser user = null;
      if (iiban != null) {
        user = state.user(partner, iiban);
        if (user == null) {
          return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
        }
        if (!mayMoveFunds(user)) {
          return EmbedFamily.error(403, "EGeneral:Permission denied");
        }
      }
      WithdrawalTerms terms = WITHDRAWALS.get(order.asset());
      if (terms == null) {
        return EmbedFamily.error(400, UNKNOWN_ASSET);
      }
      // The partner's own account has no saved addresses in the sandbox.
      SavedAddress destination = user == null ? null
          : savedAddresses.getOrDefault(user.iiban, Map.of()).get(order.key());
      if (destination == null || !destination.asset().equals(order.asset())) {
        return EmbedFamily.error(400, UNKNOWN_KEY);
      }
      BigDecimal fee = new BigDecimal(terms.fee());
      if (order.feeToken() != null) {
        FeeToken token = feeTokens.get(order.feeToken());
        if (token == null || !token.partner().equals(partner) || !token.iiban().equals(user.iiban)
            || !token.asset().equals(order.asset()) || !token.methodId().equals(destination.methodId())
            || !state.instant().isBefore(token.expires())) {
          return EmbedFamily.error(400, INVALID_FEE_TOKEN);
        }
        fee = token.fee();
      }
      BigDecimal amount = order.amount();
      BigDecimal total = amount.add(fee);
      if (amount.signum() <= 0 || amount.compareTo(new BigDecimal(terms.minimum())) < 0
          || amount.compareTo(new BigDecimal(terms.maximum())) > 0 || total.compareTo(user.balance(order.asset())) > 0) {
        return EmbedFamily.error(400, INVALID_AMOUNT);
      }
      if (preview) {
        String fresh = issueFeeToken(partner, user.iiban, order.asset(), destination.methodId(), fee);
        return EmbedFamily.ok(WithdrawalResponse.builder()
            .result(WithdrawalResult.builder().amount(amount).fee(fee).total(total).feeToken(fresh).build())
            .build());
      }
      if (order.feeToken() != null) {
        feeTokens.remove(order.feeToken()); // one withdrawal per token
      }
      Transfer withdrawal = add(user, FundingTransactionType.WITHDRAWAL, "W" + reference(), order.asset(), amount,
          fee, List.of(FundingTransactionStatus.INITIAL, FundingTransactionStatus.PENDING,
              FundingTransactionStatus.SUCCESS));
      user.move(withdrawal.refId + "-amount", state.instant(), "withdrawal", order.asset(), amount.negate(),
          withdrawal.refId);
      user.move(withdrawal.refId + "-fee", state.instant(), "fee", order.asset(), fee.negate(), withdrawal.refId);
      WithdrawalResult answer = WithdrawalResult.builder()
          .refId(withdrawal.refId)
          .amount(amount)
          .fee(fee)
          .total(total)
          .feeToken(order.feeToken())
          .build();
      partnerTokens.put(order.idempotencyToken(),
          new Remembered(iiban, order.asset(), order.key(), amount, order.feeToken(), answer));
      settle();
      return EmbedFamily.ok(WithdrawalResponse.builder().result(answer).build());
    }
  }

  /** Saves {@code address} under {@code key} for the user (the service's address book). */
  public void saveWithdrawalAddress(String iiban, String asset, String methodId, String key, String address) {
    synchronized (state) {
      state.anyUser(iiban);
      Method method = method(methodId);
      if (method == null || !method.asset().equals(asset) || !WITHDRAWALS.containsKey(asset)) {
        throw new IllegalArgumentException(methodId + " is not a withdrawal method of " + asset);
      }
      savedAddresses.computeIfAbsent(iiban, k -> new LinkedHashMap<>())
          .put(key, new SavedAddress(asset, methodId, address));
    }
  }

  // ---- the list of both ----

  /**
   * The partner's own (master) account's deposits or withdrawals: the operation takes no user, as
   * the service's reference has none. A user's are in {@code listPortfolioTransactions}.
   */
  private Reply transactions(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    FundingTransactionType type = FundingTransactionType.of(call.query("type"));
    int pageSize = call.query("page_size") == null ? 25 : Integer.parseInt(call.query("page_size"));
    Long before = call.query("cursor") == null ? Long.valueOf(Long.MAX_VALUE) : sequence(call.query("cursor"));
    if (before == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
    }
    synchronized (state) {
      settle();
      List<FundingTransaction> page = new ArrayList<>();
      boolean more = false;
      long last = 0;
      for (int i = transfers.size() - 1; i >= 0; i--) {
        Transfer t = transfers.get(i);
        if (t.sequence >= before || !t.partner.equals(partner) || t.iiban != null || !t.type.equals(type)) {
          continue;
        }
        if (page.size() == pageSize) {
          more = true;
          break;
        }
        page.add(FundingTransaction.builder()
            .type(t.type)
            .date(t.created.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC))
            .asset(t.asset)
            .amount(t.amount)
            .status(t.status())
            .refId(t.refId)
            .build());
        last = t.sequence;
      }
      return EmbedFamily.ok(FundingTransactionsResponse.builder()
          .result(FundingTransactionPage.builder().transactions(page).nextCursor(more ? cursor(last) : null).build())
          .build());
    }
  }

  /** The status of a deposit or withdrawal now, or null for an unknown reference. */
  public String status(String refId) {
    synchronized (state) {
      settle();
      Transfer transfer = byRef.get(refId);
      return transfer == null ? null : transfer.status().value();
    }
  }

  /** The user's balance of {@code asset} after every deposit and withdrawal due by now. */
  public BigDecimal balance(String iiban, String asset) {
    synchronized (state) {
      settle();
      return state.anyUser(iiban).balance(asset);
    }
  }

  // ---- states ----

  private Transfer add(EmbedUser user, FundingTransactionType type, String refId, String asset, BigDecimal amount,
      BigDecimal fee, List<FundingTransactionStatus> states) {
    return add(user.partner, user.iiban, type, refId, asset, amount, fee, states);
  }

  /** A transfer of the partner's own account when {@code iiban} is null, else of that user. */
  private Transfer add(EmbedFamily.Partner partner, String iiban, FundingTransactionType type, String refId,
      String asset, BigDecimal amount, BigDecimal fee, List<FundingTransactionStatus> states) {
    Transfer transfer = new Transfer(transfers.size() + 1L, partner, iiban, type, refId, asset, amount,
        fee, state.instant(), states);
    transfers.add(transfer);
    byRef.put(refId, transfer);
    return transfer;
  }

  /**
   * Moves every transfer to the state the sandbox clock has reached (one step per state),
   * crediting settled deposits and publishing each state reached. Caller holds the state's monitor.
   */
  public void settle() {
    Instant now = state.instant();
    Duration step = state.settings.withdrawalStep();
    for (Transfer t : transfers) {
      while (t.reached < t.states.size() - 1) {
        Instant due = t.created.plus(step.multipliedBy(t.reached + 1L));
        if (t.reached >= 0 && now.isBefore(due)) {
          break;
        }
        t.reached++;
        if (t.type.equals(FundingTransactionType.DEPOSIT) && t.status().equals(FundingTransactionStatus.SUCCESS)
            && t.iiban != null) { // the partner's own account keeps no balance in the sandbox
          EmbedUser user = state.anyUser(t.iiban);
          user.move(t.refId, now, "deposit", t.asset, t.amount, t.refId);
          for (Address address : addresses.getOrDefault(t.iiban, Map.of()).values()) {
            if (address.method.asset().equals(t.asset)) {
              address.lastDeposit = now;
            }
          }
        }
        publish(t);
      }
    }
  }

  private void publish(Transfer t) {
    Map<String, Object> data = new LinkedHashMap<>();
    // The members the contract's WebhookEvent declares for `*.status_updated`, then the transfer's own.
    data.put("transaction_id", t.refId);
    data.put("status", t.status().value());
    Map<String, Object> amount = new LinkedHashMap<>();
    amount.put("asset", t.asset);
    amount.put("amount", t.amount.toPlainString());
    amount.put("asset_class", "currency");
    data.put("amount", amount);
    data.put("type", t.type.value());
    data.put("fee", t.fee.toPlainString());
    data.put("date", t.created.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC).toString());
    String type = t.type.equals(FundingTransactionType.DEPOSIT) ? "deposit.status_updated" : "withdrawal.status_updated";
    state.publish(t.partner, type, t.iiban, data);
  }

  // ---- helpers ----

  /** Only a verified user that is neither disabled nor closed deposits or withdraws. */
  private static boolean mayMoveFunds(EmbedUser user) {
    return user.verified && !user.disabled && !user.closed;
  }

  private static List<Method> methodsOf(String asset) {
    return METHODS.stream().filter(m -> m.asset().equals(asset)).toList();
  }

  private static Method method(String id) {
    return METHODS.stream().filter(m -> m.id().equals(id)).findFirst().orElse(null);
  }

  private static Reply checkMethod(String asset, String methodId) {
    if (methodsOf(asset).isEmpty()) {
      return EmbedFamily.error(400, UNKNOWN_ASSET);
    }
    Method method = method(methodId);
    if (method == null || !method.asset().equals(asset)) {
      return EmbedFamily.error(400, UNKNOWN_METHOD);
    }
    return null;
  }

  private String issueFeeToken(EmbedFamily.Partner partner, String iiban, String asset, String methodId,
      BigDecimal fee) {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    String token = "wft_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    feeTokens.put(token, new FeeToken(partner, iiban, asset, methodId, fee, state.instant().plus(FEE_TOKEN_LIFETIME)));
    return token;
  }

  /** A reference like the service's ({@code XXXXXX-XXXXX-XXXXXX}). */
  private String reference() {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 18; i++) {
      if (i == 5 || i == 10) {
        out.append('-');
      }
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return out.toString();
  }

  /** An address that looks like one of the method's network, the same for the same user and method. */
  private static String newAddress(String iiban, Method method) {
    byte[] digest;
    try {
      digest = MessageDigest.getInstance("SHA-256").digest((iiban + "/" + method.id()).getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : digest) {
      hex.append(String.format("%02x", b));
    }
    return switch (method.network()) {
      case "Bitcoin" -> "bc1q" + hex.substring(0, 38);
      case "Lightning" -> "lnurl1dp68gurn8ghj7" + hex.substring(0, 32);
      case "Solana" -> Base64.getUrlEncoder().withoutPadding().encodeToString(digest).replace('-', 'x')
          .replace('_', 'y').substring(0, 43);
      default -> "0x" + hex.substring(0, 40);
    };
  }

  private static String cursor(long value) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(Long.toString(value).getBytes(StandardCharsets.UTF_8));
  }

  /** The number a cursor of {@link #cursor} holds, or null when it is not one. */
  private static Long sequence(String cursor) {
    try {
      long value = Long.parseLong(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
      return value >= 0 ? value : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static Integer offset(String cursor) {
    if (cursor == null) {
      return 0;
    }
    Long value = sequence(cursor);
    return value == null || value > Integer.MAX_VALUE ? null : value.intValue();
  }
}
