package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetVersion;
import io.github.krakensdk.spot.model.DeallocateEarnFundsRequest;
import io.github.krakensdk.spot.model.FeeTierInfo;
import io.github.krakensdk.spot.model.ListAssetsRequest;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.TradeVolume;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.krakensdk.sandbox.SpotFundingState;

/** Spot through the SDK: asset filters and naming, fee tiers per pair, the Earn and withdrawal states. */
public class SpotTest {
  static final Duration EARN_DELAY = Duration.ofMinutes(5);
  final MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .earnCompletionDelay(EARN_DELAY));

  // ---- Assets ----

  @Test
  void assetsWithoutParametersAreTheCurrencyClassUnderInternalNames(KrakenClient kraken) {
    Map<String, AssetInfo> assets = kraken.spot().listAssets(ListAssetsRequest.builder().build());
    // aclass left out means the service's default, currency: the xStocks are not listed.
    assertEquals(Set.of("XXBT", "XETH", "ZUSD", "ZEUR", "SOL", "USDC", "XMLN", "ZJPY"), assets.keySet());
    assertEquals("XBT", assets.get("XXBT").altname());
    // An older asset: no collateral_value and no status, as the live service sends it.
    assertNull(assets.get("XMLN").collateralValue());
    assertNull(assets.get("XMLN").status());
  }

  @Test
  void assetVersionOneSwitchesKeysToDisplayNamesAndKeepsAltname(KrakenClient kraken) {
    Map<String, AssetInfo> internal = kraken.spot().listAssets(r -> r.asset("XBT,ETH"));
    Map<String, AssetInfo> display =
        kraken.spot().listAssets(r -> r.asset("XBT,ETH").assetVersion(AssetVersion.NUMBER_1));
    assertEquals(Set.of("XXBT", "XETH"), internal.keySet());
    assertEquals(Set.of("BTC", "ETH"), display.keySet());
    assertEquals(internal.get("XXBT"), display.get("BTC"));
  }

  @Test
  void assetAndAclassFilter(KrakenClient kraken) {
    assertEquals(Set.of("AAPLx", "NVDAx", "TSLAx"),
        kraken.spot().listAssets(r -> r.aclass(AssetClass.TOKENIZED_ASSET)).keySet());
    assertEquals(Set.of("ZUSD"), kraken.spot().listAssets(r -> r.asset("USD").aclass(AssetClass.CURRENCY)).keySet());
    // Both filters: an xStock asked for among currencies is not there.
    assertEquals(Set.of(), kraken.spot().listAssets(r -> r.asset("AAPLx").aclass(AssetClass.CURRENCY)).keySet());
    KrakenServiceException unknown =
        assertThrows(KrakenServiceException.class, () -> kraken.spot().listAssets(r -> r.asset("NOPE")));
    assertEquals(List.of(SpotFamily.UNKNOWN_ASSET), unknown.errors());
  }

  // ---- TradeVolume ----

  @Test
  void feesOnlyForThePairsAskedMakerSideOnlyForMakerTakerPairs(KrakenClient kraken) {
    TradeVolume volume = kraken.spot().getTradeVolume(r -> r.pair("XBTUSD,AAPLxUSD"));
    // Keyed by the canonical pair name, not the name as asked: XBTUSD comes back as XXBTZUSD.
    assertEquals(Set.of("XXBTZUSD", "AAPLxUSD"), volume.fees().keySet());
    assertEquals(Set.of("XXBTZUSD"), volume.feesMaker().keySet());
    FeeTierInfo taker = volume.fees().get("XXBTZUSD");
    // 73512 USD of volume sits in the 50000 tier; the next one starts at 100000.
    assertEquals(new BigDecimal("0.2400"), taker.fee());
    assertEquals(new BigDecimal("50000.0000"), taker.tierVolume());
    assertEquals(new BigDecimal("0.2200"), taker.nextFee());
    assertEquals(new BigDecimal("100000.0000"), taker.nextVolume());
    assertEquals(new BigDecimal("0.1400"), volume.feesMaker().get("XXBTZUSD").fee());
  }

  @Test
  void withoutPairFeesAreNull(KrakenClient kraken, Sandbox sandbox) {
    TradeVolume volume = kraken.spot().getTradeVolume(r -> {});
    assertNull(volume.fees());
    assertNull(volume.feesMaker());
    assertEquals("ZUSD", volume.currency());
    // On the wire they are explicit nulls, as the live service sends them.
    Raw.Answer raw = new Raw(sandbox).spot("/0/private/TradeVolume", sandbox.credentials().spot(), Raw.nonce(), "");
    assertTrue(raw.body().contains("\"fees\":null") && raw.body().contains("\"fees_maker\":null"), raw.body());
  }

  @Test
  void unknownPairIsRefused(KrakenClient kraken) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().getTradeVolume(r -> r.pair("XBTUSD,DOGEMARS")));
    assertEquals(List.of(SpotFamily.UNKNOWN_PAIR), e.errors());
  }

  // ---- Earn ----

  @Test
  void deallocationRefusalsThenAcceptedPendingBusyAndCompletion(KrakenClient kraken, Sandbox sandbox) {
    String strategy = SpotFamily.STRATEGY_ETH;
    BigDecimal allocated = sandbox.spot().earnAllocation(strategy).allocated();

    KrakenServiceException below = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().deallocateEarnFunds(deallocate(strategy, "0.001")));
    assertTrue(below.hasError(SpotErrorCode.EARNINGS_BELOW_MIN), below.errors().toString());
    assertEquals(List.of(SpotFamily.BELOW_MIN), below.errors());

    KrakenServiceException unknown = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().deallocateEarnFunds(deallocate("ENOPE00-00000-000000", "1")));
    assertTrue(unknown.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), unknown.errors().toString());
    assertEquals(List.of(SpotFamily.INVALID_STRATEGY), unknown.errors());
    assertFalse(status(kraken, strategy), "a refused deallocation starts nothing");

    assertEquals(Boolean.TRUE, kraken.spot().deallocateEarnFunds(deallocate(strategy, "2.5")));
    assertTrue(status(kraken, strategy));
    assertEquals(0, new BigDecimal("-2.5").compareTo(sandbox.spot().earnAllocation(strategy).pending()));
    assertEquals(0, allocated.compareTo(sandbox.spot().earnAllocation(strategy).allocated()), "not moved before completion");

    KrakenServiceException busy = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().deallocateEarnFunds(deallocate(strategy, "1")));
    assertTrue(busy.hasError(SpotErrorCode.EARNINGS_BUSY), busy.errors().toString());
    assertEquals(List.of(SpotFamily.BUSY), busy.errors());
    // Busy is per strategy: another one is free.
    assertEquals(Boolean.TRUE, kraken.spot().deallocateEarnFunds(deallocate(SpotFamily.STRATEGY_SOL, "5")));

    clock.advance(EARN_DELAY.minusSeconds(1));
    assertTrue(status(kraken, strategy), "still in progress one second before the delay");
    clock.advance(Duration.ofSeconds(1));
    assertFalse(status(kraken, strategy));
    assertEquals(0, BigDecimal.ZERO.compareTo(sandbox.spot().earnAllocation(strategy).pending()));
    assertEquals(0, allocated.subtract(new BigDecimal("2.5")).compareTo(sandbox.spot().earnAllocation(strategy).allocated()));

    // Once completed, the strategy takes another deallocation.
    assertEquals(Boolean.TRUE, kraken.spot().deallocateEarnFunds(deallocate(strategy, "1")));
  }

  @Test
  void deallocatingMoreThanAllocatedFailsOnCompletionAndStatusReportsIt(KrakenClient kraken, Sandbox sandbox) {
    String strategy = SpotFamily.STRATEGY_USDC;
    BigDecimal allocated = sandbox.spot().earnAllocation(strategy).allocated();
    assertEquals(Boolean.TRUE, kraken.spot().deallocateEarnFunds(deallocate(strategy, "999999")));
    clock.advance(EARN_DELAY);
    KrakenServiceException failed = assertThrows(KrakenServiceException.class, () -> status(kraken, strategy));
    assertEquals(List.of(SpotFamily.INSUFFICIENT_FUNDS), failed.errors());
    assertEquals(0, allocated.compareTo(sandbox.spot().earnAllocation(strategy).allocated()));
  }

  @Test
  void statusOfAnUntouchedStrategyIsNotPendingAndOfAnUnknownOneIsRefused(KrakenClient kraken) {
    assertFalse(status(kraken, SpotFamily.STRATEGY_SOL));
    KrakenServiceException e = assertThrows(KrakenServiceException.class, () -> status(kraken, "EUNKNOWN"));
    assertTrue(e.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS));
    assertEquals(List.of(SpotFamily.INVALID_STRATEGY), e.errors());
  }

  public static DeallocateEarnFundsRequest deallocate(String strategy, String amount) {
    return DeallocateEarnFundsRequest.builder().strategyId(strategy).amount(new BigDecimal(amount)).build();
  }

  static boolean status(KrakenClient kraken, String strategy) {
    return kraken.spot().getDeallocateStatus(r -> r.strategyId(strategy)).pending();
  }

  // ---- WithdrawCancel ----

  @Test
  void onlyWithdrawalsNotYetProcessedCanBeCancelled(KrakenClient kraken, Sandbox sandbox) {
    assertEquals(Boolean.TRUE, cancel(kraken, "ETH", SpotFamily.WITHDRAWAL_PENDING));
    assertEquals(SpotFundingState.CANCELLED, sandbox.spot().withdrawalState(SpotFamily.WITHDRAWAL_PENDING));
    assertEquals(Boolean.TRUE, cancel(kraken, "XXBT", SpotFamily.WITHDRAWAL_INITIAL), "internal asset names work too");

    for (String processed : List.of(SpotFamily.WITHDRAWAL_SETTLED, SpotFamily.WITHDRAWAL_SUCCESS,
        SpotFamily.WITHDRAWAL_FAILURE)) {
      String asset = processed.equals(SpotFamily.WITHDRAWAL_SETTLED) ? "ETH"
          : processed.equals(SpotFamily.WITHDRAWAL_SUCCESS) ? "USDC" : "SOL";
      SpotFundingState before = sandbox.spot().withdrawalState(processed);
      KrakenServiceException e = assertThrows(KrakenServiceException.class, () -> cancel(kraken, asset, processed));
      assertEquals(List.of(SpotFamily.ALREADY_PROCESSED), e.errors(), processed);
      assertEquals(before, sandbox.spot().withdrawalState(processed));
    }
    KrakenServiceException again = assertThrows(KrakenServiceException.class,
        () -> cancel(kraken, "ETH", SpotFamily.WITHDRAWAL_PENDING));
    assertEquals(List.of(SpotFamily.ALREADY_CANCELLED), again.errors());
    KrakenServiceException unknown = assertThrows(KrakenServiceException.class,
        () -> cancel(kraken, "ETH", "FTQnope-0000000000000000000000"));
    assertEquals(List.of(SpotFamily.UNKNOWN_REFERENCE), unknown.errors());
  }

  @Test
  void aWithdrawalIsFoundOnlyWithItsAsset(KrakenClient kraken, Sandbox sandbox) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> cancel(kraken, "XBT", SpotFamily.WITHDRAWAL_PENDING));
    assertEquals(List.of(SpotFamily.UNKNOWN_REFERENCE), e.errors());
    assertEquals(SpotFundingState.PENDING, sandbox.spot().withdrawalState(SpotFamily.WITHDRAWAL_PENDING));
  }

  static Boolean cancel(KrakenClient kraken, String asset, String refid) {
    return kraken.spot().cancelWithdrawal(r -> r.asset(asset).refid(refid));
  }
}
