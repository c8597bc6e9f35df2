package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AccountTransfer;
import io.github.krakensdk.spot.model.AccountTransferStatus;
import io.github.krakensdk.spot.model.DeallocationStatus;
import io.github.krakensdk.spot.model.Deposit;
import io.github.krakensdk.spot.model.DepositAddress;
import io.github.krakensdk.spot.model.DepositMethod;
import io.github.krakensdk.spot.model.DepositPage;
import io.github.krakensdk.spot.model.EarnAllocation;
import io.github.krakensdk.spot.model.EarnAllocations;
import io.github.krakensdk.spot.model.EarnLockType;
import io.github.krakensdk.spot.model.EarnStrategies;
import io.github.krakensdk.spot.model.EarnStrategy;
import io.github.krakensdk.spot.model.FundingReference;
import io.github.krakensdk.spot.model.FundingStatus;
import io.github.krakensdk.spot.model.GetAllocateStatusRequest;
import io.github.krakensdk.spot.model.GetWithdrawalStatusRequest;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.WalletTransferDestination;
import io.github.krakensdk.spot.model.WalletTransferSource;
import io.github.krakensdk.spot.model.Withdrawal;
import io.github.krakensdk.spot.model.WithdrawalAddress;
import io.github.krakensdk.spot.model.WithdrawalInfo;
import io.github.krakensdk.spot.model.WithdrawalMethod;
import io.github.krakensdk.spot.model.WithdrawalPage;
import io.github.krakensdk.spot.model.WithdrawalStatusProperty;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import io.github.krakensdk.sandbox.SpotFundingState;

/**
 * The tour's Spot funding, subaccount and Earn steps: deposit methods, addresses (one generated)
 * and history; a withdrawal quoted, made, seen through its states and in the balance; a transfer to
 * the Futures wallet; a subaccount created and funded; an Earn allocation pending, then done.
 *
 * <p>The steps poll as an application does. A withdrawal moves on by a minute per state of the
 * sandbox's clock, so the tour waits on that clock ({@link Sandbox#timeSource()}: no real time
 * passes) between its polls. An Earn operation completes {@link Tour#DELAY} after it was accepted;
 * the client's pacing by the REST call counter also waits on the sandbox's clock, so before the
 * allocation the tour lets the counter decay, and the few calls that follow are not held back.
 */
final class SpotFundingTour {
  /** The instant (flexible) SOL strategy of the sandbox, minimum 1 SOL. */
  private static final String SOL_STRATEGY = "ESRFUO3-Q62XD-WIOIL7";
  private static final Duration POLL_LIMIT = Duration.ofSeconds(20);

  private final Tour tour;
  private final SpotService spot;
  private final Sandbox sandbox;
  /** The withdrawal this tour makes, followed by getWithdrawalStatus. */
  private String withdrawalRefid;
  /** The Bitcoin deposit address getDepositAddresses generates. */
  private String depositAddress;

  private SpotFundingTour(Tour tour) {
    this.tour = tour;
    this.spot = tour.kraken.spot();
    this.sandbox = tour.sandbox;
  }

  static void run(Tour tour) {
    new SpotFundingTour(tour).steps();
  }

  private void steps() {
    deposits();
    withdrawals();
    subaccounts();
    earn();
  }

  // ---- deposits ----

  private void deposits() {
    tour.step("getDepositMethods", () -> {
      List<DepositMethod> methods = spot.listDepositMethods(r -> r.asset("XBT"));
      DepositMethod bitcoin = find(methods, m -> m.method().equals("Bitcoin"), "no Bitcoin method");
      check(Boolean.TRUE.equals(bitcoin.genAddress()), "Bitcoin cannot generate addresses");
      // limit is false (no limit) or a decimal string: the contract's oneOf, an Object in Java.
      check(Boolean.FALSE.equals(bitcoin.limit()), "Bitcoin's limit " + bitcoin.limit());
      DepositMethod sepa = spot.listDepositMethods(r -> r.asset("EUR")).get(0);
      check(sepa.limit() instanceof String && new BigDecimal((String) sepa.limit()).signum() > 0,
          "SEPA's limit " + sepa.limit());
      return "XBT: " + methods.stream().map(m -> m.method() + (Boolean.TRUE.equals(m.genAddress())
          ? " (generates addresses)" : "")).toList() + ", minimum " + bitcoin.minimum() + "; EUR: "
          + sepa.method() + " limit " + sepa.limit();
    });
    tour.step("getDepositAddresses", () -> {
      List<DepositAddress> before = spot.listDepositAddresses(r -> r.asset("XBT").method("Bitcoin"));
      List<DepositAddress> after = spot.listDepositAddresses(r -> r.asset("XBT").method("Bitcoin")._new(true));
      check(after.size() == before.size() + 1, before.size() + " addresses, then " + after.size());
      DepositAddress created = after.get(0);
      check(Boolean.TRUE.equals(created._new()) && "0".equals(created.expireTime()), "new address " + created);
      check(before.stream().noneMatch(a -> a.address().equals(created.address())), "not a new address");
      check(spot.listDepositAddresses(r -> r.asset("XBT").method("Bitcoin")).equals(after),
          "the new address was not kept");
      depositAddress = created.address();
      DepositAddress invoice = spot.listDepositAddresses(r -> r.asset("XBT").method("Bitcoin Lightning")
          .amount(new BigDecimal("0.001"))).get(0);
      long expires = Long.parseLong(invoice.expireTime());
      long now = sandbox.clock().instant().getEpochSecond();
      check(expires > now, "the invoice expired at " + expires);
      return before.size() + " Bitcoin address (used) → new=true created " + created.address() + " (new, never"
          + " expires); a Lightning invoice for 0.001 expiring in "
          + Duration.ofSeconds(expires - now).toMinutes() + " min";
    });
    tour.step("getDepositStatus", () -> {
      // A deposit arrives to the address generated above: received, confirming, not credited yet.
      BigDecimal balance = balance("XXBT");
      String arrived = sandbox.spot().arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.02")).refid();
      DepositPage all = spot.getDepositStatus();
      Deposit confirming = all.deposits().get(0);
      check(confirming.refid().equals(arrived) && FundingStatus.SETTLED.equals(confirming.status()),
          "the newest deposit " + confirming);
      check(confirming.info().equals(depositAddress), "paid to " + confirming.info() + ", not " + depositAddress);
      check(balance("XXBT").compareTo(balance) == 0, "credited before Success");
      check(all.nextCursor() == null, "a plain list with a cursor");
      check(sortedNewestFirst(all.deposits().stream().map(Deposit::time).toList()), "not newest first");
      Deposit onHold = find(all.deposits(), d -> d.statusProp() != null, "no deposit on hold");
      // Paged: cursor true (the boolean) for the first page, then each page's next_cursor (a
      // string), up to a page without one.
      List<String> paged = new ArrayList<>();
      int pages = 0;
      Object cursor = Boolean.TRUE;
      while (cursor != null) {
        Object next = cursor;
        DepositPage page = spot.getDepositStatus(r -> r.cursor(next).limit(2));
        page.deposits().forEach(d -> paged.add(d.refid()));
        cursor = page.nextCursor();
        pages++;
      }
      List<String> refids = all.deposits().stream().map(Deposit::refid).toList();
      check(paged.equals(refids), "pages " + paged + " against " + refids);
      List<Deposit> bitcoin = spot.getDepositStatus(r -> r.asset("XBT")).deposits();
      check(!bitcoin.isEmpty() && bitcoin.stream().allMatch(d -> d.asset().equals("XXBT")), "XBT filter");
      return all.deposits().size() + " deposits " + all.deposits().stream().map(d -> d.asset() + " "
          + d.status()).toList() + ", the newest 0.02 XBT to the new address, confirming (balance unchanged); "
          + onHold.asset() + " " + onHold.statusProp() + "; the same in " + pages + " pages of 2 (cursor), "
          + bitcoin.size() + " of XBT";
    });
  }

  // ---- withdrawals ----

  private void withdrawals() {
    tour.step("getWithdrawalMethods", () -> {
      List<WithdrawalMethod> methods = spot.listWithdrawalMethods(r -> r.asset("XBT"));
      check(methods.stream().allMatch(m -> m.asset().equals("XXBT")), "another asset in " + methods);
      List<WithdrawalMethod> ethereum = spot.listWithdrawalMethods(r -> r.network("Ethereum"));
      check(!ethereum.isEmpty() && ethereum.stream().allMatch(m -> m.network().equals("Ethereum")),
          "network filter gave " + ethereum);
      return "XBT: " + methods.stream().map(m -> m.method() + " on " + m.network() + " from " + m.minimum())
          .toList() + "; on Ethereum: " + ethereum.stream().map(WithdrawalMethod::asset).toList();
    });
    tour.step("getWithdrawalAddresses", () -> {
      List<WithdrawalAddress> bitcoin = spot.listWithdrawalAddresses(r -> r.asset("XBT"));
      List<WithdrawalAddress> verified = spot.listWithdrawalAddresses(r -> r.asset("XBT").verified(true));
      check(verified.size() < bitcoin.size() && verified.stream().allMatch(WithdrawalAddress::verified),
          "verified filter: " + verified.size() + " of " + bitcoin.size());
      check(verified.stream().anyMatch(a -> a.key().equals("btc-wallet-1")), "btc-wallet-1 is not verified");
      return "XBT: " + bitcoin.stream().map(a -> a.key() + (a.verified() ? " (verified)" : " (unverified)"))
          .toList();
    });
    tour.step("getWithdrawalInfo", () -> {
      BigDecimal amount = new BigDecimal("0.1");
      WithdrawalInfo info = spot.getWithdrawalInfo(r -> r.asset("XBT").key("btc-wallet-1").amount(amount));
      check(info.amount().add(info.fee()).compareTo(amount) == 0, info.amount() + " + fee " + info.fee());
      BigDecimal balance = balance("XXBT");
      check(info.limit().compareTo(balance) <= 0, "limit " + info.limit() + " above the balance " + balance);
      KrakenServiceException unknown = expectError(() ->
          spot.getWithdrawalInfo(r -> r.asset("XBT").key("no-such-key").amount(amount)));
      check(unknown.hasError(SpotErrorCode.FUNDING_UNKNOWN_WITHDRAW_KEY), "unknown key: " + unknown.errors());
      return "0.1 XBT to btc-wallet-1 by " + info.method() + ": fee " + info.fee() + ", " + info.amount()
          + " sent, at most " + info.limit() + " now; an unknown key → " + unknown.code();
    });
    tour.step("withdrawFunds", () -> {
      BigDecimal amount = new BigDecimal("0.1");
      KrakenServiceException capped = expectError(() -> spot.withdrawFunds(r -> r.asset("XBT")
          .key("btc-wallet-1").amount(amount).maxFee(new BigDecimal("0.0001"))));
      check(capped.hasError(SpotErrorCode.FUNDING_MAX_FEE_EXCEEDED), "max_fee: " + capped.errors());
      BigDecimal before = balance("XXBT");
      FundingReference withdrawal =
          spot.withdrawFunds(r -> r.asset("XBT").key("btc-wallet-1").amount(amount));
      withdrawalRefid = withdrawal.refid();
      SpotFundingState state = sandbox.spot().withdrawalState(withdrawalRefid);
      check(state == SpotFundingState.INITIAL, "a new withdrawal is " + state);
      BigDecimal after = balance("XXBT");
      check(before.subtract(after).compareTo(amount) == 0, "the balance moved from " + before + " to " + after);
      return "max_fee 0.0001 → " + capped.code() + "; 0.1 XBT → refid " + withdrawal.refid() + " (Initial), XBT balance "
          + before.stripTrailingZeros().toPlainString() + " → " + after.stripTrailingZeros().toPlainString()
          + " (amount and fee taken at once)";
    });
    tour.step("getWithdrawalStatus", () -> {
      check(withdrawalRefid != null, "withdrawFunds made no withdrawal");
      // One immutable request, sent as often as the application polls: every 20 s of the sandbox's
      // clock (a state lasts a minute there), waited on that clock.
      GetWithdrawalStatusRequest request = GetWithdrawalStatusRequest.builder().asset("XBT").build();
      List<FundingStatus> order = List.of(FundingStatus.INITIAL, FundingStatus.PENDING, FundingStatus.SETTLED,
          FundingStatus.SUCCESS);
      Set<String> states = new LinkedHashSet<>();
      Withdrawal mine = null;
      int last = -1;
      for (int polls = 0; polls < 30; polls++) {
        mine = find(spot.getWithdrawalStatus(request).withdrawals(), w -> w.refid().equals(withdrawalRefid),
            "the withdrawal is not listed");
        int index = order.indexOf(mine.status());
        check(index >= last, "went back from " + order.get(Math.max(last, 0)) + " to " + mine.status());
        last = index;
        // The transaction id appears once the withdrawal is sent, not while it is Initial.
        check(FundingStatus.INITIAL.equals(mine.status()) == (mine.txid() == null), "txid " + mine.txid() + " when "
            + mine.status());
        states.add(mine.status().value() + (mine.txid() == null ? "" : " (txid)"));
        if (FundingStatus.SUCCESS.equals(mine.status())) {
          break;
        }
        sandbox.timeSource().sleep(Duration.ofSeconds(20));
      }
      check(mine != null && FundingStatus.SUCCESS.equals(mine.status()), "ended " + states);
      check(states.size() == order.size(), "only " + states + " seen");
      check(mine.amount().add(mine.fee()).compareTo(new BigDecimal("0.1")) == 0, "amount " + mine.amount());
      check(sandbox.spot().withdrawalState(withdrawalRefid) == SpotFundingState.SUCCESS, "the sandbox has it "
          + sandbox.spot().withdrawalState(withdrawalRefid));
      // The withdrawal the Spot part of the tour cancelled: Failure with status-prop canceled.
      WithdrawalPage page = spot.getWithdrawalStatus(r -> r.cursor(true).limit(3));
      List<Withdrawal> listed = new ArrayList<>(page.withdrawals());
      while (page.nextCursor() != null) {
        String next = page.nextCursor();
        page = spot.getWithdrawalStatus(r -> r.cursor(next).limit(3));
        listed.addAll(page.withdrawals());
      }
      long cancelled = listed.stream().filter(w -> WithdrawalStatusProperty.CANCELED.equals(w.statusProp()))
          .count();
      check(cancelled >= 2, cancelled + " cancelled withdrawals");
      return withdrawalRefid + ": " + String.join(" → ", states) + " (" + mine.amount() + " XBT + fee "
          + mine.fee() + "); all " + listed.size() + " withdrawals in pages of 3, " + cancelled + " cancelled";
    });
    tour.step("walletTransfer", () -> {
      BigDecimal before = balance("XXBT");
      FundingReference transfer = spot.walletTransfer(r -> r.asset("XBT").from(WalletTransferSource.SPOT_WALLET)
          .to(WalletTransferDestination.FUTURES_WALLET).amount(new BigDecimal("0.05")));
      BigDecimal after = balance("XXBT");
      check(before.subtract(after).compareTo(new BigDecimal("0.05")) == 0, "balance " + before + " → " + after);
      return "0.05 XBT Spot Wallet → Futures Wallet: refid " + transfer.refid() + ", XBT balance "
          + before.stripTrailingZeros().toPlainString() + " → " + after.stripTrailingZeros().toPlainString();
    });
  }

  // ---- subaccounts ----

  private void subaccounts() {
    tour.step("createSubaccount", () -> {
      Boolean created = spot.createSubaccount(r -> r.username("desk-2").email("desk-2@example.com"));
      check(Boolean.TRUE.equals(created), "not created");
      String iiban = sandbox.spot().subaccount("desk-2").iiban();
      check(sandbox.spot().subaccount("desk-2").balances().values().stream().allMatch(b -> b.signum() == 0),
          "a new subaccount with funds");
      KrakenServiceException again = expectError(() ->
          spot.createSubaccount(r -> r.username("desk-2").email("desk-2b@example.com")));
      check(again.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "the same username: " + again.errors());
      return "desk-2 created (IIBAN " + iiban + ", empty); the same username again → " + again.errors().get(0);
    });
    tour.step("accountTransfer", () -> {
      String master = sandbox.credentials().userIiban();
      String desk = sandbox.spot().subaccount("desk-2").iiban();
      BigDecimal before = balance("XXBT");
      AccountTransfer transfer = spot.accountTransfer(r -> r.asset("XBT").amount(new BigDecimal("0.25"))
          .from(master).to(desk));
      check(AccountTransferStatus.COMPLETE.equals(transfer.status()), "status " + transfer.status());
      BigDecimal after = balance("XXBT");
      BigDecimal received = sandbox.spot().subaccount("desk-2").balances().getOrDefault("XXBT", BigDecimal.ZERO);
      check(before.subtract(after).compareTo(new BigDecimal("0.25")) == 0, "master " + before + " → " + after);
      check(received.compareTo(new BigDecimal("0.25")) == 0, "desk-2 holds " + received);
      KrakenServiceException unknown = expectError(() -> spot.accountTransfer(r -> r.asset("XBT")
          .amount(BigDecimal.ONE).from(master).to("AA00NOTANACCOUNT")));
      check(unknown.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "unknown IIBAN: " + unknown.errors());
      return "0.25 XBT master → desk-2: " + transfer.transferId() + " " + transfer.status() + "; master "
          + before.stripTrailingZeros().toPlainString() + " → " + after.stripTrailingZeros().toPlainString()
          + ", desk-2 " + received.stripTrailingZeros().toPlainString() + "; to an unknown IIBAN → "
          + unknown.errors().get(0);
    });
  }

  // ---- Earn ----

  private void earn() {
    tour.step("listEarnStrategies", () -> {
      EarnStrategies all = spot.listEarnStrategies();
      EarnStrategy sol = find(all.items(), s -> s.id().equals(SOL_STRATEGY), "no SOL strategy");
      check(Boolean.TRUE.equals(sol.canAllocate()), "cannot allocate to the SOL strategy");
      EarnStrategies bonded = spot.listEarnStrategies(r -> r.lockType(List.of(EarnLockType.BONDED)));
      check(!bonded.items().isEmpty()
          && bonded.items().stream().allMatch(s -> EarnLockType.BONDED.equals(s.lockType().type())),
          "lock_type filter gave " + bonded.items());
      EarnStrategy eth = bonded.items().get(0);
      return all.items().size() + " strategies " + all.items().stream().map(s -> s.asset() + " "
          + s.lockType().type()).toList() + "; SOL " + sol.lockType().type() + " APR " + sol.aprEstimate().low()
          + "-" + sol.aprEstimate().high() + " %, min " + sol.userMinAllocation() + "; bonded " + eth.asset()
          + ": bonding " + Duration.ofSeconds(eth.lockType().bondingPeriod()).toDays() + " d, unbonding "
          + Duration.ofSeconds(eth.lockType().unbondingPeriod()).toDays() + " d";
    });
    BigDecimal amount = new BigDecimal("10");
    BigDecimal[] before = new BigDecimal[2];
    tour.step("allocateEarnFunds", () -> {
      letTheCallCounterDecay();
      KrakenServiceException belowMinimum = expectError(() ->
          spot.allocateEarnFunds(r -> r.strategyId(SOL_STRATEGY).amount(new BigDecimal("0.5"))));
      check(belowMinimum.hasError(SpotErrorCode.EARNINGS_BELOW_MIN), "below minimum: " + belowMinimum.errors());
      before[0] = balance("SOL");
      before[1] = sandbox.spot().earnAllocation(SOL_STRATEGY).allocated();
      Boolean accepted = spot.allocateEarnFunds(r -> r.strategyId(SOL_STRATEGY).amount(amount));
      check(Boolean.TRUE.equals(accepted), "not accepted");
      check(sandbox.spot().earnAllocation(SOL_STRATEGY).pending().compareTo(amount) == 0, "pending " + sandbox.spot().earnAllocation(SOL_STRATEGY).pending());
      KrakenServiceException busy = expectError(() ->
          spot.allocateEarnFunds(r -> r.strategyId(SOL_STRATEGY).amount(amount)));
      check(busy.hasError(SpotErrorCode.EARNINGS_BUSY), "a second allocation: " + busy.errors());
      return "0.5 SOL → " + belowMinimum.code() + "; 10 SOL → accepted (pending +10); another meanwhile → "
          + busy.code();
    });
    tour.step("getAllocateStatus", () -> {
      GetAllocateStatusRequest request = GetAllocateStatusRequest.builder().strategyId(SOL_STRATEGY).build();
      DeallocationStatus first = spot.getAllocateStatus(request);
      DeallocationStatus status = first;
      int polls = 1;
      Instant deadline = Instant.now().plus(POLL_LIMIT);
      while (Boolean.TRUE.equals(status.pending()) && Instant.now().isBefore(deadline)) {
        Thread.sleep(50);
        status = spot.getAllocateStatus(request);
        polls++;
      }
      check(Boolean.TRUE.equals(first.pending()), "the first status was not pending");
      check(Boolean.FALSE.equals(status.pending()), "still pending after " + polls + " polls");
      check(before[0] != null, "allocateEarnFunds did not run");
      BigDecimal balance = balance("SOL");
      BigDecimal allocated = sandbox.spot().earnAllocation(SOL_STRATEGY).allocated();
      check(before[0].subtract(balance).compareTo(amount) == 0, "SOL balance " + before[0] + " → " + balance);
      check(allocated.subtract(before[1]).compareTo(amount) == 0, "allocated " + before[1] + " → " + allocated);
      return "pending → done after " + polls + " polls; SOL balance " + plain(before[0]) + " → " + plain(balance)
          + ", allocated " + plain(before[1]) + " → " + plain(allocated);
    });
    tour.step("listEarnAllocations", () -> {
      EarnAllocations usd = spot.listEarnAllocations();
      EarnAllocation sol = find(usd.items(), a -> a.strategyId().equals(SOL_STRATEGY), "no SOL allocation");
      BigDecimal allocated = sandbox.spot().earnAllocation(SOL_STRATEGY).allocated();
      check(sol.amountAllocated().total()._native().compareTo(allocated) == 0,
          "total " + sol.amountAllocated().total()._native() + " against " + allocated);
      check(sol.amountAllocated().pending() == null, "still pending: " + sol.amountAllocated().pending());
      BigDecimal sum = usd.items().stream().map(a -> a.amountAllocated().total().converted())
          .reduce(BigDecimal.ZERO, BigDecimal::add);
      check(sum.subtract(usd.totalAllocated()).abs().compareTo(new BigDecimal("0.01")) <= 0,
          "items sum to " + sum + ", total_allocated " + usd.totalAllocated());
      EarnAllocations eur = spot.listEarnAllocations(r -> r.convertedAsset("EUR").hideZeroAllocations(true));
      check("EUR".equals(eur.convertedAsset()) && eur.totalAllocated().compareTo(usd.totalAllocated()) < 0,
          "in EUR: " + eur.convertedAsset() + " " + eur.totalAllocated());
      return usd.items().size() + " strategies, " + usd.totalAllocated() + " " + usd.convertedAsset() + " ("
          + eur.totalAllocated() + " " + eur.convertedAsset() + "); SOL " + sol.amountAllocated().total()._native()
          + " = " + sol.amountAllocated().total().converted() + " USD";
    });
  }

  // ---- helpers ----

  /**
   * Waits, on the sandbox's clock, until the key's REST call counter has decayed from its maximum:
   * the next calls go out at once, as an application's do after a quiet spell, so that the real
   * time between them is what an Earn delay is measured against.
   */
  private void letTheCallCounterDecay() throws InterruptedException {
    SpotRateTier tier = SpotRateTier.STARTER; // the demo key's tier and the client's default
    sandbox.timeSource().sleep(tier.decayTime(tier.maximum()));
  }

  /** The test user's balance of an asset by internal name, through the SDK (Balance). */
  private BigDecimal balance(String asset) {
    Map<String, BigDecimal> balances = spot.getBalance();
    return balances.getOrDefault(asset, BigDecimal.ZERO);
  }

  private static String plain(BigDecimal value) {
    return value.stripTrailingZeros().toPlainString();
  }

  private static boolean sortedNewestFirst(List<Long> times) {
    for (int i = 1; i < times.size(); i++) {
      if (times.get(i) > times.get(i - 1)) {
        return false;
      }
    }
    return true;
  }

  private static <T> T find(List<T> items, Predicate<T> wanted, String otherwise) {
    Objects.requireNonNull(items, otherwise + " (no list)");
    return items.stream().filter(wanted).findFirst().orElseThrow(() -> new AssertionError(otherwise));
  }
}
