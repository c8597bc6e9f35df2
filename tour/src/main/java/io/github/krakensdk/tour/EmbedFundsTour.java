package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.DepositAddress;
import io.github.krakensdk.embed.model.DepositAddressEntry;
import io.github.krakensdk.embed.model.DepositAddressPage;
import io.github.krakensdk.embed.model.DepositMethod;
import io.github.krakensdk.embed.model.DepositMethods;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.FundingTransaction;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.FundingTransactionType;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.embed.model.WithdrawFundsRequest;
import io.github.krakensdk.embed.model.WithdrawalMethod;
import io.github.krakensdk.embed.model.WithdrawalMethods;
import io.github.krakensdk.embed.model.WithdrawalResult;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The tour's Embed funds: a deposit reaches the followed user (deposit methods, an address issued
 * once per method, the deposit confirming on the sandbox clock), and later the user withdraws
 * (withdrawal methods with fee tokens, a preview, a withdrawal repeated with the same idempotency
 * token, a stale fee token refused); both are the user's portfolio transactions, while {@code
 * listFundingTransactions} lists the partner's own account (a deposit to it settling). Time passes
 * on the sandbox's clock ({@code sandbox.timeSource()}), so no step waits in real time.
 */
final class EmbedFundsTour {
  /** What the deposit part hands the withdrawal part. */
  private static String depositRef;

  private EmbedFundsTour() {}

  /** The user the Embed part follows, or the seeded test user while no part created one. */
  private static String user(Tour tour) {
    return tour.embedUser != null ? tour.embedUser : tour.sandbox.credentials().userIiban();
  }

  static void deposit(Tour tour) {
    EmbedService embed = tour.kraken.embed();
    String user = user(tour);
    DepositMethod[] bitcoin = new DepositMethod[1];
    tour.step("getDepositMethods", () -> {
      DepositMethods methods = embed.listDepositMethods(r -> r.asset("BTC").user(user));
      bitcoin[0] = methods.methods().stream().filter(m -> "Bitcoin".equals(m.network())).findFirst()
          .orElseThrow(() -> new AssertionError("no Bitcoin method in " + methods.methods()));
      return "BTC for " + user + ": " + methods.methods().stream().map(DepositMethod::network).toList()
          + ", Bitcoin minimum " + bitcoin[0].minimum().amount();
    });
    String[] address = new String[1];
    tour.step("createDepositAddress", () -> {
      check(bitcoin[0] != null, "no Bitcoin deposit method");
      DepositAddress first = embed.createDepositAddress(r -> r.user(user).asset("BTC").methodId(bitcoin[0].methodId()));
      DepositAddress again = embed.createDepositAddress(r -> r.user(user).asset("BTC").methodId(bitcoin[0].methodId()));
      check(Boolean.TRUE.equals(first.isNew()), "the first address is not new");
      check(Boolean.FALSE.equals(again.isNew()) && again.address().equals(first.address()),
          "the second call gave " + again.address() + " (is_new " + again.isNew() + ")");
      address[0] = first.address();
      return first.address() + " (is_new true); asked again → the same address, is_new false";
    });
    tour.step("listDepositAddresses", () -> {
      check(address[0] != null, "no deposit address");
      BigDecimal before = balance(tour, user);
      // A deposit reaches the address (sent from a wallet elsewhere), and confirms a step later.
      depositRef = tour.sandbox.embed().deposit(user, "BTC", new BigDecimal("0.25"));
      FundingTransactionStatus arrived = tour.sandbox.embed().transferStatus(depositRef).orElseThrow();
      check(arrived == FundingTransactionStatus.PENDING, "a deposit that just arrived is " + arrived);
      DepositAddressPage unconfirmed = embed.listDepositAddresses(r -> r.user(user).asset("BTC")
          .methodId(bitcoin[0].methodId().toString()));
      check(unconfirmed.addresses().get(0).lastDepositAt() == null, "a deposit was credited before it confirmed");
      tour.sandbox.timeSource().sleep(Duration.ofMinutes(1));
      DepositAddressPage page = embed.listDepositAddresses(r -> r.user(user).asset("BTC")
          .methodId(bitcoin[0].methodId().toString()));
      check(page.addresses().size() == 1, page.addresses().size() + " addresses");
      DepositAddressEntry entry = page.addresses().get(0);
      check(entry.address().equals(address[0]), "listed " + entry.address());
      check(entry.lastDepositAt() != null, "no deposit recorded at the address");
      FundingTransactionStatus confirmed = tour.sandbox.embed().transferStatus(depositRef).orElseThrow();
      check(confirmed == FundingTransactionStatus.SUCCESS, "the deposit is " + confirmed);
      BigDecimal after = balance(tour, user);
      check(after.subtract(before).compareTo(new BigDecimal("0.25")) == 0, "BTC went " + before + " → " + after);
      return entry.address() + " listed; 0.25 BTC arrived " + depositRef + ": pending → success a minute later"
          + " (sandbox clock), last deposit " + entry.lastDepositAt();
    });
  }

  static void withdraw(Tour tour) {
    EmbedService embed = tour.kraken.embed();
    String user = user(tour);
    WithdrawalMethod[] bitcoin = new WithdrawalMethod[1];
    tour.step("listWithdrawalMethods", () -> {
      WithdrawalMethods methods = embed.listWithdrawalMethods(r -> r.asset("BTC").user(user));
      bitcoin[0] = methods.methods().stream().filter(m -> "Bitcoin".equals(m.network())).findFirst()
          .orElseThrow(() -> new AssertionError("no Bitcoin method in " + methods.methods()));
      check(bitcoin[0].feeToken() != null, "no fee token");
      // Saved in the address book (the service's own operation for it is not in the contract).
      tour.sandbox.embed().saveWithdrawalAddress(user, "BTC", bitcoin[0].methodId().toString(), "cold-wallet",
          "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
      return methods.methods().size() + " BTC methods; Bitcoin fee " + bitcoin[0].fee().amount()
          + " pinned by a fee token for 10 minutes";
    });
    String[] withdrawalRef = new String[1];
    tour.step("withdrawFunds", () -> {
      check(bitcoin[0] != null, "no withdrawal method");
      BigDecimal amount = new BigDecimal("0.1");
      // The methods' fee token pins the fee for 10 minutes of the sandbox clock: 11 minutes on, stale.
      tour.sandbox.timeSource().sleep(Duration.ofMinutes(11));
      KrakenServiceException stale = expectError(() -> embed.withdrawFunds(r -> r.user(user).asset("BTC")
          .key("cold-wallet").amount(amount).idempotencyToken(UUID.randomUUID()).feeToken(bitcoin[0].feeToken())));
      check(stale.hasError(EmbedErrorCode.FUNDING_INVALID_FEE_TOKEN), "a stale fee token gave " + stale.errors());
      // A preview quotes the fee with a fresh token, and withdraws nothing.
      WithdrawalResult preview = embed.withdrawFunds(r -> r.user(user).asset("BTC").key("cold-wallet").amount(amount)
          .idempotencyToken(UUID.randomUUID()).preview(true));
      check(preview.refId() == null && preview.feeToken() != null, "the preview made " + preview.refId());
      BigDecimal before = balance(tour, user);
      // One token per intended withdrawal, kept by the caller: the same request sent again (a
      // retry after a lost answer) returns the first answer and withdraws nothing more.
      WithdrawFundsRequest request = WithdrawFundsRequest.builder().user(user).asset("BTC").key("cold-wallet")
          .amount(amount).idempotencyToken(UUID.randomUUID()).feeToken(preview.feeToken()).build();
      WithdrawalResult made = embed.withdrawFunds(request);
      WithdrawalResult again = embed.withdrawFunds(request);
      check(made.refId() != null && made.refId().equals(again.refId()), "repeated: " + made.refId() + ", "
          + again.refId());
      BigDecimal after = balance(tour, user);
      check(before.subtract(after).compareTo(made.total()) == 0, "BTC went " + before + " → " + after
          + " for a total of " + made.total());
      KrakenServiceException conflict = expectError(() -> embed.withdrawFunds(request.toBuilder()
          .amount(new BigDecimal("0.2")).build()));
      check(conflict.hasError(EmbedErrorCode.NEXUS_CONFLICT), "the same token for another amount gave "
          + conflict.errors());
      KrakenServiceException used = expectError(() -> embed.withdrawFunds(request.toBuilder()
          .idempotencyToken(UUID.randomUUID()).build()));
      check(used.hasError(EmbedErrorCode.FUNDING_INVALID_FEE_TOKEN), "a used fee token gave " + used.errors());
      withdrawalRef[0] = made.refId();
      return "fee token 11 min old → " + stale.code() + "; preview: fee " + preview.fee() + ", total "
          + preview.total() + ", fresh token; withdrawn " + made.refId() + " (total " + made.total()
          + " taken once); same idempotency token again → the same withdrawal; same token, other amount → "
          + conflict.code() + "; the used fee token again → " + used.code();
    });
    tour.step("listFundingTransactions", () -> {
      check(withdrawalRef[0] != null, "withdrawFunds made no withdrawal");
      // The list is the partner's own (master) account's: a deposit reaches it, polled as an
      // application does, every 30 s of the sandbox clock, until it settles.
      String partnerRef = tour.sandbox.embed().partnerDeposit("BTC", new BigDecimal("2"));
      List<FundingTransactionStatus> order = List.of(FundingTransactionStatus.PENDING, FundingTransactionStatus.SUCCESS);
      Set<String> seen = new LinkedHashSet<>();
      FundingTransactionStatus status = null;
      List<FundingTransaction> deposits = List.of();
      for (int polls = 0; polls < 20 && !FundingTransactionStatus.SUCCESS.equals(status); polls++) {
        deposits = embed.listFundingTransactionsPages(r -> r
            .type(FundingTransactionType.DEPOSIT).pageSize(1)).stream().toList();
        FundingTransaction mine = deposits.stream().filter(t -> t.refId().equals(partnerRef)).findFirst()
            .orElseThrow(() -> new AssertionError(partnerRef + " is not listed"));
        check(status == null || order.indexOf(mine.status()) >= order.indexOf(status), "went back to " + mine.status());
        status = mine.status();
        seen.add(status.value());
        tour.sandbox.timeSource().sleep(Duration.ofSeconds(30));
      }
      check(FundingTransactionStatus.SUCCESS.equals(status), "ended " + seen);
      check(deposits.stream().noneMatch(t -> t.refId().equals(depositRef)), "the user's deposit is in the partner's list");
      // The user's own deposit and withdrawal are in the user's portfolio transactions.
      List<String> userRefs = embed.listPortfolioTransactions(r -> r.user(user)
          .types(List.of(PortfolioTransactionType.DEPOSIT, PortfolioTransactionType.WITHDRAWAL))).transactions()
          .stream().map(PortfolioTransaction::refId).toList();
      check(userRefs.contains(depositRef) && userRefs.contains(withdrawalRef[0]),
          "the user's transactions are " + userRefs);
      return "partner deposit " + partnerRef + ": " + String.join(" → ", seen)
          + " (pages of 1, listFundingTransactionsPages); the user's " + depositRef + " and " + withdrawalRef[0]
          + " are in listPortfolioTransactions, not here";
    });
  }

  private static BigDecimal balance(Tour tour, String user) {
    return tour.sandbox.embed().balances(user).getOrDefault("BTC", BigDecimal.ZERO);
  }
}
