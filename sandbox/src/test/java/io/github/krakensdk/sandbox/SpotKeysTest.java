package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.internal.http.Contracts;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Spot keys as the service's key settings make them: a verification tier, whose REST call counter
 * the sandbox keeps on its clock (each call at its operation's {@code x-kraken-rate-cost}), and
 * permissions, checked against the operation's {@code x-kraken-key-permission}. Requests are made
 * by hand, so no client paces them; the clock stands still unless a test moves it.
 */
class SpotKeysTest {
  static final String OK = "{\"error\":[],\"result\":";
  static final String LIMITED = "{\"error\":[\"EAPI:Rate limit exceeded\"]}";
  static final String DENIED = "{\"error\":[\"EGeneral:Permission denied\"]}";
  final MutableClock clock = MutableClock.at(Instant.parse("2026-11-23T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void theDemoKeyIsStarterWithEveryPermissionAndNewKeysChooseTheirs(Sandbox sandbox) {
    SandboxKey demo = sandbox.credentials().spot();
    assertEquals(SpotRateTier.STARTER, sandbox.spot().key(demo.key()).tier());
    assertEquals(EnumSet.allOf(SpotKeyPermission.class), sandbox.spot().key(demo.key()).permissions());
    SandboxKey plain = sandbox.spot().newKey().issue();
    assertEquals(SpotRateTier.STARTER, sandbox.spot().key(plain.key()).tier());
    assertEquals(EnumSet.allOf(SpotKeyPermission.class), sandbox.spot().key(plain.key()).permissions());
    SandboxKey chosen = sandbox.spot().newKey().tier(SpotRateTier.PRO)
        .permissions(SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.LEDGER_QUERY).issue();
    assertEquals(SpotRateTier.PRO, sandbox.spot().key(chosen.key()).tier());
    assertEquals(Set.of(SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.LEDGER_QUERY),
        sandbox.spot().key(chosen.key()).permissions());
    assertEquals(Set.of(), sandbox.spot().key(sandbox.spot().newKey().permissions(Set.of()).issue().key()).permissions());
    assertThrows(IllegalArgumentException.class,
        () -> sandbox.spot().key(new SandboxKey("SBXSPOTnobody", demo.secret()).key()).tier(), "not a key of this sandbox");
    assertThrows(NullPointerException.class, () -> sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_QUERY, null));
  }

  @Test
  void eachTierAcceptsUpToItsMaximumThenRefusesUntilTheCounterDecays(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    for (SpotRateTier tier : SpotRateTier.values()) {
      SandboxKey key = sandbox.spot().newKey().tier(tier).issue();
      for (int i = 1; i <= tier.maximum(); i++) {
        assertTrue(tradeVolume(raw, key).startsWith(OK), tier + " call " + i);
      }
      assertEquals(0, BigDecimal.valueOf(tier.maximum()).compareTo(sandbox.spot().key(key.key()).callCounter()));
      assertEquals(LIMITED, tradeVolume(raw, key), tier + ": one more than the maximum");
      clock.advance(tier.decayTime(1).minusNanos(1));
      assertEquals(LIMITED, tradeVolume(raw, key), tier + ": a refused call counts nothing; not decayed enough yet");
      clock.advance(Duration.ofNanos(1));
      assertTrue(tradeVolume(raw, key).startsWith(OK), tier + ": one count decayed, one call fits");
      assertEquals(LIMITED, tradeVolume(raw, key), tier.name());
    }
  }

  @Test
  void keysHaveCountersOfTheirOwnWhichFallToZero(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey first = sandbox.spot().newKey().issue();
    SandboxKey second = sandbox.spot().newKey().issue();
    for (int i = 0; i < 15; i++) {
      tradeVolume(raw, first);
    }
    assertEquals(LIMITED, tradeVolume(raw, first));
    assertTrue(tradeVolume(raw, second).startsWith(OK), "another key's counter is its own");
    clock.advance(Duration.ofMinutes(5));
    assertEquals(0, BigDecimal.ZERO.compareTo(sandbox.spot().key(first.key()).callCounter()), "never below zero");
    for (int i = 0; i < 15; i++) {
      assertTrue(tradeVolume(raw, first).startsWith(OK));
    }
  }

  @Test
  void publicCallsAndRefusedSignaturesDoNotCount(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.spot().newKey().issue();
    for (int i = 0; i < 30; i++) {
      assertTrue(raw.get("/0/public/Assets?asset=XBT").body().startsWith(OK));
    }
    SandboxKey forged = new SandboxKey(key.key(), sandbox.credentials().spot().secret());
    for (int i = 0; i < 30; i++) {
      assertEquals("{\"error\":[\"EAPI:Invalid signature\"]}", tradeVolume(raw, forged));
    }
    assertEquals(0, BigDecimal.ZERO.compareTo(sandbox.spot().key(key.key()).callCounter()));
  }

  /** Every permission the contract names is one a key can hold (or {@code none}). */
  @Test
  void theContractsPermissionsAreKnown() {
    io.github.krakensdk.sandbox.internal.contract.Contract operations = ContractValidator.load(Family.SPOT).operations;
    Set<String> known = new HashSet<>(List.of(SpotFamily.NO_PERMISSION));
    for (SpotKeyPermission permission : SpotKeyPermission.values()) {
      known.add(permission.id());
      assertEquals(permission, SpotKeyPermission.of(permission.id()));
    }
    for (io.github.krakensdk.sandbox.internal.contract.Operation op : operations.all()) {
      assertTrue(op.permission() == null || known.contains(op.permission()), op.operationId() + ": " + op.permission());
      assertTrue(op.signed() || op.permission() == null, op.operationId() + " is public: no permission");
    }
  }

  /**
   * For every private operation of the contract that names a permission: a key with every other
   * permission is denied, a key with that one alone is not (its answer is whatever the operation
   * answers, never the denial).
   */
  @Test
  void everyOperationsPermissionIsEnforced(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    for (io.github.krakensdk.sandbox.internal.contract.Operation op : ContractValidator.load(Family.SPOT).operations.all()) {
      if (!op.signed() || op.permission() == null || op.permission().equals(SpotFamily.NO_PERMISSION)) {
        continue;
      }
      SpotKeyPermission needed = SpotKeyPermission.of(op.permission());
      EnumSet<SpotKeyPermission> others = EnumSet.complementOf(EnumSet.of(needed));
      SandboxKey without = sandbox.spot().newKey().tier(SpotRateTier.PRO).permissions(others).issue();
      SandboxKey with = sandbox.spot().newKey().tier(SpotRateTier.PRO).permissions(needed).issue();
      assertEquals(DENIED, raw.spot(op.path(), without, Raw.nonce(), "").body(), op.operationId());
      assertTrue(!raw.spot(op.path(), with, Raw.nonce(), "").body().equals(DENIED), op.operationId());
    }
  }

  /**
   * The permission check itself, on a copy of the contract in which {@code getTradeVolume} needs
   * {@code funds-query} and {@code cancelWithdrawal} states {@code none} (whatever the contract
   * states for them today).
   */
  @Test
  void aKeyWithoutTheOperationsPermissionIsDenied() {
    String yaml = Contracts.yaml(Family.SPOT)
        // What the contract states for the two today goes; the copy states what this test needs.
        .replaceFirst("(operationId: getTradeVolume\\n(?:(?!      operationId: ).*\\n)*?)      x-kraken-key-permission: \\S+\\n", "$1")
        .replaceFirst("(operationId: cancelWithdrawal\\n(?:(?!      operationId: ).*\\n)*?)      x-kraken-key-permission: \\S+\\n", "$1")
        .replace("      operationId: getTradeVolume\n", "      operationId: getTradeVolume\n"
            + "      x-kraken-key-permission: funds-query\n")
        .replace("      operationId: cancelWithdrawal\n", "      operationId: cancelWithdrawal\n"
            + "      x-kraken-key-permission: none\n");
    ContractValidator contract = ContractValidator.of(Family.SPOT, Contracts.compile(yaml));
    assertEquals("funds-query", contract.operations.find("POST", "/0/private/TradeVolume").permission());
    Settings settings = new Settings(Clock.fixed(clock.instant(), clock.getZone()), Duration.ZERO, Duration.ZERO,
        Duration.ZERO, true, Duration.ofMinutes(1), Duration.ZERO);
    SpotFamily spot = new SpotFamily(contract, settings, new Nonces());
    SandboxKey noFunds = spot.issueKey(SpotRateTier.STARTER, EnumSet.complementOf(EnumSet.of(SpotKeyPermission.FUNDS_QUERY)));
    SandboxKey fundsOnly = spot.issueKey(SpotRateTier.STARTER, EnumSet.of(SpotKeyPermission.FUNDS_QUERY));
    SandboxKey nothing = spot.issueKey(SpotRateTier.STARTER, Set.of());

    assertEquals(DENIED, serve(spot, noFunds, "/0/private/TradeVolume", "").reply().bodyText());
    assertTrue(serve(spot, fundsOnly, "/0/private/TradeVolume", "").reply().bodyText().startsWith(OK));
    String cancel = ",\"asset\":\"ETH\",\"refid\":\"" + SpotFamily.WITHDRAWAL_PENDING + "\"";
    assertTrue(serve(spot, nothing, "/0/private/WithdrawCancel", cancel).reply().bodyText().startsWith(OK),
        "none: any key may");
    assertEquals(0, BigDecimal.ONE.compareTo(spot.issued(noFunds).counter().valueAt(clock.instant())),
        "a denied call still counts on the key's counter");
  }

  private static Endpoint.Served serve(SpotFamily spot, SandboxKey key, String path, String moreJson) {
    long nonce = Raw.nonce();
    String body = "{\"nonce\":" + nonce + moreJson + "}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    headers.put("API-Key", List.of(key.key()));
    headers.put("API-Sign", List.of(new SpotSigner(key.secret()).sign(path, Long.toString(nonce), bytes)));
    headers.put("Content-Type", List.of("application/json"));
    return spot.serve(new HttpCall("POST", path, null, headers, bytes), path);
  }

  private static String tradeVolume(Raw raw, SandboxKey key) {
    return raw.spot("/0/private/TradeVolume", key, Raw.nonce(), "").body();
  }
}
