package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.oauth.OAuthTest;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;
import io.github.krakensdk.sandbox.internal.spot.SpotTest;

import okhttp3.HttpUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.Occupation;
import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.model.UpdateUserRequest;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.spot.model.SpotErrorCode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import java.math.BigDecimal;

/**
 * Requests racing for the same state: each check and its update are one step, so exactly one of
 * them wins and none is lost. The requests come from several keys of one account (one key's
 * nonces would force an order).
 */
class ConcurrencyTest {
  static final int RACERS = 8;
  final MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .earnCompletionDelay(Duration.ofMinutes(1)));
  final ExecutorService threads = Executors.newFixedThreadPool(RACERS);
  final List<KrakenClient> clients = new ArrayList<>();

  @AfterEach
  void release() {
    threads.shutdownNow();
    clients.forEach(KrakenClient::close);
  }

  /** Runs {@code racer} on {@link #RACERS} threads released at once; returns what each returned or threw. */
  <T> List<Object> race(Callable<T> racer) throws Exception {
    CountDownLatch ready = new CountDownLatch(RACERS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Object>> futures = new ArrayList<>();
    for (int i = 0; i < RACERS; i++) {
      futures.add(threads.submit(() -> {
        ready.countDown();
        go.await();
        try {
          return racer.call();
        } catch (Exception e) {
          return e;
        }
      }));
    }
    ready.await();
    go.countDown();
    List<Object> outcomes = new ArrayList<>();
    for (Future<Object> future : futures) {
      outcomes.add(future.get());
    }
    return outcomes;
  }

  /** A client per racer, each with a key of its own on the test user's account. */
  List<KrakenClient> clients(Sandbox sandbox) {
    for (int i = 0; i < RACERS; i++) {
      clients.add(sandbox.newClientBuilder().spotCredentials(sandbox.spot().newKey().issue().credentials()).build());
    }
    return clients;
  }

  @Test
  void oneDeallocationWinsTheOthersAreBusy(Sandbox sandbox) throws Exception {
    List<KrakenClient> racers = clients(sandbox);
    AtomicInteger next = new AtomicInteger();
    List<Object> outcomes = race(() -> racers.get(next.getAndIncrement()).spot()
        .deallocateEarnFunds(SpotTest.deallocate(SpotFamily.STRATEGY_SOL, "2")));
    assertEquals(1, outcomes.stream().filter(Boolean.TRUE::equals).count(), outcomes.toString());
    assertEquals(RACERS - 1, outcomes.stream().filter(o -> o instanceof KrakenServiceException e
        && e.hasError(SpotErrorCode.EARNINGS_BUSY)).count(), outcomes.toString());
    assertEquals(0, new java.math.BigDecimal("-2").compareTo(sandbox.spot().earnAllocation(SpotFamily.STRATEGY_SOL).pending()));
  }

  @Test
  void oneCancellationWins(Sandbox sandbox) throws Exception {
    List<KrakenClient> racers = clients(sandbox);
    AtomicInteger next = new AtomicInteger();
    List<Object> outcomes = race(() -> racers.get(next.getAndIncrement()).spot().cancelWithdrawal(
        r -> r.asset("ETH").refid(SpotFamily.WITHDRAWAL_PENDING)));
    assertEquals(1, outcomes.stream().filter(Boolean.TRUE::equals).count(), outcomes.toString());
    assertEquals(RACERS - 1, outcomes.stream().filter(o -> o instanceof KrakenServiceException e
        && e.errors().equals(List.of(SpotFamily.ALREADY_CANCELLED))).count(), outcomes.toString());
  }

  @Test
  void oneRequestPerNonce(Sandbox sandbox) throws Exception {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    List<Object> outcomes = race(() -> raw.spot("/0/private/TradeVolume", key, nonce, "").body());
    assertEquals(1, outcomes.stream().filter(o -> o.toString().startsWith("{\"error\":[],")).count(),
        outcomes.toString());
    assertEquals(RACERS - 1, outcomes.stream().filter("{\"error\":[\"EAPI:Invalid nonce\"]}"::equals).count());
  }

  @Test
  void concurrentProfileUpdatesLoseNothing(Sandbox sandbox) throws Exception {
    List<KrakenClient> racers = new ArrayList<>();
    for (int i = 0; i < RACERS; i++) {
      racers.add(sandbox.newClientBuilder().embedCredentials(sandbox.embed().newKey().credentials()).build());
    }
    clients.addAll(racers);
    List<UpdateUserRequest> updates = List.of(
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).phone("+4930901820").build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).language("de").build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).employerName("Acme").build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).cityOfBirth("Bonn").build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).tosVersionAccepted(7).build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).occupation(Occupation.FINANCE).build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).countryOfBirth(CountryCode.DE).build(),
        UpdateUserRequest.builder().user(Seed.USER_IIBAN).dateOfBirth(java.time.LocalDate.parse("1988-07-14")).build());
    AtomicInteger next = new AtomicInteger();
    List<Object> outcomes = race(() -> {
      int i = next.getAndIncrement();
      return racers.get(i).embed().updateUser(updates.get(i));
    });
    assertTrue(outcomes.stream().allMatch(SuccessResult.SUCCESS::equals), outcomes.toString());
    UserProfileUpdate stored = sandbox.userProfile(Seed.USER_IIBAN);
    assertEquals("+4930901820", stored.phone());
    assertEquals("de", stored.language());
    assertEquals("Acme", stored.employerName());
    assertEquals("Bonn", stored.cityOfBirth());
    assertEquals(7, stored.tosVersionAccepted());
    assertEquals(Occupation.FINANCE, stored.occupation());
    assertEquals(CountryCode.DE, stored.countryOfBirth());
    assertEquals(java.time.LocalDate.parse("1988-07-14"), stored.dateOfBirth());
  }

  @Test
  void oneExchangePerCode(Sandbox sandbox) throws Exception {
    SandboxCredentials demo = sandbox.credentials();
    String code = OAuthTest.code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri());
    OAuthTokenClient tokens = OAuthTokenClient.builder(demo.oauthConfidentialClient())
        .tokenUrl(HttpUrl.get(sandbox.baseUrl().resolve("oauth/token"))).build();
    List<Object> outcomes = race(() -> tokens.exchangeCode(code, demo.redirectUri()));
    assertEquals(1, outcomes.stream().filter(o -> !(o instanceof Exception)).count(), outcomes.toString());
    assertTrue(outcomes.stream().filter(o -> o instanceof Exception)
        .allMatch(o -> o instanceof OAuthException e && "invalid_grant".equals(e.error())), outcomes.toString());
  }
}
