package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;
import io.github.krakensdk.spot.model.AccountTransfer;
import io.github.krakensdk.spot.model.AccountTransferStatus;
import io.github.krakensdk.spot.model.DepositAddress;
import io.github.krakensdk.spot.model.DepositPage;
import io.github.krakensdk.spot.model.EarnAllocation;
import io.github.krakensdk.spot.model.EarnAllocations;
import io.github.krakensdk.spot.model.EarnLockType;
import io.github.krakensdk.spot.model.EarnPhaseAmount;
import io.github.krakensdk.spot.model.EarnStrategies;
import io.github.krakensdk.spot.model.EarnStrategy;
import io.github.krakensdk.spot.model.FundingStatus;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.WalletTransferDestination;
import io.github.krakensdk.spot.model.WalletTransferSource;
import io.github.krakensdk.spot.model.Withdrawal;
import io.github.krakensdk.spot.model.WithdrawalAddress;
import io.github.krakensdk.spot.model.WithdrawalPage;
import io.github.krakensdk.spot.model.WithdrawalStatusProperty;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.krakensdk.sandbox.SpotFundingState;

/**
 * The funding, subaccount and Earn operations over HTTP, on a clock the tests move: the states the
 * tour cannot wait for (withdrawals, deposit confirmations, bonding and unbonding), refusals in the
 * service's words that change nothing, filters and cursor pages.
 */
class SpotFundingTest {
  static final Duration EARN_DELAY = Duration.ofMinutes(5);
  static final Duration STEP = Duration.ofMinutes(1);
  final MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .earnCompletionDelay(EARN_DELAY).withdrawalStep(STEP));

  // ---- withdrawals ----

  @Test
  void aWithdrawalMovesOnTheClockAndIsCancelledOnlyUntilItIsSent(KrakenClient kraken, Sandbox sandbox) {
    BigDecimal before = balance(kraken, "XXBT");
    String refid = withdraw(kraken, "0.3");
    assertSame("0.3", before.subtract(balance(kraken, "XXBT")), "amount and fee taken at once");
    Withdrawal initial = withdrawal(kraken, refid);
    assertEquals(FundingStatus.INITIAL, initial.status());
    assertNull(initial.txid(), "no transaction before it is sent");
    assertSame("0.3", initial.amount().add(initial.fee()));
    assertEquals("btc-wallet-1", initial.key());

    clock.advance(STEP);
    Withdrawal pending = withdrawal(kraken, refid);
    assertEquals(FundingStatus.PENDING, pending.status());
    assertNotNull(pending.txid());
    assertEquals(Boolean.TRUE, kraken.spot().cancelWithdrawal(r -> r.asset("XBT").refid(refid)));
    assertSame("0", before.subtract(balance(kraken, "XXBT")), "amount and fee returned");
    Withdrawal cancelled = withdrawal(kraken, refid);
    assertEquals(FundingStatus.FAILURE, cancelled.status());
    assertEquals(WithdrawalStatusProperty.CANCELED, cancelled.statusProp());

    String sent = withdraw(kraken, "0.3");
    clock.advance(STEP.multipliedBy(2));
    assertEquals(FundingStatus.SETTLED, withdrawal(kraken, sent).status());
    KrakenServiceException processed = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().cancelWithdrawal(r -> r.asset("XBT").refid(sent)));
    assertEquals(List.of(SpotFamily.ALREADY_PROCESSED), processed.errors());
    clock.advance(STEP);
    assertEquals(FundingStatus.SUCCESS, withdrawal(kraken, sent).status());
    assertEquals(SpotFundingState.SUCCESS, sandbox.spot().withdrawalState(sent));
    assertSame("0.3", before.subtract(balance(kraken, "XXBT")), "success moves nothing more");
  }

  @Test
  void withdrawalRefusalsInTheServicesWordsMoveNothing(KrakenClient kraken) {
    BigDecimal before = balance(kraken, "XXBT");
    int withdrawals = kraken.spot().getWithdrawalStatus().withdrawals().size();
    assertRefused("EFunding:Unknown withdraw key",
        () -> kraken.spot().withdrawFunds(r -> r.asset("XBT").key("nope").amount(new BigDecimal("0.1"))));
    assertRefused("EFunding:Unknown withdraw key", () -> kraken.spot().withdrawFunds(r -> r.asset("XBT")
        .key("eth-cold").amount(new BigDecimal("0.1"))), "a key of another asset");
    assertRefused("EFunding:Invalid amount", () -> kraken.spot().withdrawFunds(r -> r.asset("XBT")
        .key("btc-wallet-1").amount(new BigDecimal("0.0001"))), "under the method's minimum");
    assertRefused("EFunding:Insufficient funds", () -> kraken.spot().withdrawFunds(r -> r.asset("XBT")
        .key("btc-wallet-1").amount(new BigDecimal("500"))));
    assertRefused("EFunding:Invalid withdrawal address", () -> kraken.spot().withdrawFunds(r -> r.asset("XBT")
        .key("btc-wallet-1").address("bc1qsomewhereelse").amount(new BigDecimal("0.1"))));
    assertRefused("EFunding:Max fee exceeded", () -> kraken.spot().withdrawFunds(r -> r.asset("XBT")
        .key("btc-wallet-1").amount(new BigDecimal("0.1")).maxFee(new BigDecimal("0.0001"))));
    assertRefused("EQuery:Unknown asset", () -> kraken.spot().withdrawFunds(r -> r.asset("NOPE")
        .key("btc-wallet-1").amount(new BigDecimal("0.1"))));
    assertRefused("EFunding:Invalid amount", () -> kraken.spot().getWithdrawalInfo(r -> r.asset("XBT")
        .key("btc-wallet-1").amount(new BigDecimal("0.00015"))), "not more than the fee");
    assertSame("0", before.subtract(balance(kraken, "XXBT")));
    assertEquals(withdrawals, kraken.spot().getWithdrawalStatus().withdrawals().size());

    // The fee at or under max_fee is accepted.
    assertNotNull(kraken.spot().withdrawFunds(r -> r.asset("XBT").key("btc-wallet-1")
        .amount(new BigDecimal("0.1")).maxFee(new BigDecimal("0.00015"))).refid());
  }

  @Test
  void withdrawalInfoQuotesWhatWithdrawWouldDo(KrakenClient kraken) {
    var info = kraken.spot().getWithdrawalInfo(r -> r.asset("ETH").key("eth-cold").amount(new BigDecimal("2")));
    assertEquals("Ether", info.method());
    assertSame("0.0015", info.fee());
    assertSame("1.9985", info.amount());
    assertSame(balance(kraken, "XETH").subtract(info.fee()).toPlainString(), info.limit());
    String refid = kraken.spot().withdrawFunds(r -> r.asset("ETH").key("eth-cold").amount(new BigDecimal("2")))
        .refid();
    Withdrawal made = withdrawal(kraken, refid);
    assertSame(info.amount().toPlainString(), made.amount());
    assertSame(info.fee().toPlainString(), made.fee());
  }

  @Test
  void withdrawalStatusFiltersAndCursorPages(KrakenClient kraken) {
    withdraw(kraken, "0.1");
    clock.advance(Duration.ofHours(1));
    withdraw(kraken, "0.2");
    List<Withdrawal> all = kraken.spot().getWithdrawalStatus().withdrawals();
    assertEquals(8, all.size(), "six seeded and two new");
    for (int i = 1; i < all.size(); i++) {
      assertTrue(all.get(i - 1).time() >= all.get(i).time(), "newest first");
    }
    assertTrue(kraken.spot().getWithdrawalStatus(r -> r.asset("XBT")).withdrawals().stream()
        .allMatch(w -> w.asset().equals("XXBT")));
    assertEquals(List.of("Ether"), kraken.spot().getWithdrawalStatus(r -> r.method("Ether")).withdrawals()
        .stream().map(Withdrawal::method).distinct().toList());
    String lastHour = Long.toString(clock.instant().minus(Duration.ofMinutes(30)).getEpochSecond());
    assertEquals(1, kraken.spot().getWithdrawalStatus(r -> r.start(lastHour)).withdrawals().size());
    assertEquals(all.size() - 1, kraken.spot().getWithdrawalStatus(r -> r.end(lastHour)).withdrawals().size());

    List<String> paged = new ArrayList<>();
    WithdrawalPage page = kraken.spot().getWithdrawalStatus(r -> r.cursor(true).limit(3));
    int pages = 1;
    paged.addAll(page.withdrawals().stream().map(Withdrawal::refid).toList());
    while (page.nextCursor() != null) {
      String cursor = page.nextCursor();
      page = kraken.spot().getWithdrawalStatus(r -> r.cursor(cursor).limit(3));
      paged.addAll(page.withdrawals().stream().map(Withdrawal::refid).toList());
      pages++;
    }
    assertEquals(3, pages);
    assertEquals(all.stream().map(Withdrawal::refid).toList(), paged);
    assertRefused("EGeneral:Invalid arguments:cursor",
        () -> kraken.spot().getWithdrawalStatus(r -> r.cursor("bm90LWEtcmVmaWQ")));
  }

  @Test
  void withdrawalMethodsAndAddressesFilters(KrakenClient kraken) {
    assertEquals(List.of("SEPA"), kraken.spot().listWithdrawalMethods(r -> r.asset("EUR")).stream()
        .map(m -> m.method()).toList());
    assertEquals(List.of("Bitcoin Lightning"), kraken.spot().listWithdrawalMethods(r -> r.network("Lightning"))
        .stream().map(m -> m.method()).toList());
    List<WithdrawalAddress> unverified = kraken.spot().listWithdrawalAddresses(r -> r.verified(false));
    assertEquals(List.of("btc-wallet-2"), unverified.stream().map(WithdrawalAddress::key).toList());
    assertEquals(List.of("eth-cold"), kraken.spot().listWithdrawalAddresses(r -> r.method("Ether")).stream()
        .map(WithdrawalAddress::key).toList());
    assertEquals(1, kraken.spot().listWithdrawalAddresses(r -> r.key("usdc-ledger")).size());
    assertEquals(List.of(), kraken.spot().listWithdrawalAddresses(r -> r.key("nope")));
  }

  // ---- Spot to Futures ----

  @Test
  void walletTransferMovesSpotFundsOnlyToTheFuturesWallet(KrakenClient kraken, Sandbox sandbox) {
    BigDecimal before = balance(kraken, "USDC");
    assertNotNull(kraken.spot().walletTransfer(r -> r.asset("USDC").from(WalletTransferSource.SPOT_WALLET)
        .to(WalletTransferDestination.FUTURES_WALLET).amount(new BigDecimal("1500"))).refid());
    assertSame("1500", before.subtract(balance(kraken, "USDC")));
    // The other direction is the Futures API's: the SDK does not send it, and the sandbox refuses it.
    assertThrows(ConstraintViolationException.class, () -> kraken.spot().walletTransfer(r -> r.asset("USDC")
        .from(WalletTransferSource.of("Futures Wallet")).to(WalletTransferDestination.of("Spot Wallet"))
        .amount(BigDecimal.ONE)));
    Raw.Answer reversed = new Raw(sandbox).spot("/0/private/WalletTransfer", sandbox.credentials().spot(),
        Raw.nonce(), "\"asset\":\"USDC\",\"from\":\"Futures Wallet\",\"to\":\"Spot Wallet\",\"amount\":\"1\"");
    assertTrue(reversed.body().startsWith("{\"error\":[\"EGeneral:Invalid arguments"), reversed.body());
    assertRefused("EFunding:Insufficient funds", () -> kraken.spot().walletTransfer(r -> r.asset("USDC")
        .from(WalletTransferSource.SPOT_WALLET).to(WalletTransferDestination.FUTURES_WALLET)
        .amount(new BigDecimal("1000000"))));
    assertSame("1500", before.subtract(balance(kraken, "USDC")));
  }

  @Test
  void aWalletTransferIsAWithdrawalToTheFuturesWalletThatCanBeCancelledUntilSent(KrakenClient kraken) {
    BigDecimal before = balance(kraken, "XXBT");
    int listed = kraken.spot().getWithdrawalStatus().withdrawals().size();
    String first = transfer(kraken, "0.2");
    String second = transfer(kraken, "0.3");
    assertSame("0.5", before.subtract(balance(kraken, "XXBT")));
    assertEquals(listed, kraken.spot().getWithdrawalStatus().withdrawals().size(), "not listed as withdrawals");

    clock.advance(STEP);
    assertEquals(Boolean.TRUE, kraken.spot().cancelWithdrawal(r -> r.asset("XBT").refid(first)));
    assertSame("0.3", before.subtract(balance(kraken, "XXBT")), "the cancelled transfer came back");
    clock.advance(STEP);
    assertRefused(SpotFamily.ALREADY_PROCESSED,
        () -> kraken.spot().cancelWithdrawal(r -> r.asset("XBT").refid(second)));
    assertRefused(SpotFamily.ALREADY_CANCELLED,
        () -> kraken.spot().cancelWithdrawal(r -> r.asset("XBT").refid(first)));
    assertSame("0.3", before.subtract(balance(kraken, "XXBT")));
  }

  // ---- deposits ----

  @Test
  void aDepositIsSettledThenSuccessAndCreditedWithoutAnyoneAskingForItsStatus(KrakenClient kraken,
      Sandbox sandbox) {
    DepositAddress address = kraken.spot().listDepositAddresses(r -> r.asset("ETH").method("Ether (Hex)")._new(true))
        .get(0);
    BigDecimal before = balance(kraken, "XETH");
    String refid = sandbox.spot().arriveDeposit("ETH", "Ether (Hex)", new BigDecimal("3.25")).refid();
    var settled = kraken.spot().getDepositStatus(r -> r.asset("ETH")).deposits().get(0);
    assertEquals(refid, settled.refid());
    assertEquals(FundingStatus.SETTLED, settled.status());
    assertEquals(address.address(), settled.info());
    assertSame("0", balance(kraken, "XETH").subtract(before), "not credited while confirming");
    assertNull(kraken.spot().listDepositAddresses(r -> r.asset("ETH").method("Ether (Hex)")).get(0)._new(),
        "the address is used now");

    clock.advance(Duration.ofMinutes(10));
    // Balance alone: the confirmation is booked before the exchange answers.
    assertSame("3.25", balance(kraken, "XETH").subtract(before));
    assertEquals(SpotFundingState.SUCCESS, sandbox.spot().depositState(refid));
    assertEquals(FundingStatus.SUCCESS, kraken.spot().getDepositStatus(r -> r.asset("ETH")).deposits().get(0)
        .status());
    assertSame("3.25", balance(kraken, "XETH").subtract(before), "credited once");
  }

  @Test
  void depositAddressRefusals(KrakenClient kraken) {
    for (int i = kraken.spot().listDepositAddresses(r -> r.asset("SOL").method("Solana")).size(); i < 10; i++) {
      kraken.spot().listDepositAddresses(r -> r.asset("SOL").method("Solana")._new(true));
    }
    assertEquals(10, kraken.spot().listDepositAddresses(r -> r.asset("SOL").method("Solana")).size());
    assertRefused("EFunding:Too many addresses",
        () -> kraken.spot().listDepositAddresses(r -> r.asset("SOL").method("Solana")._new(true)));
    assertRefused("EFunding:No funding method",
        () -> kraken.spot().listDepositAddresses(r -> r.asset("EUR").method("SEPA")), "no addresses for a bank");
    assertRefused("EFunding:No funding method",
        () -> kraken.spot().listDepositAddresses(r -> r.asset("XBT").method("Dogecoin")));
    assertRefused("EGeneral:Invalid arguments:amount",
        () -> kraken.spot().listDepositAddresses(r -> r.asset("XBT").method("Bitcoin Lightning")));
    assertRefused("EQuery:Unknown asset", () -> kraken.spot().listDepositMethods(r -> r.asset("NOPE")));
  }

  @Test
  void depositStatusFiltersAndCursorPages(KrakenClient kraken, Sandbox sandbox) {
    sandbox.spot().arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.5")).refid();
    List<String> all = kraken.spot().getDepositStatus().deposits().stream().map(d -> d.refid()).toList();
    assertEquals(5, all.size());
    assertEquals(2, kraken.spot().getDepositStatus(r -> r.method("Bitcoin")).deposits().size());
    String dayAgo = Long.toString(clock.instant().minus(Duration.ofHours(36)).getEpochSecond());
    assertEquals(2, kraken.spot().getDepositStatus(r -> r.start(dayAgo)).deposits().size());
    assertEquals(3, kraken.spot().getDepositStatus(r -> r.end(dayAgo)).deposits().size());

    // cursor is a boolean (page or not) or a string (the next page's cursor), as the service documents.
    DepositPage first = kraken.spot().getDepositStatus(r -> r.cursor(true).limit(4));
    assertEquals(all.subList(0, 4), first.deposits().stream().map(d -> d.refid()).toList());
    DepositPage last = kraken.spot().getDepositStatus(r -> r.cursor(first.nextCursor()).limit(4));
    assertEquals(all.subList(4, 5), last.deposits().stream().map(d -> d.refid()).toList());
    assertNull(last.nextCursor());
    assertNull(kraken.spot().getDepositStatus(r -> r.cursor(false)).nextCursor(), "false: the plain list");
    // The text forms a form body carries ("true", "false") are read alike.
    assertEquals(first, kraken.spot().getDepositStatus(r -> r.cursor("true").limit(4)));
    assertNull(kraken.spot().getDepositStatus(r -> r.cursor("false")).nextCursor());
    // Neither a boolean nor a string: refused before sending, naming the member and its types.
    ConstraintViolationException number = assertThrows(ConstraintViolationException.class,
        () -> kraken.spot().getDepositStatus(r -> r.cursor(1)));
    assertTrue(number.getMessage().contains("cursor") && number.getMessage().contains("boolean or string"),
        number.getMessage());
  }

  // ---- subaccounts ----

  @Test
  void subaccountsAreFundedAndEmptiedByAccountTransfer(KrakenClient kraken, Sandbox sandbox) {
    String master = sandbox.credentials().userIiban();
    assertEquals(Boolean.TRUE, kraken.spot().createSubaccount(r -> r.username("desk-7").email("desk7@example.com")));
    String desk = sandbox.spot().subaccount("desk-7").iiban();
    assertRefused("EGeneral:Invalid arguments:email", () -> kraken.spot()
        .createSubaccount(r -> r.username("desk-8").email("DESK7@example.com")), "an e-mail already used");

    BigDecimal before = balance(kraken, "ZUSD");
    AccountTransfer in = kraken.spot().accountTransfer(r -> r.asset("USD").amount(new BigDecimal("1000"))
        .from(master).to(spaced(desk)));
    assertEquals(AccountTransferStatus.COMPLETE, in.status());
    assertTrue(in.transferId().startsWith("T"), in.transferId());
    AccountTransfer back = kraken.spot().accountTransfer(r -> r.asset("ZUSD").amount(new BigDecimal("400"))
        .from(desk).to(master));
    assertFalse(back.transferId().equals(in.transferId()));
    assertSame("600", before.subtract(balance(kraken, "ZUSD")));
    assertSame("600", sandbox.spot().subaccount("desk-7").balances().get("ZUSD"));

    assertRefused("EFunding:Insufficient funds", () -> kraken.spot().accountTransfer(r -> r.asset("USD")
        .amount(new BigDecimal("601")).from(desk).to(master)));
    assertRefused("EGeneral:Invalid arguments:to", () -> kraken.spot().accountTransfer(r -> r.asset("USD")
        .amount(BigDecimal.ONE).from(master).to(master)), "to itself");
    assertRefused("EGeneral:Invalid arguments:from", () -> kraken.spot().accountTransfer(r -> r.asset("USD")
        .amount(BigDecimal.ONE).from("AA00 0000 0000 0000").to(master)), "an account that is not the master's");
    assertSame("600", sandbox.spot().subaccount("desk-7").balances().get("ZUSD"));
  }

  // ---- Earn ----

  @Test
  void aBondedAllocationBondsEarnsThenUnbondsBackToTheSpotWallet(KrakenClient kraken) {
    String bonded = Earn.STRATEGY_ETH_BONDED;
    BigDecimal before = balance(kraken, "XETH");
    assertEquals(Boolean.TRUE, kraken.spot().allocateEarnFunds(r -> r.strategyId(bonded).amount(new BigDecimal("2"))));
    assertTrue(kraken.spot().getAllocateStatus(r -> r.strategyId(bonded)).pending());
    assertSame("2", allocation(kraken, bonded).amountAllocated().pending()._native());
    assertSame("0", balance(kraken, "XETH").subtract(before), "nothing moves before completion");

    clock.advance(EARN_DELAY);
    assertFalse(kraken.spot().getAllocateStatus(r -> r.strategyId(bonded)).pending());
    assertSame("-2", balance(kraken, "XETH").subtract(before));
    // The ledger's entry for it: type earn, subtype allocation (the extension checks it against the contract).
    LedgerEntry entry = kraken.spot().getLedgers(r -> r.asset("ETH")).ledger().values().iterator().next();
    assertEquals(List.of("earn", "allocation"), List.of(entry.type().value(), entry.subtype()));
    assertSame("-2", entry.amount());
    EarnPhaseAmount bonding = allocation(kraken, bonded).amountAllocated().bonding();
    assertSame("2", bonding._native());
    assertEquals(1, bonding.allocationCount());
    OffsetDateTime created = bonding.allocations().get(0).createdAt();
    assertEquals(Duration.ofDays(3), Duration.between(created, bonding.allocations().get(0).expires()));

    clock.advance(Duration.ofDays(3));
    EarnAllocation earning = allocation(kraken, bonded);
    assertNull(earning.amountAllocated().bonding(), "bonded: earning now");
    assertSame("2", earning.amountAllocated().total()._native());

    assertEquals(Boolean.TRUE,
        kraken.spot().deallocateEarnFunds(r -> r.strategyId(bonded).amount(new BigDecimal("1.5"))));
    clock.advance(EARN_DELAY);
    assertFalse(kraken.spot().getDeallocateStatus(r -> r.strategyId(bonded)).pending());
    EarnPhaseAmount unbonding = allocation(kraken, bonded).amountAllocated().unbonding();
    assertSame("1.5", unbonding._native());
    assertSame("-2", balance(kraken, "XETH").subtract(before), "unbonding: not back yet");
    clock.advance(Duration.ofDays(7));
    assertSame("-0.5", balance(kraken, "XETH").subtract(before), "back in the spot wallet");
    assertSame("0.5", allocation(kraken, bonded).amountAllocated().total()._native());
  }

  @Test
  void earnRefusalsAndAnAllocationThatFailsOnCompletion(KrakenClient kraken) {
    assertRefused("EGeneral:Invalid arguments:Invalid strategy ID",
        () -> kraken.spot().allocateEarnFunds(r -> r.strategyId("ESNOPE0-00000-000000").amount(BigDecimal.TEN)));
    assertRefused("EGeneral:Permission denied", () -> kraken.spot().allocateEarnFunds(r -> r
        .strategyId(Earn.STRATEGY_USDC).amount(new BigDecimal("100"))), "flex: switched on account-wide only");
    KrakenServiceException below = assertThrows(KrakenServiceException.class, () -> kraken.spot()
        .allocateEarnFunds(r -> r.strategyId(Earn.STRATEGY_SOL).amount(new BigDecimal("0.5"))));
    // Allocate words it as the service's reference does; Deallocate keeps the seed's wording.
    assertEquals(List.of("EEarnings:Below min:(De)allocation operation amount less than minimum"), below.errors());
    assertFalse(kraken.spot().getAllocateStatus(r -> r.strategyId(Earn.STRATEGY_SOL)).pending());

    // More than the spot balance: accepted by the preflight checks, failing when it runs.
    BigDecimal sol = balance(kraken, "SOL");
    assertEquals(Boolean.TRUE, kraken.spot().allocateEarnFunds(r -> r.strategyId(Earn.STRATEGY_SOL)
        .amount(sol.add(BigDecimal.ONE))));
    clock.advance(EARN_DELAY);
    KrakenServiceException failed = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().getAllocateStatus(r -> r.strategyId(Earn.STRATEGY_SOL)));
    assertTrue(failed.hasError(SpotErrorCode.EARNINGS_INSUFFICIENT_FUNDS), failed.errors().toString());
    assertSame("0", balance(kraken, "SOL").subtract(sol));
    assertEquals(Boolean.TRUE, kraken.spot().allocateEarnFunds(r -> r.strategyId(Earn.STRATEGY_SOL)
        .amount(BigDecimal.ONE)), "the strategy is free again");
  }

  @Test
  void strategiesFilterSortAndPage(KrakenClient kraken) {
    EarnStrategies all = kraken.spot().listEarnStrategies();
    assertEquals(4, all.items().size());
    assertNull(all.nextCursor());
    List<String> descending = all.items().stream().map(EarnStrategy::id).toList();
    List<String> ascending = kraken.spot().listEarnStrategies(r -> r.ascending(true)).items().stream()
        .map(EarnStrategy::id).toList();
    List<String> reversed = new ArrayList<>(ascending);
    Collections.reverse(reversed);
    assertEquals(descending, reversed);
    assertEquals(2, kraken.spot().listEarnStrategies(r -> r.asset("ETH")).items().size());
    assertEquals(3, kraken.spot().listEarnStrategies(r -> r.lockType(List.of(EarnLockType.INSTANT,
        EarnLockType.BONDED))).items().size());
    EarnStrategy flex = kraken.spot().listEarnStrategies(r -> r.lockType(List.of(EarnLockType.FLEX))).items().get(0);
    assertFalse(flex.canAllocate());

    List<String> paged = new ArrayList<>();
    EarnStrategies page = kraken.spot().listEarnStrategies(r -> r.limit(3));
    paged.addAll(page.items().stream().map(EarnStrategy::id).toList());
    String cursor = page.nextCursor();
    assertNotNull(cursor);
    paged.addAll(kraken.spot().listEarnStrategies(r -> r.limit(3).cursor(cursor)).items().stream()
        .map(EarnStrategy::id).toList());
    assertEquals(descending, paged);
  }

  @Test
  void allocationsInAnotherAssetAndWithoutEmptyStrategies(KrakenClient kraken) {
    EarnAllocations usd = kraken.spot().listEarnAllocations();
    EarnAllocations eur = kraken.spot().listEarnAllocations(r -> r.convertedAsset("EUR"));
    assertEquals("EUR", eur.convertedAsset());
    assertEquals(usd.items().size(), eur.items().size());
    assertTrue(eur.totalAllocated().compareTo(usd.totalAllocated()) < 0, "a euro is worth more than a dollar");
    assertRefused("EGeneral:Invalid arguments:converted_asset",
        () -> kraken.spot().listEarnAllocations(r -> r.convertedAsset("NOPE")));

    kraken.spot().deallocateEarnFunds(r -> r.strategyId(Earn.STRATEGY_SOL).amount(new BigDecimal("250")));
    clock.advance(EARN_DELAY);
    assertSame("0", allocation(kraken, Earn.STRATEGY_SOL).amountAllocated().total()._native());
    assertFalse(kraken.spot().listEarnAllocations(r -> r.hideZeroAllocations(true)).items().stream()
        .anyMatch(a -> a.strategyId().equals(Earn.STRATEGY_SOL)));
  }

  // ---- helpers ----

  private static String withdraw(KrakenClient kraken, String amount) {
    return kraken.spot().withdrawFunds(r -> r.asset("XBT").key("btc-wallet-1").amount(new BigDecimal(amount)))
        .refid();
  }

  private static String transfer(KrakenClient kraken, String amount) {
    return kraken.spot().walletTransfer(r -> r.asset("XBT").from(WalletTransferSource.SPOT_WALLET)
        .to(WalletTransferDestination.FUTURES_WALLET).amount(new BigDecimal(amount))).refid();
  }

  private static Withdrawal withdrawal(KrakenClient kraken, String refid) {
    return kraken.spot().getWithdrawalStatus().withdrawals().stream().filter(w -> w.refid().equals(refid))
        .findFirst().orElseThrow(() -> new AssertionError("no withdrawal " + refid));
  }

  private static EarnAllocation allocation(KrakenClient kraken, String strategy) {
    return kraken.spot().listEarnAllocations().items().stream().filter(a -> a.strategyId().equals(strategy))
        .findFirst().orElseThrow(() -> new AssertionError("no allocation to " + strategy));
  }

  private static BigDecimal balance(KrakenClient kraken, String asset) {
    Map<String, BigDecimal> balances = kraken.spot().getBalance();
    return balances.getOrDefault(asset, BigDecimal.ZERO);
  }

  /** An IIBAN as Kraken's site prints it, in groups of four. */
  private static String spaced(String iiban) {
    return iiban.replaceAll("(.{4})(?!$)", "$1 ");
  }

  private static void assertSame(String expected, BigDecimal actual) {
    assertSame(expected, actual, "");
  }

  private static void assertSame(String expected, BigDecimal actual, String message) {
    assertNotNull(actual, message);
    assertEquals(0, new BigDecimal(expected).compareTo(actual), message + ": " + actual + " is not " + expected);
  }

  private static void assertRefused(String error, Executable call) {
    assertRefused(error, call, "");
  }

  private static void assertRefused(String error, Executable call, String message) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class, call, message);
    assertEquals(List.of(error), e.errors().stream().map(s -> s.startsWith(error) ? error : s).toList(),
        message + " " + e.errors());
  }
}
