package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.funding.model.AssetAmount;
import io.github.krakensdk.funding.model.AssetClass;
import io.github.krakensdk.funding.model.CreatedWithdrawal;
import io.github.krakensdk.funding.model.FeeQuote;
import io.github.krakensdk.funding.model.FundingAsset;
import io.github.krakensdk.funding.model.FundingDirection;
import io.github.krakensdk.funding.model.FundingMethod;
import io.github.krakensdk.funding.model.QuotedFee;
import io.github.krakensdk.funding.model.RebasableAmount;
import io.github.krakensdk.funding.model.Scope;
import io.github.krakensdk.funding.model.Withdrawal;
import io.github.krakensdk.funding.model.WithdrawalAddress;
import io.github.krakensdk.funding.model.WithdrawalFee;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.spot.model.FundingReference;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 24's acceptance, through the SDK against the sandbox: Funding (Beta) and the legacy Spot
 * funding calls are one funding state. A withdrawal made with {@code kraken.funding()} (at a quoted
 * fee) is in the legacy WithdrawStatus, its {@code refid} the {@code withdrawal_id} and its {@code
 * key} the saved address's name; a legacy Withdraw to a key is in Funding's listing with that
 * address's {@code address_id}. The calls alternate Funding and Spot on one key, so the one nonce
 * counter they share is exercised too.
 */
@ExtendWith(SandboxExtension.class)
class FundingAndLegacyWithdrawalsTest {
  private static final String ETH = "ETH";
  private static final String COLD = "eth-cold";

  @Test
  void aFundingWithdrawalIsInTheLegacyWithdrawStatus(KrakenClient kraken) {
    FundingMethod ether = ether(kraken);
    WithdrawalAddress cold = saved(kraken, COLD);
    FeeQuote quote = kraken.funding().getFees(r -> r.methodId(ether.methodId()).amount(new BigDecimal("0.2"))
        .feeIncluded(false));
    BigDecimal before = kraken.spot().getBalance().get("XETH");
    CreatedWithdrawal created = kraken.funding().createWithdrawal(r -> r
        .scope(Scope.builder().methodId(ether.methodId()).build())
        .addressId(cold.addressId())
        .amount(RebasableAmount.builder().assetAmount(eth("0.2")).build())
        .fee(WithdrawalFee.builder().quotedFee(QuotedFee.builder().token(quote.withdrawalFeeToken()).build())
            .feeIncluded(false).build()));
    assertEquals(0, quote.fee().amount().compareTo(created.fee().assetAmount().amount()), "the quoted fee");
    assertEquals(0, new BigDecimal("0.2").compareTo(created.netAmount().assetAmount().amount()), "fee not included");

    io.github.krakensdk.spot.model.Withdrawal legacy = kraken.spot().getWithdrawalStatus(r -> r.asset(ETH))
        .withdrawals().stream().filter(w -> w.refid().equals(created.withdrawalId())).findFirst()
        .orElseThrow(() -> new AssertionError("WithdrawStatus does not list " + created.withdrawalId()));
    assertEquals(COLD, legacy.key(), "the legacy key is the saved address's name");
    assertEquals(ether.methodName(), legacy.method());
    assertEquals(0, new BigDecimal("0.2").compareTo(legacy.amount()), "amount " + legacy.amount());
    assertEquals(0, created.fee().assetAmount().amount().compareTo(legacy.fee()), "fee " + legacy.fee());
    BigDecimal after = kraken.spot().getBalance().get("XETH");
    assertEquals(0, before.subtract(after).compareTo(created.grossAmount().assetAmount().amount()),
        "the Spot balance paid the gross amount: " + before + " → " + after);
  }

  @Test
  void aLegacyWithdrawIsInFundingsListing(KrakenClient kraken) {
    FundingReference legacy = kraken.spot().withdrawFunds(r -> r.asset(ETH).key(COLD).amount(new BigDecimal("0.05")));
    WithdrawalAddress cold = saved(kraken, COLD);
    List<Withdrawal> listed = kraken.funding().listWithdrawalsPages(r -> r.assetClass(AssetClass.CURRENCY)
        .assetName(ETH)).stream().toList();
    Withdrawal found = listed.stream().filter(w -> w.withdrawalId().equals(legacy.refid())).findFirst()
        .orElseThrow(() -> new AssertionError("listWithdrawals does not list " + legacy.refid() + ": " + listed));
    assertEquals(cold.addressId(), found.addressId(), "the saved address of the legacy key");
    assertEquals(ether(kraken).methodId(), found.methodId());
    assertTrue(found.withdrawalId().matches("[Ff][Tt][a-zA-Z0-9]{5}-[a-zA-Z0-9]{22}"), found.withdrawalId());
    io.github.krakensdk.spot.model.Withdrawal same = kraken.spot().getWithdrawalStatus(r -> r.asset(ETH))
        .withdrawals().stream().filter(w -> w.refid().equals(legacy.refid())).findFirst().orElseThrow();
    assertEquals(0, same.amount().compareTo(found.amount().amount()), "amount " + found.amount());
    assertEquals(0, same.fee().compareTo(found.fee().amount()), "fee " + found.fee());
    assertEquals(ETH, found.amount().asset().name());
  }

  private static FundingMethod ether(KrakenClient kraken) {
    return kraken.funding().listMethods(r -> r.direction(FundingDirection.WITHDRAW).assetClass(AssetClass.CURRENCY)
        .assetName(ETH)).methods().get(0);
  }

  private static WithdrawalAddress saved(KrakenClient kraken, String name) {
    return kraken.funding().listAddresses().addresses().stream().filter(a -> a.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no saved address named " + name));
  }

  private static AssetAmount eth(String amount) {
    return AssetAmount.builder().asset(FundingAsset.builder().assetClass(AssetClass.CURRENCY).name(ETH).build())
        .amount(new BigDecimal(amount)).build();
  }
}
