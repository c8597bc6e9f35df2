package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.EarnAsset;
import io.github.krakensdk.embed.model.EarnAssets;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.krakensdk.embed.model.AssetAmount;

/** Embed Earn assets, and the rewards Auto-Earn pays. */
class EmbedEarnAssetsTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .autoEarnSwitchDelay(Duration.ZERO));

  @Test
  void theAssetsThatEarnWithTheirRates(KrakenClient kraken) {
    EarnAssets all = kraken.embed().listEarnAssets();
    assertEquals(List.of("BTC", "ETH", "SOL", "USDC"), List.copyOf(all.assets().keySet()), "money does not earn");
    EarnAsset eth = all.assets().get("ETH");
    assertEquals(new BigDecimal("2.5000"), eth.aprEstimate().low());
    assertEquals(new BigDecimal("3.5000"), eth.aprEstimate().high());
    assertEquals("P7D", eth.payoutPeriod());
    assertNull(eth.allocated(), "only for a user");
    assertEquals(List.of("SOL"), List.copyOf(kraken.embed().listEarnAssets(r -> r.assets(List.of("SOL"))).assets().keySet()));
  }

  @Test
  void withAUserAutoEarnAllocatesTheBalanceAndPaysWeeklyRewards(KrakenClient kraken, Sandbox sandbox) {
    EarnAsset before = kraken.embed().listEarnAssets(r -> r.user(USER).currency("USD")).assets().get("ETH");
    assertEquals(0, before.allocated()._native().signum(), "Auto-Earn is off");

    kraken.embed().setAutoEarn(r -> r.user(USER).wantEnabled(true));
    EarnAsset on = kraken.embed().listEarnAssets(r -> r.user(USER).currency("USD")).assets().get("ETH");
    assertEquals(new BigDecimal("4.00000000"), on.allocated()._native());
    assertEquals(new BigDecimal("13920.00"), on.allocated().converted());

    clock.advance(Duration.ofDays(7));
    // 4 ETH at 3 % a year for 7 days: 0.00230136 ETH.
    EarnAsset paid = kraken.embed().listEarnAssets(r -> r.user(USER).currency("EUR")).assets().get("ETH");
    assertEquals(new BigDecimal("0.00230136"), paid.rewarded()._native());
    assertEquals(new BigDecimal("4.00230136"), sandbox.embed().balances(USER).getOrDefault("ETH", BigDecimal.ZERO));
    assertEquals(1, kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .types(List.of(PortfolioTransactionType.EARN_REWARD)).assets(List.of("ETH"))).transactions().size());
    assertTrue(sandbox.embed().rewardsPaid(USER).contains(
        AssetAmount.builder().asset("ETH").amount(new BigDecimal("0.00230136")).build()),
        sandbox.embed().rewardsPaid(USER).toString());

    // Paid once: reading again pays nothing more until the next period ends.
    kraken.embed().getAutoEarnStatus(r -> r.user(USER));
    assertEquals(new BigDecimal("4.00230136"), sandbox.embed().balances(USER).getOrDefault("ETH", BigDecimal.ZERO));
  }

  @Test
  void aUserNeedsACurrencyAndMustBeThePartners(KrakenClient kraken) {
    KrakenServiceException noCurrency = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listEarnAssets(r -> r.user(USER)));
    assertEquals(400, noCurrency.httpStatus());
    KrakenServiceException foreign = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listEarnAssets(r -> r.user(Seed.OTHER_PARTNER_USER_IIBAN).currency("USD")));
    assertEquals(404, foreign.httpStatus());
  }
}
