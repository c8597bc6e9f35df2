package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.funding.FundingService;
import io.github.krakensdk.funding.model.AssetAmount;
import io.github.krakensdk.funding.model.AssetClass;
import io.github.krakensdk.funding.model.ClaimedAddress;
import io.github.krakensdk.funding.model.CreatedWithdrawal;
import io.github.krakensdk.funding.model.CreatedWithdrawalAddress;
import io.github.krakensdk.funding.model.DeletedWithdrawalAddress;
import io.github.krakensdk.funding.model.Deposit;
import io.github.krakensdk.funding.model.DepositLimits;
import io.github.krakensdk.funding.model.DepositsPage;
import io.github.krakensdk.funding.model.FeeQuote;
import io.github.krakensdk.funding.model.FundingAsset;
import io.github.krakensdk.funding.model.FundingAssetName;
import io.github.krakensdk.funding.model.FundingAssets;
import io.github.krakensdk.funding.model.FundingDirection;
import io.github.krakensdk.funding.model.FundingErrorCode;
import io.github.krakensdk.funding.model.FundingMethod;
import io.github.krakensdk.funding.model.FundingNetworks;
import io.github.krakensdk.funding.model.MethodLimits;
import io.github.krakensdk.funding.model.Network;
import io.github.krakensdk.funding.model.NetworkGroup;
import io.github.krakensdk.funding.model.NewAddressDetails;
import io.github.krakensdk.funding.model.NewCryptoAddress;
import io.github.krakensdk.funding.model.QuotedFee;
import io.github.krakensdk.funding.model.RebasableAmount;
import io.github.krakensdk.funding.model.Scope;
import io.github.krakensdk.funding.model.UpdatedWithdrawalAddress;
import io.github.krakensdk.funding.model.Withdrawal;
import io.github.krakensdk.funding.model.WithdrawalAddress;
import io.github.krakensdk.funding.model.WithdrawalFee;
import io.github.krakensdk.funding.model.WithdrawalLimits;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.DepositAddress;
import io.github.krakensdk.spot.model.FundingReference;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tour's Funding (Beta) steps, {@code kraken.funding()}, one per operation (named by Kraken's
 * operationIds), on the same account, key and funding state as the Spot funding steps before
 * them: networks and assets, the ETH withdrawal method and a fee quote with its token, limits, a
 * deposit address claimed (and found in the legacy DepositAddresses), deposits paged with the
 * cursor, a withdrawal address saved, renamed and listed (and seen by the legacy
 * WithdrawAddresses under its name), a withdrawal made with the quoted token (and found in the
 * legacy WithdrawStatus), a legacy Withdraw found in Funding's listing, and the saved address
 * deleted.
 */
final class FundingTour {
  private static final String ETH = "ETH";
  /** Ethereum's network id: the one of Kraken's published examples, which the sandbox uses too. */
  private static final String ETHEREUM = "d9d375da-44b7-4be1-8a00-8b281acfe366";
  private static final String ADDRESS_PATTERN = "AB[a-zA-Z0-9]{5}-[a-zA-Z0-9]{5}-[a-zA-Z0-9]{6}";
  /** The Ethereum address the tour saves. */
  private static final String TOUR_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
  private static final String WITHDRAWAL_PATTERN = "[Ff][Tt][a-zA-Z0-9]{5}-[a-zA-Z0-9]{22}";

  private final Tour tour;
  private final FundingService funding;
  private final SpotService spot;
  /** The ETH withdrawal method on Ethereum, found by listFundingMethodsV1. */
  private String withdrawMethod;
  /** The ETH deposit method on Ethereum, and its name (the legacy calls' method). */
  private String depositMethod;
  private String depositMethodName;
  /** The fee token of the quote for 0.1 ETH, fee included. */
  private String feeToken;
  private String claimedAddress;
  /** The withdrawal address this tour saves, and its name (the legacy key) after the rename. */
  private String addressId;
  private String addressName;
  private String withdrawalId;

  private FundingTour(Tour tour) {
    this.tour = tour;
    this.funding = tour.kraken.funding();
    this.spot = tour.kraken.spot();
  }

  static void run(Tour tour) {
    new FundingTour(tour).steps();
  }

  private void steps() {
    referenceData();
    deposits();
    addresses();
    withdrawals();
    tour.step("deleteFundingAddressV1", () -> {
      check(addressId != null, "createFundingAddressV1 saved no address");
      DeletedWithdrawalAddress deleted = funding.deleteAddress(r -> r.id(addressId));
      check(Boolean.TRUE.equals(deleted.result()), "result " + deleted.result());
      check(funding.listAddresses().addresses().stream().noneMatch(a -> a.addressId().equals(addressId)),
          "still listed");
      check(spot.listWithdrawalAddresses(r -> r.asset(ETH)).stream().noneMatch(a -> a.key().equals(addressName)),
          "the legacy WithdrawAddresses still lists " + addressName);
      KrakenServiceException again = expectError(() -> funding.deleteAddress(r -> r.id(addressId)));
      check(FundingErrorCode.NOT_FOUND.equals(again.code()), "deleted again: " + again.errors());
      return addressId + " deleted: gone from listFundingAddressesV1 and from the legacy WithdrawAddresses; again → "
          + again.httpStatus() + " " + again.code();
    });
  }

  // ---- reference data ----

  private void referenceData() {
    tour.step("listFundingNetworksV1", () -> {
      // API-OTP is the key's two-factor password; the sandbox's keys have none, so it is taken and ignored.
      FundingNetworks networks = funding.listNetworks(r -> r.otp("123456"));
      Set<String> ids = networks.networks().stream().map(Network::networkId).collect(Collectors.toSet());
      check(ids.contains(ETHEREUM), "no Ethereum among " + ids);
      NetworkGroup evm = networks.networkGroups().stream().filter(g -> g.networkIds().contains(ETHEREUM)).findFirst()
          .orElseThrow(() -> new AssertionError("Ethereum is in no network group"));
      check(ids.containsAll(evm.networkIds()), "the group " + evm.name() + " names unlisted networks");
      return networks.networks().size() + " networks " + networks.networks().stream().map(Network::name).toList()
          + "; group " + evm.name() + " of " + evm.networkIds().size() + " (Ethereum among them); with API-OTP set";
    });
    tour.step("listFundingAssetsV1", () -> {
      FundingAssets all = funding.listAssets(r -> r.direction(FundingDirection.WITHDRAW));
      List<String> currencies = names(all.currency());
      check(currencies.contains(ETH), "no ETH to withdraw: " + currencies);
      FundingAssets onlyCurrencies = funding.listAssets(r -> r.direction(FundingDirection.WITHDRAW)
          .assetClass(AssetClass.CURRENCY));
      check(names(onlyCurrencies.currency()).equals(currencies), "the filtered currencies " + onlyCurrencies.currency());
      check(onlyCurrencies.tokenizedAsset() == null || onlyCurrencies.tokenizedAsset().isEmpty(),
          "asset_class=currency still lists " + onlyCurrencies.tokenizedAsset());
      return "to withdraw: currencies " + currencies + ", tokenized assets " + names(all.tokenizedAsset())
          + "; asset_class=currency → the currencies alone";
    });
    tour.step("listFundingMethodsV1", () -> {
      FundingMethod eth = ethereumMethod(FundingDirection.WITHDRAW);
      withdrawMethod = eth.methodId();
      FundingMethod deposit = ethereumMethod(FundingDirection.DEPOSIT);
      depositMethod = deposit.methodId();
      depositMethodName = deposit.methodName();
      check(eth.withdrawal() != null && eth.deposit() == null, "a withdraw method with deposit details");
      // Every withdraw method, two a page: the pages follow next_cursor to the end.
      List<FundingMethod> paged = funding.listMethodsPages(r -> r.direction(FundingDirection.WITHDRAW).limit(2))
          .stream().toList();
      List<FundingMethod> whole = funding.listMethods(r -> r.direction(FundingDirection.WITHDRAW)).methods();
      check(paged.equals(whole), paged.size() + " methods in pages of 2, " + whole.size() + " in one");
      return "ETH withdraw: " + eth.methodName() + " on " + eth.network().networkName() + " (" + withdrawMethod
          + "), minimum " + eth.minimumAmount() + ", base fee " + eth.fees().base().amount() + "; all "
          + whole.size() + " withdraw methods the same in pages of 2";
    });
    tour.step("calculateFundingFeesV1", () -> {
      check(withdrawMethod != null, "listFundingMethodsV1 found no method");
      BigDecimal amount = new BigDecimal("0.1");
      FeeQuote quote = funding.getFees(r -> r.methodId(withdrawMethod).amount(amount).feeIncluded(true));
      feeToken = quote.withdrawalFeeToken();
      check(feeToken != null && !feeToken.isEmpty(), "a withdraw method's quote without a token");
      check(quote.grossAmount().amount().compareTo(amount) == 0, "gross " + quote.grossAmount().amount());
      check(quote.netAmount().amount().add(quote.fee().amount()).compareTo(amount) == 0,
          "net " + quote.netAmount().amount() + " + fee " + quote.fee().amount());
      // The token re-quotes at the rate it pinned.
      FeeQuote again = funding.getFees(r -> r.methodId(withdrawMethod).amount(amount).feeIncluded(true)
          .withdrawalFeeToken(feeToken));
      check(again.fee().amount().compareTo(quote.fee().amount()) == 0, "the pinned fee " + again.fee().amount());
      FeeQuote deposit = funding.getFees(r -> r.methodId(depositMethod).amount(amount).feeIncluded(true));
      check(deposit.withdrawalFeeToken() == null, "a deposit method's quote with a token");
      return "0.1 ETH, fee included: fee " + quote.fee().amount() + ", net " + quote.netAmount().amount()
          + ", token " + feeToken.substring(0, Math.min(12, feeToken.length())) + "… (re-quoted at the same fee);"
          + " a deposit method's quote has no token";
    });
    tour.step("listFundingDepositLimitsV1", () -> {
      DepositLimits limits = funding.listDepositLimits(r -> r.assetClass(AssetClass.CURRENCY).asset(ETH));
      Set<String> methods = limits.depositLimits().stream().map(MethodLimits::methodId).collect(Collectors.toSet());
      check(methods.contains(depositMethod), "the Ethereum deposit method has no limits: " + methods);
      check(!methods.contains(withdrawMethod), "a withdraw method among the deposit limits");
      return "ETH deposit limits for " + methods.size() + " method(s), the Ethereum one among them";
    });
    tour.step("listFundingWithdrawalLimitsV1", () -> {
      WithdrawalLimits limits = funding.listWithdrawalLimits(r -> r.assetClass(AssetClass.CURRENCY).asset(ETH));
      BigDecimal balance = spot.getBalance().getOrDefault("XETH", BigDecimal.ZERO);
      check(limits.availableBalance().amount().compareTo(balance) == 0,
          "available " + limits.availableBalance().amount() + ", Spot balance " + balance);
      MethodLimits eth = limits.withdrawalLimits().stream().filter(l -> l.methodId().equals(withdrawMethod))
          .findFirst().orElseThrow(() -> new AssertionError("no limits of the Ethereum withdraw method"));
      check(eth.maximumAmount().amount().compareTo(balance) <= 0, "maximum " + eth.maximumAmount().amount()
          + " above the balance " + balance);
      return "available " + limits.availableBalance().amount().stripTrailingZeros().toPlainString()
          + " ETH (the Spot balance); Ethereum at most " + eth.maximumAmount().amount().stripTrailingZeros()
          .toPlainString() + " now (" + eth.maximumReason() + ")";
    });
  }

  // ---- deposits ----

  private void deposits() {
    tour.step("claimFundingDepositAddressV1", () -> {
      claimedAddress = funding.claimDepositAddress(r -> r.methodId(depositMethod)).addressDetails().crypto().address();
      check(claimedAddress != null && !claimedAddress.isEmpty(), "no address claimed");
      // One funding state: the legacy DepositAddresses lists the same address for the method.
      List<DepositAddress> legacy = spot.listDepositAddresses(r -> r.asset(ETH).method(depositMethodName));
      check(legacy.stream().anyMatch(a -> a.address().equals(claimedAddress)),
          "the legacy DepositAddresses does not list " + claimedAddress);
      return "Ethereum deposit address " + claimedAddress + ", also in the legacy DepositAddresses ("
          + depositMethodName + ")";
    });
    tour.step("listFundingClaimedAddressesV2", () -> {
      List<ClaimedAddress> claimed = funding.listClaimedAddresses(r -> r.scopeMethodId(depositMethod)).addresses();
      check(claimed.stream().anyMatch(a -> a.addressDetails().crypto().address().equals(claimedAddress)),
          "the claimed address is not listed");
      check(claimed.stream().allMatch(a -> depositMethod.equals(a.methodId())), "another method's address listed");
      return claimed.size() + " claimed address(es) of the Ethereum deposit method, " + claimedAddress + " among them";
    });
    tour.step("listFundingDepositsV1", () -> {
      // One deposit a page: each next_cursor (which carries the first request's filters) is sent alone.
      DepositsPage page = funding.listDeposits(r -> r.limit(1));
      List<Deposit> deposits = new ArrayList<>(page.deposits());
      int pages = 1;
      while (page.nextCursor() != null && pages < 100) {
        String cursor = page.nextCursor();
        page = funding.listDeposits(r -> r.cursor(cursor));
        deposits.addAll(page.deposits());
        pages++;
      }
      check(pages > 1 && page.nextCursor() == null, pages + " pages, the last with cursor " + page.nextCursor());
      Set<String> legacy = spot.getDepositStatus().deposits().stream()
          .map(io.github.krakensdk.spot.model.Deposit::refid).collect(Collectors.toSet());
      Set<String> ids = deposits.stream().map(Deposit::depositId).collect(Collectors.toSet());
      check(ids.size() == deposits.size(), "a deposit on two pages");
      check(ids.containsAll(legacy), "deposits of the legacy DepositStatus missing: " + diff(legacy, ids));
      return deposits.size() + " deposits in " + pages + " pages of one, by next_cursor; every deposit of the legacy"
          + " DepositStatus among them (deposit_id = refid)";
    });
  }

  // ---- withdrawal addresses ----

  private void addresses() {
    String address = TOUR_ADDRESS;
    tour.step("createFundingAddressV1", () -> {
      check(withdrawMethod != null, "listFundingMethodsV1 found no method");
      CreatedWithdrawalAddress created = funding.createAddress(r -> r
          .scope(Scope.builder().methodId(withdrawMethod).build())
          .addressDetails(NewAddressDetails.builder().crypto(NewCryptoAddress.builder().address(address).build()).build())
          .name("tour-eth").description("saved by the tour"));
      check(created.addressId().matches(ADDRESS_PATTERN), "address id " + created.addressId());
      check(Boolean.TRUE.equals(created.verified()), "an address saved through the API is verified at once");
      addressId = created.addressId();
      addressName = "tour-eth";
      KrakenServiceException twice = expectError(() -> funding.createAddress(r -> r
          .scope(Scope.builder().methodId(withdrawMethod).build())
          .addressDetails(NewAddressDetails.builder().crypto(NewCryptoAddress.builder().address(address).build()).build())
          .name("tour-eth")));
      return address + " saved as tour-eth: " + addressId + ", verified; the same name again → "
          + twice.httpStatus() + " " + twice.code();
    });
    tour.step("updateFundingAddressV1", () -> {
      check(addressId != null, "createFundingAddressV1 saved no address");
      UpdatedWithdrawalAddress updated = funding.updateAddress(r -> r.id(addressId).name("tour-eth-cold")
          .description("renamed by the tour"));
      check(Boolean.TRUE.equals(updated.verified()), "verified " + updated.verified());
      addressName = "tour-eth-cold";
      return addressId + " renamed tour-eth → tour-eth-cold, described; still verified";
    });
    tour.step("listFundingAddressesV1", () -> {
      check(addressId != null, "createFundingAddressV1 saved no address");
      List<WithdrawalAddress> listed = funding.listAddresses(r -> r.scopeMethodId(withdrawMethod)).addresses();
      WithdrawalAddress mine = listed.stream().filter(a -> a.addressId().equals(addressId)).findFirst()
          .orElseThrow(() -> new AssertionError("the saved address is not listed"));
      check(addressName.equals(mine.name()) && "renamed by the tour".equals(mine.description()),
          "listed as " + mine.name() + " / " + mine.description());
      check(address.equals(mine.addressDetails().crypto().address()), "address " + mine.addressDetails());
      // The saved address's name is the legacy Withdraw key.
      check(spot.listWithdrawalAddresses(r -> r.asset(ETH)).stream().anyMatch(a -> a.key().equals(addressName)
          && a.address().equals(address)), "the legacy WithdrawAddresses does not list the key " + addressName);
      List<String> names = listed.stream().map(WithdrawalAddress::name).toList();
      return "Ethereum method's addresses " + names + "; " + addressName + " is also the legacy WithdrawAddresses' key";
    });
  }

  // ---- withdrawals ----

  private void withdrawals() {
    tour.step("createFundingWithdrawalV1", () -> {
      check(addressId != null && feeToken != null, "no saved address or no fee token");
      BigDecimal balance = spot.getBalance().get("XETH");
      CreatedWithdrawal created = funding.createWithdrawal(r -> r
          .scope(Scope.builder().methodId(withdrawMethod).build())
          .addressId(addressId)
          .amount(RebasableAmount.builder().assetAmount(eth(new BigDecimal("0.1"))).build())
          .fee(WithdrawalFee.builder().quotedFee(QuotedFee.builder().token(feeToken).build()).feeIncluded(true).build())
          .expectedAddress(TOUR_ADDRESS));
      withdrawalId = created.withdrawalId();
      check(withdrawalId.matches(WITHDRAWAL_PATTERN), "withdrawal id " + withdrawalId);
      BigDecimal gross = created.grossAmount().assetAmount().amount();
      check(gross.compareTo(new BigDecimal("0.1")) == 0, "gross " + gross);
      BigDecimal after = spot.getBalance().get("XETH");
      check(balance.subtract(after).compareTo(gross) == 0, "the ETH balance moved from " + balance + " to " + after);
      // One funding state: the legacy WithdrawStatus lists it, its refid the withdrawal_id, its key the address's name.
      io.github.krakensdk.spot.model.Withdrawal legacy = spot.getWithdrawalStatus(r -> r.asset(ETH)).withdrawals()
          .stream().filter(w -> w.refid().equals(withdrawalId)).findFirst()
          .orElseThrow(() -> new AssertionError("the legacy WithdrawStatus does not list " + withdrawalId));
      check(addressName.equals(legacy.key()), "legacy key " + legacy.key());
      check(legacy.amount().compareTo(created.netAmount().assetAmount().amount()) == 0, "legacy amount " + legacy.amount());
      return "0.1 ETH to " + addressName + " with the quoted token: " + withdrawalId + " (net "
          + created.netAmount().assetAmount().amount() + ", fee " + created.fee().assetAmount().amount()
          + "); in the legacy WithdrawStatus as refid " + legacy.refid() + ", key " + legacy.key() + ", "
          + legacy.status();
    });
    tour.step("listFundingWithdrawalsV1", () -> {
      check(withdrawalId != null, "createFundingWithdrawalV1 made no withdrawal");
      // A withdrawal made the legacy way, to a seeded key: Funding (Beta) lists it too.
      FundingReference legacy = spot.withdrawFunds(r -> r.asset(ETH).key("eth-cold").amount(new BigDecimal("0.05")));
      List<Withdrawal> listed = funding.listWithdrawalsPages(r -> r.assetClass(AssetClass.CURRENCY).assetName(ETH)
          .limit(1)).stream().toList();
      Withdrawal made = find(listed, withdrawalId);
      Withdrawal old = find(listed, legacy.refid());
      check(addressId.equals(made.addressId()) && withdrawMethod.equals(made.methodId()),
          "ours: address " + made.addressId() + ", method " + made.methodId());
      String coldId = funding.listAddresses().addresses().stream().filter(a -> a.name().equals("eth-cold"))
          .map(WithdrawalAddress::addressId).findFirst().orElseThrow(() -> new AssertionError("eth-cold is not saved"));
      check(coldId.equals(old.addressId()), "the legacy one's address " + old.addressId() + ", eth-cold is " + coldId);
      check(listed.indexOf(old) < listed.indexOf(made), "not newest first");
      return listed.size() + " ETH withdrawals, one a page: " + withdrawalId + " (" + made.status() + ") and the legacy"
          + " Withdraw to eth-cold " + legacy.refid() + " (" + old.status() + ", address_id " + old.addressId() + ")";
    });
  }

  // ---- helpers ----

  private FundingMethod ethereumMethod(FundingDirection direction) {
    return funding.listMethods(r -> r.direction(direction).assetClass(AssetClass.CURRENCY).assetName(ETH)).methods()
        .stream().filter(m -> m.network() != null && ETHEREUM.equals(m.network().networkId())).findFirst()
        .orElseThrow(() -> new AssertionError("no " + direction + " method of ETH on Ethereum"));
  }

  private static AssetAmount eth(BigDecimal amount) {
    return AssetAmount.builder().asset(FundingAsset.builder().assetClass(AssetClass.CURRENCY).name(ETH).build())
        .amount(amount).build();
  }

  private static Withdrawal find(List<Withdrawal> withdrawals, String id) {
    return withdrawals.stream().filter(w -> w.withdrawalId().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError(id + " is not listed"));
  }

  private static List<String> names(List<FundingAssetName> assets) {
    return assets == null ? List.of() : assets.stream().map(FundingAssetName::name).toList();
  }

  private static Set<String> diff(Set<String> expected, Set<String> found) {
    Set<String> missing = new HashSet<>(expected);
    missing.removeAll(found);
    return missing;
  }
}
