package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.FundingTransactionType;
import io.github.krakensdk.funding.model.FundingDirection;
import io.github.krakensdk.paging.AsyncPages;
import io.github.krakensdk.paging.Pages;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.tests.client.ServiceCall;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Paging comes from the contract: every operation marked {@code x-kraken-pagination} has its
 * {@code ...Pages} and {@code ...PagesAsync} methods on its service (and no other operation has
 * them), and each walks to its last page against the sandbox, synchronously and asynchronously, to
 * the same items.
 */
@ExtendWith(SandboxExtension.class)
class PagingFromContractTest {
  private static final String PAGINATION = "x-kraken-pagination";
  /** More pages than any walk here has: a walk that gets there does not stop. */
  private static final int RUNAWAY = 1_000;

  /** Both forms of one operation's walk against the sandbox. */
  private record Walk(Function<KrakenClient, Pages<?, ?>> sync, Function<KrakenClient, AsyncPages<?, ?>> async) {}

  /** The walks, with small pages where the operation has a page size, so that there are several. */
  private static Map<String, Walk> walks(String user) {
    Map<String, Walk> walks = new LinkedHashMap<>();
    walks.put("getLedgers", new Walk(k -> k.spot().getLedgersPages(), k -> k.spot().getLedgersPagesAsync()));
    walks.put("getClosedOrders",
        new Walk(k -> k.spot().getClosedOrdersPages(), k -> k.spot().getClosedOrdersPagesAsync()));
    walks.put("getTradesHistory",
        new Walk(k -> k.spot().getTradesHistoryPages(), k -> k.spot().getTradesHistoryPagesAsync()));
    walks.put("getRecentTrades", new Walk(k -> k.spot().getRecentTradesPages(r -> r.pair("XBTUSD")),
        k -> k.spot().getRecentTradesPagesAsync(r -> r.pair("XBTUSD"))));
    walks.put("getOhlc", new Walk(k -> k.spot().getOhlcPages(r -> r.pair("XBTUSD")),
        k -> k.spot().getOhlcPagesAsync(r -> r.pair("XBTUSD"))));
    walks.put("getRecentSpreads", new Walk(k -> k.spot().getRecentSpreadsPages(r -> r.pair("XBTUSD")),
        k -> k.spot().getRecentSpreadsPagesAsync(r -> r.pair("XBTUSD"))));
    walks.put("listCustomOrders", new Walk(k -> k.embed().listCustomOrdersPages(r -> r.user(user)),
        k -> k.embed().listCustomOrdersPagesAsync(r -> r.user(user))));
    walks.put("getPortfolioHistory", new Walk(k -> k.embed().getPortfolioHistoryPages(r -> r.user(user)),
        k -> k.embed().getPortfolioHistoryPagesAsync(r -> r.user(user))));
    walks.put("listPortfolioTransactions",
        new Walk(k -> k.embed().listPortfolioTransactionsPages(r -> r.user(user).pageSize(1)),
            k -> k.embed().listPortfolioTransactionsPagesAsync(r -> r.user(user).pageSize(1))));
    walks.put("listFundingTransactions", new Walk(
        k -> k.embed().listFundingTransactionsPages(r -> r.type(FundingTransactionType.DEPOSIT).pageSize(1)),
        k -> k.embed().listFundingTransactionsPagesAsync(r -> r.type(FundingTransactionType.DEPOSIT).pageSize(1))));
    walks.put("listSettlementReports", new Walk(k -> k.embed().listSettlementReportsPages(r -> r.pageSize(1)),
        k -> k.embed().listSettlementReportsPagesAsync(r -> r.pageSize(1))));
    // Funding (Beta): one item a page (two for the methods), so that the walk follows next_cursor.
    walks.put("listFundingMethodsV1", new Walk(
        k -> k.funding().listMethodsPages(r -> r.direction(FundingDirection.WITHDRAW).limit(2)),
        k -> k.funding().listMethodsPagesAsync(r -> r.direction(FundingDirection.WITHDRAW).limit(2))));
    walks.put("listFundingClaimedAddressesV2", new Walk(k -> k.funding().listClaimedAddressesPages(r -> r.limit(1)),
        k -> k.funding().listClaimedAddressesPagesAsync(r -> r.limit(1))));
    walks.put("listFundingDepositsV1", new Walk(k -> k.funding().listDepositsPages(r -> r.limit(1)),
        k -> k.funding().listDepositsPagesAsync(r -> r.limit(1))));
    walks.put("listFundingAddressesV1", new Walk(k -> k.funding().listAddressesPages(r -> r.limit(1)),
        k -> k.funding().listAddressesPagesAsync(r -> r.limit(1))));
    walks.put("listFundingWithdrawalsV1", new Walk(k -> k.funding().listWithdrawalsPages(r -> r.limit(1)),
        k -> k.funding().listWithdrawalsPagesAsync(r -> r.limit(1))));
    return walks;
  }

  @Test
  void everyPageableOperationHasItsPagingMethodsAndNoOtherOperationHas() throws Exception {
    Set<String> pageable = new TreeSet<>();
    for (Family family : Family.values()) {
      Class<?> service = Class.forName(family.apiPackage() + "." + family.displayName() + "Service");
      for (Contract.Op op : Contracts.get(family).operations()) {
        boolean marked = op.operation().getExtensions() != null
            && op.operation().getExtensions().containsKey(PAGINATION);
        List<Method> paging = Arrays.stream(service.getMethods())
            .filter(m -> m.getName().equals(ServiceCall.methodName(op) + "Pages") || m.getName().equals(ServiceCall.methodName(op) + "PagesAsync"))
            .toList();
        if (!marked) {
          assertEquals(List.of(), paging, op.id() + " is not marked " + PAGINATION);
          continue;
        }
        pageable.add(op.id());
        String method = ServiceCall.methodName(op);
        String requestName = Character.toUpperCase(method.charAt(0)) + method.substring(1) + "Request";
        Class<?> request = Class.forName(family.modelPackage() + "." + requestName);
        assertEquals(Pages.class, service.getMethod(ServiceCall.methodName(op) + "Pages", request).getReturnType(), op.id());
        assertEquals(Pages.class, service.getMethod(ServiceCall.methodName(op) + "Pages", Consumer.class).getReturnType(), op.id());
        assertEquals(AsyncPages.class, service.getMethod(ServiceCall.methodName(op) + "PagesAsync", request).getReturnType(), op.id());
        assertEquals(AsyncPages.class, service.getMethod(ServiceCall.methodName(op) + "PagesAsync", Consumer.class).getReturnType(),
            op.id());
      }
    }
    assertEquals(new TreeSet<>(walks("any").keySet()), pageable,
        "the operations marked " + PAGINATION + " and those this test walks against the sandbox");
  }

  @Test
  void everyPageableOperationWalksToItsLastPageAgainstTheSandbox(KrakenClient kraken, Sandbox sandbox)
      throws Exception {
    String user = sandbox.credentials().userIiban();
    for (int i = 1; i <= 3; i++) {
      sandbox.embed().partnerDeposit("BTC", new BigDecimal("0.0" + i));
    }
    // Two more Bitcoin deposit addresses, made the legacy way: Funding (Beta) lists them as claimed.
    for (int i = 0; i < 2; i++) {
      kraken.spot().listDepositAddresses(r -> r.asset("XBT").method("Bitcoin")._new(true));
    }
    List<String> walked = new ArrayList<>();
    for (Map.Entry<String, Walk> walk : walks(user).entrySet()) {
      String operation = walk.getKey();
      Pages<?, ?> pages = walk.getValue().sync().apply(kraken);
      long pageCount = pages.pages().limit(RUNAWAY).count();
      assertTrue(pageCount >= 1 && pageCount < RUNAWAY, operation + ": " + pageCount + " pages");
      List<?> items = pages.stream().toList();
      List<?> asynchronously = walk.getValue().async().apply(kraken).toList().get(30, TimeUnit.SECONDS);
      assertEquals(items, asynchronously, operation + ": the same items without blocking");
      if (operation.equals("listFundingTransactions")) {
        assertEquals(3, items.size(), "the partner's three deposits");
        assertEquals(3, pageCount, "one deposit a page: the walk went on by next_cursor and stopped at the last");
      }
      if (operation.startsWith("listFunding") && !operation.equals("listFundingTransactions")) {
        // Funding (Beta) pages of one item (two methods): the seeded history fills several.
        assertTrue(pageCount > 1, operation + ": the seeded items fit on one page: " + items.size());
      }
      walked.add(operation + " " + pageCount + "/" + items.size());
    }
    assertEquals(16, walked.size(), walked.toString());
  }
}
