package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.embed.EmbedState;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.DepositAddress;
import io.github.krakensdk.embed.model.DepositAddressPage;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.FundingTransaction;
import io.github.krakensdk.embed.model.FundingTransactionPage;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.FundingTransactionType;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.embed.model.WithdrawFundsRequest;
import io.github.krakensdk.embed.model.WithdrawalMethod;
import io.github.krakensdk.embed.model.WithdrawalResult;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Embed funds through the SDK: deposit addresses, deposits, withdrawals and their states. */
class EmbedFundsTest {
  static final String USER = Seed.USER_IIBAN;
  static final UUID BITCOIN = UUID.fromString("6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13");
  static final UUID LIGHTNING = UUID.fromString("2a7e9c41-5d3b-4f86-8e2a-1b9c0d4e7f65");
  final MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .withdrawalStep(Duration.ofMinutes(1)));

  // ---- deposit addresses and deposits ----

  @Test
  void anAddressIsIssuedOncePerUserAndMethod(KrakenClient kraken) {
    DepositAddress first = kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(BITCOIN));
    DepositAddress again = kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(BITCOIN));
    DepositAddress lightning = kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(LIGHTNING));
    DepositAddress otherUser = kraken.embed().createDepositAddress(r -> r.user(Seed.SECOND_USER_IIBAN).asset("BTC")
        .methodId(BITCOIN));

    assertTrue(first.isNew());
    assertTrue(first.address().startsWith("bc1q"), first.address());
    assertFalse(again.isNew());
    assertEquals(first.address(), again.address());
    assertTrue(lightning.isNew());
    assertNotEquals(first.address(), lightning.address());
    assertNotEquals(first.address(), otherUser.address());
    DepositAddressPage listed = kraken.embed().listDepositAddresses(r -> r.user(USER).asset("BTC").methodId(BITCOIN.toString()));
    assertEquals(List.of(first.address()), listed.addresses().stream().map(a -> a.address()).toList());
    assertNull(listed.nextCursor());
    assertNull(listed.addresses().get(0).lastDepositAt());
  }

  @Test
  void aMethodOfAnotherAssetOrAnUnknownAssetIsRefused(KrakenClient kraken) {
    KrakenServiceException method = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().createDepositAddress(r -> r.user(USER).asset("ETH").methodId(BITCOIN)));
    assertTrue(method.hasError(EmbedErrorCode.FUNDING_UNKNOWN_DEPOSIT_METHOD), method.errors().toString());
    KrakenServiceException asset = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listDepositAddresses(r -> r.user(USER).asset("DOGE").methodId(BITCOIN.toString())));
    assertTrue(asset.hasError(EmbedErrorCode.NEXUS_UNKNOWN_ASSET), asset.errors().toString());
  }

  @Test
  void aDepositConfirmsOnTheClockCreditsTheBalanceAndAnnouncesEachState(KrakenClient kraken, Sandbox sandbox) {
    assertThrows(IllegalArgumentException.class, () -> sandbox.embed().deposit(USER, "BTC", BigDecimal.ONE),
        "no address yet");
    kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(BITCOIN));
    BigDecimal before = sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO);

    String ref = sandbox.embed().deposit(USER, "BTC", new BigDecimal("0.25"));

    assertEquals(FundingTransactionStatus.PENDING, sandbox.embed().transferStatus(ref).orElseThrow());
    assertEquals(0, before.compareTo(sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO)), "credited before it confirmed");
    clock.advance(Duration.ofSeconds(59));
    assertEquals(FundingTransactionStatus.PENDING, sandbox.embed().transferStatus(ref).orElseThrow());
    clock.advance(Duration.ofSeconds(1));
    assertEquals(FundingTransactionStatus.SUCCESS, sandbox.embed().transferStatus(ref).orElseThrow());
    assertEquals(0, before.add(new BigDecimal("0.25")).compareTo(sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO)));

    // A user's deposits are the user's portfolio transactions (listFundingTransactions is the partner's own).
    assertEquals(1, userTransactions(kraken, PortfolioTransactionType.DEPOSIT, ref).size());
    assertEquals(List.of(), kraken.embed().listFundingTransactions(r -> r.type(FundingTransactionType.DEPOSIT))
        .transactions(), "a user's deposit is not the partner's");
    assertNotNull(kraken.embed().listDepositAddresses(r -> r.user(USER).asset("BTC").methodId(BITCOIN.toString()))
        .addresses().get(0).lastDepositAt());
    List<EmbedState.Event> events = sandbox.embedFundsEvents();
    assertEquals(List.of("deposit.status_updated", "deposit.status_updated"),
        events.stream().map(EmbedState.Event::type).toList());
    assertEquals(List.of("pending", "success"), events.stream().map(e -> e.data().get("status")).toList());
    assertEquals(USER, events.get(0).iiban());
    assertEquals(ref, events.get(1).data().get("transaction_id"));
  }

  @Test
  void onlyAVerifiedEnabledUserMovesFunds(KrakenClient kraken, Sandbox sandbox) {
    String unverified = "AA77NEWUSER00001";
    // A user of the demo partner who has not passed verification.
    sandbox.fundsState().addUser(unverified, new EmbedFamily.Partner("demo partner"), UserProfileUpdate.builder().build());
    KrakenServiceException address = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().createDepositAddress(r -> r.user(unverified).asset("BTC").methodId(BITCOIN)));
    assertEquals(403, address.httpStatus());
    assertTrue(address.hasError(EmbedErrorCode.GENERAL_PERMISSION_DENIED));
    KrakenServiceException withdrawal = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().withdrawFunds(r -> r.user(unverified).asset("BTC").key("k")
            .amount(new BigDecimal("0.01")).idempotencyToken(UUID.randomUUID())));
    assertEquals(403, withdrawal.httpStatus());
  }

  // ---- withdrawals ----

  @Test
  void aWithdrawalWithAFreshFeeTokenTakesAmountAndFeeAndMovesThroughItsStates(KrakenClient kraken,
      Sandbox sandbox) {
    WithdrawalMethod method = bitcoinWithdrawalMethod(kraken);
    sandbox.embed().saveWithdrawalAddress(USER, "BTC", method.methodId().toString(), "cold", "bc1qexample");
    BigDecimal before = sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO);

    WithdrawalResult made = kraken.embed().withdrawFunds(r -> r.user(USER).asset("BTC").key("cold")
        .amount(new BigDecimal("0.1")).idempotencyToken(UUID.randomUUID()).feeToken(method.feeToken()));

    assertEquals(0, made.fee().compareTo(method.fee().amount()));
    assertEquals(0, made.total().compareTo(new BigDecimal("0.1").add(made.fee())));
    assertEquals(0, before.subtract(made.total()).compareTo(sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO)));
    assertEquals(FundingTransactionStatus.INITIAL, sandbox.embed().transferStatus(made.refId()).orElseThrow());
    clock.advance(Duration.ofMinutes(1));
    assertEquals(FundingTransactionStatus.PENDING, sandbox.embed().transferStatus(made.refId()).orElseThrow());
    clock.advance(Duration.ofMinutes(1));
    assertEquals(FundingTransactionStatus.SUCCESS, sandbox.embed().transferStatus(made.refId()).orElseThrow());
    assertEquals(List.of("initial", "pending", "success"), sandbox.embedFundsEvents().stream()
        .filter(e -> e.type().equals("withdrawal.status_updated")).map(e -> e.data().get("status")).toList());
  }

  @Test
  void theSameIdempotencyTokenReturnsTheFirstAnswerAndADifferentRequestWithItConflicts(KrakenClient kraken,
      Sandbox sandbox) {
    WithdrawalMethod method = bitcoinWithdrawalMethod(kraken);
    sandbox.embed().saveWithdrawalAddress(USER, "BTC", method.methodId().toString(), "cold", "bc1qexample");
    WithdrawFundsRequest request = WithdrawFundsRequest.builder().user(USER).asset("BTC").key("cold")
        .amount(new BigDecimal("0.1")).idempotencyToken(UUID.randomUUID()).build();

    WithdrawalResult first = kraken.embed().withdrawFunds(request);
    BigDecimal after = sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO);
    WithdrawalResult second = kraken.embed().withdrawFunds(request);

    assertEquals(first, second);
    assertEquals(0, after.compareTo(sandbox.embed().balances(USER).getOrDefault("BTC", BigDecimal.ZERO)), "withdrawn twice");
    KrakenServiceException conflict = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().withdrawFunds(request.toBuilder().amount(new BigDecimal("0.2")).build()));
    assertEquals(409, conflict.httpStatus());
    assertTrue(conflict.hasError(EmbedErrorCode.NEXUS_CONFLICT));
    assertEquals(1, userTransactions(kraken, PortfolioTransactionType.WITHDRAWAL, first.refId()).size());
  }

  @Test
  void aFeeTokenServesOneWithdrawalForTenMinutes(KrakenClient kraken, Sandbox sandbox) {
    WithdrawalMethod method = bitcoinWithdrawalMethod(kraken);
    sandbox.embed().saveWithdrawalAddress(USER, "BTC", method.methodId().toString(), "cold", "bc1qexample");
    WithdrawFundsRequest.Builder request = WithdrawFundsRequest.builder().user(USER).asset("BTC").key("cold")
        .amount(new BigDecimal("0.01"));

    clock.advance(Duration.ofMinutes(10));
    KrakenServiceException stale = assertThrows(KrakenServiceException.class, () -> kraken.embed()
        .withdrawFunds(request.idempotencyToken(UUID.randomUUID()).feeToken(method.feeToken()).build()));
    assertTrue(stale.hasError(EmbedErrorCode.FUNDING_INVALID_FEE_TOKEN), stale.errors().toString());

    int withdrawals = userTransactions(kraken, PortfolioTransactionType.WITHDRAWAL, null).size();
    WithdrawalResult preview = kraken.embed().withdrawFunds(request.idempotencyToken(UUID.randomUUID())
        .feeToken(null).preview(true).build());
    assertNull(preview.refId());
    assertEquals(withdrawals, userTransactions(kraken, PortfolioTransactionType.WITHDRAWAL, null).size(),
        "a preview withdrew");
    clock.advance(Duration.ofMinutes(9));
    kraken.embed().withdrawFunds(request.idempotencyToken(UUID.randomUUID()).feeToken(preview.feeToken())
        .preview(false).build());
    KrakenServiceException used = assertThrows(KrakenServiceException.class, () -> kraken.embed()
        .withdrawFunds(request.idempotencyToken(UUID.randomUUID()).build()));
    assertTrue(used.hasError(EmbedErrorCode.FUNDING_INVALID_FEE_TOKEN), used.errors().toString());
  }

  @Test
  void unknownKeysAndAmountsOverTheBalanceAreRefused(KrakenClient kraken, Sandbox sandbox) {
    WithdrawalMethod method = bitcoinWithdrawalMethod(kraken);
    KrakenServiceException key = assertThrows(KrakenServiceException.class, () -> kraken.embed()
        .withdrawFunds(r -> r.user(USER).asset("BTC").key("nowhere").amount(new BigDecimal("0.01"))
            .idempotencyToken(UUID.randomUUID())));
    assertTrue(key.hasError(EmbedErrorCode.FUNDING_UNKNOWN_WITHDRAW_KEY));
    sandbox.embed().saveWithdrawalAddress(USER, "BTC", method.methodId().toString(), "cold", "bc1qexample");
    KrakenServiceException amount = assertThrows(KrakenServiceException.class, () -> kraken.embed()
        .withdrawFunds(r -> r.user(USER).asset("BTC").key("cold").amount(new BigDecimal("5"))
            .idempotencyToken(UUID.randomUUID())));
    assertTrue(amount.hasError(EmbedErrorCode.FUNDING_INVALID_AMOUNT));
  }

  // ---- the list of both ----

  @Test
  void thePartnersOwnTransactionsAreListedNewestFirstInCursorPagesByType(KrakenClient kraken, Sandbox sandbox) {
    for (int i = 1; i <= 5; i++) {
      sandbox.embed().partnerDeposit("BTC", new BigDecimal("0.0" + i));
      clock.advance(Duration.ofSeconds(1));
    }
    kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(BITCOIN));
    String userDeposit = sandbox.embed().deposit(USER, "BTC", BigDecimal.ONE);

    clock.advance(Duration.ofMinutes(1));
    FundingTransactionPage first = kraken.embed().listFundingTransactions(r -> r
        .type(FundingTransactionType.DEPOSIT).pageSize(2));
    assertEquals(2, first.transactions().size());
    assertNotNull(first.nextCursor());
    List<FundingTransaction> all = kraken.embed().listFundingTransactionsPages(r -> r
        .type(FundingTransactionType.DEPOSIT).pageSize(2)).stream().toList();
    assertEquals(List.of("0.05", "0.04", "0.03", "0.02", "0.01"),
        all.stream().map(t -> t.amount().toPlainString()).toList());
    assertTrue(all.stream().allMatch(t -> FundingTransactionStatus.SUCCESS.equals(t.status())),
        "settled a step after they arrived: " + all);
    assertTrue(all.stream().noneMatch(t -> t.refId().equals(userDeposit)), "the user's deposit is not the partner's");
    assertEquals(List.of(), kraken.embed().listFundingTransactions(r -> r.type(FundingTransactionType.WITHDRAWAL))
        .transactions());
  }

  @Test
  void aUserSentToTheFundingListChangesNothing(KrakenClient kraken, Sandbox sandbox) {
    // The service's reference lists no user for it: a client that sends one anyway (an older
    // contract did) gets the partner's own list, never the user's, as the service answers.
    kraken.embed().createDepositAddress(r -> r.user(USER).asset("BTC").methodId(BITCOIN));
    sandbox.embed().deposit(USER, "BTC", BigDecimal.ONE);
    String partnerDeposit = sandbox.embed().partnerDeposit("BTC", new BigDecimal("3"));
    Raw.Answer answer = new Raw(sandbox).embed("GET", "/b2b/funds/transactions?type=deposit&user=" + USER, null,
        sandbox.credentials().embed(), Raw.nonce());
    assertEquals(200, answer.status(), answer.body());
    assertTrue(answer.body().contains(partnerDeposit) && answer.body().split("\"ref_id\"").length == 2,
        "only the partner's deposit: " + answer.body());
  }

  /** The test user's portfolio transactions of {@code type}, those with {@code refId} when it is given. */
  private static List<PortfolioTransaction> userTransactions(KrakenClient kraken, PortfolioTransactionType type,
      String refId) {
    return kraken.embed().listPortfolioTransactions(r -> r.user(USER).types(List.of(type))).transactions().stream()
        .filter(t -> refId == null || refId.equals(t.refId())).toList();
  }

  private static WithdrawalMethod bitcoinWithdrawalMethod(KrakenClient kraken) {
    return kraken.embed().listWithdrawalMethods(r -> r.asset("BTC").user(USER)).methods().stream()
        .filter(m -> "Bitcoin".equals(m.network())).findFirst().orElseThrow();
  }
}
