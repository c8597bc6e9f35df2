package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.spot.model.SpotErrorCode;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Sixteen threads call the sandbox through the SDK for {@link #RUN}, a mix of every family's
 * operations, public and signed, reads and the stateful writes (Earn deallocations, webhook
 * subscriptions, Auto-Earn, the self-trade strategy), and then the invariants are checked: no 5xx
 * and no failure other than the refusals the rules call for, no lost update in any stateful flow,
 * every nonce accepted (each thread signs Spot, Funding (Beta) on the same Spot key, and Embed with a key of its own; the one Futures key
 * is used through one client shared by the threads, whose ordered mode keeps one request of a key
 * in flight; the order is the client's, so clients sharing a key would race): none reached a
 * caller, and none was re-signed and re-sent by a client ({@code KrakenClient.nonceResends()})
 * either. The counts of requests made, accepted and refused go to
 * {@code target/reliability/load.txt}; RELIABILITY.md lists the invariants, and a reference run's
 * counts.
 */
class LoadTest {
  static final int THREADS = 16;
  static final Duration RUN = Duration.ofSeconds(5);
  /** Earn deallocations complete this long after acceptance: long enough that racing ones are refused. */
  static final Duration EARN_DELAY = Duration.ofMillis(200);
  static final List<String> STRATEGIES = List.of("ESDQCOL-WTZEU-NU55QF", "ESRFUO3-Q62XD-WIOIL7", "ESXUM7H-SJHQ6-KOQNNI");
  static final Map<String, BigDecimal> AMOUNTS = Map.of(STRATEGIES.get(0), new BigDecimal("0.01"),
      STRATEGIES.get(1), BigDecimal.ONE, STRATEGIES.get(2), BigDecimal.TEN);
  /** The demo partner's two users: the test user and the second one the sandbox seeds. */
  static final List<String> USERS = List.of("AA29N84GTRQFZL8R", "AA68GO9AEQ17RJ2A");
  static final List<String> EVENTS = List.of("custom_order.executed", "custom_order.execution_failed",
      "custom_order.cancelled", "quote.executed", "quote.execution_failed", "reward.paid", "user.verified");

  @RegisterExtension
  static final SandboxExtension EXTENSION = new SandboxExtension(() -> Sandbox.builder()
      .earnCompletionDelay(EARN_DELAY).autoEarnSwitchDelay(Duration.ZERO).threads(THREADS));

  /** What happened, counted across threads. */
  static final class Counts {
    final LongAdder made = new LongAdder();
    final LongAdder accepted = new LongAdder();
    final LongAdder refused = new LongAdder();
    final LongAdder signed = new LongAdder();
    final List<String> failures = new CopyOnWriteArrayList<>();
    final List<String> serverErrors = new CopyOnWriteArrayList<>();
    final List<String> nonceRefusals = new CopyOnWriteArrayList<>();
    final List<String> lostUpdates = new CopyOnWriteArrayList<>();
    final Map<String, LongAdder> byOperation = new ConcurrentHashMap<>();
    final Map<String, BigDecimal> deallocated = new ConcurrentHashMap<>();
    /** What each strategy held at the start: deallocations stop short of it. */
    final Map<String, BigDecimal> allocatedAtStart = new ConcurrentHashMap<>();
    final Set<List<String>> subscriptionSets = ConcurrentHashMap.newKeySet();
    final Set<SelfTradeStrategy> strategies = ConcurrentHashMap.newKeySet();
    final Map<String, Boolean> lastAutoEarn = new ConcurrentHashMap<>();
  }

  static final String NO_5XX = "load: no 5xx and no unexpected failure";
  static final String NONCES = "load: every nonce accepted";
  static final String EARN = "load: Earn busy rule, no lost deallocation";
  static final String WEBHOOKS = "load: webhook subscriptions";
  static final String AUTO_EARN = "load: Auto-Earn";
  static final String SELF_TRADE = "load: self-trade strategy";

  static final Map<String, String> EXPECTED = new LinkedHashMap<>();

  static {
    EXPECTED.put(NO_5XX, "16 threads for 5 s: 0 answers with a 5xx status, 0 failures other than the rules' refusals");
    EXPECTED.put(NONCES, "0 nonce refusals");
    EXPECTED.put(EARN, "every refusal EEarnings:Busy; per strategy, allocated after = before - sum of the "
        + "accepted deallocations");
    EXPECTED.put(WEBHOOKS, "every PATCH answered with the set it sent; the final set is one of them");
    EXPECTED.put(AUTO_EARN, "each user's owner reads back every value it wrote; the final status is its last one");
    EXPECTED.put(SELF_TRADE, "every PUT answered with the strategy it sent; the final one is one of them");
  }

  /** Every case, for the table in RELIABILITY.md. */
  static List<ReliabilityCase> cases() {
    return EXPECTED.entrySet().stream().map(e -> new ReliabilityCase(e.getKey(), e.getValue())).toList();
  }

  @Test
  void sixteenThreadsOfMixedOperations(Sandbox sandbox) throws Exception {
    Map<String, BigDecimal> before = new LinkedHashMap<>();
    STRATEGIES.forEach(strategy -> before.put(strategy, sandbox.spot().earnAllocation(strategy).allocated()));
    InMemoryTokenStore tokens = new InMemoryTokenStore();
    List<KrakenClient> clients = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      clients.add(sandbox.newClientBuilder()
          .spotCredentials(sandbox.spot().newKey().issue().credentials())
          .embedCredentials(sandbox.embed().newKey().credentials())
          .oauth(sandbox.credentials().oauthConfidentialClient(), tokens)
          .orderedRequests(true)
          .build());
    }
    authorize(sandbox, clients.get(0));
    // The demo Futures key, through one client for every thread: ordered requests are per client.
    KrakenClient futures = sandbox.newClientBuilder().orderedRequests(true).build();

    Counts counts = new Counts();
    counts.allocatedAtStart.putAll(before);
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      long deadline = System.nanoTime() + RUN.toNanos();
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        int index = i;
        running.add(threads.submit(() -> {
          start.await();
          work(index, clients.get(index), futures, counts, deadline);
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : running) {
        future.get(RUN.toSeconds() + 60, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
      clients.forEach(KrakenClient::close);
      futures.close();
    }
    // A refused nonce is re-signed and re-sent by the client before it would reach a caller: count both.
    long nonceResends = clients.stream().mapToLong(KrakenClient::nonceResends).sum() + futures.nonceResends();

    // Every deallocation accepted has completed once the delay has passed; then nothing may be missing.
    Thread.sleep(EARN_DELAY.toMillis() * 2);
    List<String> earnProblems = new ArrayList<>();
    for (String strategy : STRATEGIES) {
      BigDecimal expected = before.get(strategy).subtract(counts.deallocated.getOrDefault(strategy, BigDecimal.ZERO));
      BigDecimal after = sandbox.spot().earnAllocation(strategy).allocated();
      if (expected.compareTo(after) != 0) {
        earnProblems.add(strategy + ": allocated " + after + ", expected " + expected);
      }
    }
    Webhook webhook = sandbox.embed().webhook(sandbox.credentials().webhookId());
    boolean webhookKept = counts.subscriptionSets.contains(webhook.subscribedEvents());
    boolean strategyKept = counts.strategies.contains(sandbox.futures().selfTradeStrategy());
    List<String> autoEarnProblems = new ArrayList<>();
    counts.lastAutoEarn.forEach((user, last) -> {
      if (sandbox.embed().autoEarnEnabled(user) != last) {
        autoEarnProblems.add(user + " ends " + sandbox.embed().autoEarnEnabled(user) + ", its owner last wrote " + last);
      }
    });

    String report = "16 threads, " + RUN.toSeconds() + " s against the sandbox: " + counts.made.sum() + " requests made, "
        + counts.accepted.sum() + " accepted, " + counts.refused.sum() + " refused by the rules (EEarnings:Busy), "
        + counts.serverErrors.size() + " 5xx, " + counts.failures.size() + " other failures, "
        + counts.nonceRefusals.size() + " nonce refusals (and " + nonceResends + " re-sent) of " + counts.signed.sum()
        + " signed requests\n"
        + "by operation: " + new java.util.TreeMap<>(counts.byOperation) + "\n";
    Observations.write("load.txt", report, false);

    Map<String, String> observed = new LinkedHashMap<>();
    observed.put(NO_5XX, "16 threads for 5 s: " + counts.serverErrors.size() + " answers with a 5xx status, "
        + counts.failures.size() + " failures other than the rules' refusals");
    observed.put(NONCES, (counts.nonceRefusals.size() + nonceResends) + " nonce refusals");
    observed.put(EARN, earnProblems.isEmpty() && counts.lostUpdates.stream().noneMatch(p -> p.startsWith("earn"))
        ? EXPECTED.get(EARN) : "lost: " + earnProblems + counts.lostUpdates);
    observed.put(WEBHOOKS, webhookKept && counts.lostUpdates.stream().noneMatch(p -> p.startsWith("webhook"))
        ? EXPECTED.get(WEBHOOKS) : "final " + webhook.subscribedEvents() + "; " + counts.lostUpdates);
    observed.put(AUTO_EARN, autoEarnProblems.isEmpty() && counts.lostUpdates.stream().noneMatch(p -> p.startsWith("auto"))
        ? EXPECTED.get(AUTO_EARN) : autoEarnProblems + " " + counts.lostUpdates);
    observed.put(SELF_TRADE, strategyKept && counts.lostUpdates.stream().noneMatch(p -> p.startsWith("strategy"))
        ? EXPECTED.get(SELF_TRADE) : "final " + sandbox.futures().selfTradeStrategy() + "; " + counts.lostUpdates);
    observed.forEach(Observations::record);

    assertTrue(counts.made.sum() > THREADS, "the threads made almost no request: " + report);
    assertTrue(counts.signed.sum() > 0 && counts.refused.sum() > 0, "no signed request, or no Earn race: " + report);
    for (String id : EXPECTED.keySet()) {
      assertEquals(EXPECTED.get(id), observed.get(id), () -> id + "\n" + report + "failures: " + counts.failures
          + "\n5xx: " + counts.serverErrors + "\nnonces: " + counts.nonceRefusals);
      ReliabilityTable.assertObserved(id, EXPECTED.get(id), observed.get(id));
    }
  }

  /** One thread's share until the deadline: its own mix, from a seed of its own. */
  private static void work(int index, KrakenClient kraken, KrakenClient futures, Counts counts, long deadline) {
    Random random = new Random(index);
    String owned = index < USERS.size() ? USERS.get(index) : null;
    boolean autoEarn = false;
    while (System.nanoTime() - deadline < 0) {
      int pick = random.nextInt(14);
      if (owned != null && pick < 3) {
        autoEarn = !autoEarn;
        boolean wanted = autoEarn;
        call(counts, "setAutoEarn", true, () -> kraken.embed().setAutoEarn(r -> r.user(owned).wantEnabled(wanted)));
        counts.lastAutoEarn.put(owned, wanted);
        AutoEarnStatus status = call(counts, "getAutoEarnStatus", true, () -> kraken.embed().getAutoEarnStatus(r -> r.user(owned)));
        if (status != null && status.autoEarnEnabled() != wanted) {
          counts.lostUpdates.add("auto-earn " + owned + ": wrote " + wanted + ", read " + status.autoEarnEnabled());
        }
        continue;
      }
      switch (pick) {
        case 0 -> call(counts, "getAssets", false, () -> kraken.spot().listAssets(r -> r.asset("XBT,ETH")));
        case 1 -> call(counts, "getTradeVolume", true,
            () -> kraken.spot().getTradeVolume(r -> r.pair("XBTUSD")));
        case 2, 3 -> {
          String strategy = STRATEGIES.get(random.nextInt(STRATEGIES.size()));
          BigDecimal amount = AMOUNTS.get(strategy);
          // The clients' pacing moves the sandbox's clock on, so deallocations may complete far
          // faster than in real time: stop while every thread's next one still fits (no
          // EEarnings:Insufficient funds, which is the rules' answer, not a failure under load).
          BigDecimal headroom = amount.multiply(BigDecimal.valueOf(THREADS + 1));
          if (counts.deallocated.getOrDefault(strategy, BigDecimal.ZERO).add(headroom)
              .compareTo(counts.allocatedAtStart.get(strategy)) > 0) {
            continue;
          }
          Boolean accepted = call(counts, "deallocateEarnFunds", true, () -> kraken.spot().deallocateEarnFunds(
              r -> r.strategyId(strategy).amount(amount)));
          if (Boolean.TRUE.equals(accepted)) {
            counts.deallocated.merge(strategy, amount, BigDecimal::add);
          }
        }
        case 4 -> call(counts, "getDeallocateStatus", true, () -> kraken.spot().getDeallocateStatus(
            r -> r.strategyId(STRATEGIES.get(random.nextInt(STRATEGIES.size())))));
        case 5 -> call(counts, "getNotifications", true, () -> futures.futures().getNotifications());
        case 6 -> {
          SelfTradeStrategy wanted = SelfTradeStrategy.values().get(random.nextInt(SelfTradeStrategy.values().size()));
          counts.strategies.add(wanted);
          var answer = call(counts, "updateSelfTradeStrategy", true, () -> futures.futures().updateSelfTradeStrategy(r -> r.strategy(wanted)));
          if (answer != null && !wanted.equals(answer.strategy())) {
            counts.lostUpdates.add("strategy: sent " + wanted + ", answered " + answer.strategy());
          }
        }
        case 7 -> call(counts, "getTradeHistory", false, () -> futures.futures().getTradeHistory(r -> r.symbol("PF_XBTUSD")));
        case 8 -> call(counts, "getUserInfo", false, () -> kraken.oauth().getUserInfo());
        case 9 -> {
          List<String> events = new ArrayList<>();
          for (String event : EVENTS) {
            if (random.nextBoolean()) {
              events.add(event);
            }
          }
          counts.subscriptionSets.add(List.copyOf(events));
          var answer = call(counts, "updateWebhook", true, () -> kraken.embed().updateWebhook(r -> r.webhookId("WH7K2M-QP4XD-ZR8TNA")
              .events(events)));
          if (answer != null && !events.equals(answer.webhook().subscribedEvents())) {
            counts.lostUpdates.add("webhook: sent " + events + ", answered " + answer.webhook().subscribedEvents());
          }
        }
        case 10 -> call(counts, "getAutoEarnStatus", true,
            () -> kraken.embed().getAutoEarnStatus(r -> r.user(USERS.get(random.nextInt(USERS.size()))).currency("EUR")));
        // Funding (Beta) on the thread's Spot key: its nonces interleave with the Spot calls' (one counter).
        case 11 -> call(counts, "listFundingNetworksV1", true, () -> kraken.funding().listNetworks());
        case 12 -> call(counts, "listFundingWithdrawalsV1", true, () -> kraken.funding().listWithdrawals(r -> r.limit(5)));
        default -> call(counts, "getDepositMethods", true, () -> kraken.embed().listDepositMethods(r -> r.asset("ETH").user(USERS.get(0))));
      }
    }
  }

  interface Call<T> {
    T run();
  }

  /** Makes one call and counts how it ended; returns its result, or null if it failed. */
  private static <T> T call(Counts counts, String operation, boolean signed, Call<T> call) {
    counts.made.increment();
    counts.byOperation.computeIfAbsent(operation, o -> new LongAdder()).increment();
    if (signed) {
      counts.signed.increment();
    }
    try {
      T result = call.run();
      counts.accepted.increment();
      return result;
    } catch (NonceRejectedException e) {
      counts.nonceRefusals.add(operation + ": " + e.getMessage());
    } catch (KrakenServiceException e) {
      if (e.httpStatus() >= 500) {
        counts.serverErrors.add(operation + ": " + e.getMessage());
      } else if (operation.equals("deallocateEarnFunds") && e.hasError(SpotErrorCode.EARNINGS_BUSY)) {
        counts.refused.increment();
      } else {
        counts.failures.add(operation + ": " + e.getMessage());
      }
    } catch (KrakenException e) {
      (e.httpStatus() >= 500 ? counts.serverErrors : counts.failures).add(operation + ": " + e);
    } catch (RuntimeException e) {
      counts.failures.add(operation + ": " + e);
    }
    return null;
  }

  /** The code flow once, for the confidential client whose tokens every thread shares. */
  private static void authorize(Sandbox sandbox, KrakenClient kraken) throws IOException {
    String redirectUri = sandbox.credentials().redirectUri();
    AuthorizationRequest request = AuthorizationRequest.builder(sandbox.credentials().oauthConfidentialClientId(),
        redirectUri).authorizeUrl(sandbox.environment().oauthAuthorize()).scopes("account.info:basic").build();
    OkHttpClient browser = new OkHttpClient.Builder().followRedirects(false).build();
    try (Response page = browser.newCall(new Request.Builder().url(HttpUrl.get(request.url())).build()).execute()) {
      kraken.oauthTokens().completeAuthorization(request.authorizationCode(page.header("Location")),
          redirectUri);
    } finally {
      browser.dispatcher().executorService().shutdown();
      browser.connectionPool().evictAll();
    }
  }
}
