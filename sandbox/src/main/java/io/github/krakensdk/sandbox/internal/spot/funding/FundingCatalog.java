package io.github.krakensdk.sandbox.internal.spot.funding;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The funding methods of the legacy calls ({@code DepositMethods}, {@code WithdrawMethods}) as
 * Funding (Beta) names them: each with a stable UUID {@code method_id}, the network it runs on
 * (a UUID {@code network_id}), and the networks' groups (EVM). Ids of methods and of the sandbox's
 * own networks are name-based UUIDs, the same on every run; Ethereum, Arbitrum One and the EVM group
 * carry the ids of Kraken's published examples.
 *
 * <pre>{@code
 * FundingCatalog.Method usdc = FundingCatalog.withdrawMethod("USDC", "USDC - Ethereum (ERC20)");
 * usdc.methodId();   // a UUID
 * usdc.networkId();  // d9d375da-44b7-4be1-8a00-8b281acfe366 (Ethereum)
 * }</pre>
 */
public final class FundingCatalog {
  private FundingCatalog() {}

  public static final String DEPOSIT = "deposit";
  public static final String WITHDRAW = "withdraw";

  /** A network; {@code groupId} is null for one in no group. */
  public record Network(String networkId, String name, String groupId) {}

  public record NetworkGroup(String networkGroupId, String name, List<String> networkIds) {}

  /**
   * A legacy method in Funding (Beta)'s terms.
   *
   * @param direction {@link #DEPOSIT} or {@link #WITHDRAW}.
   * @param asset the asset's internal name ({@code XXBT}).
   * @param name the legacy method name ({@code Bitcoin}), Funding (Beta)'s {@code method_name}.
   * @param networkId null for a bank method (SEPA, SWIFT).
   * @param minimum the least amount; {@code maximum} the most (null: none).
   * @param fee the base fee, in the asset.
   * @param addresses whether deposit addresses can be claimed (on-chain deposit methods but
   *     Lightning, whose invoices need an amount).
   * @param contractAddress the token's contract, for a token (USDC on Ethereum), else null.
   */
  public record Method(String methodId, String direction, String asset, String name, String networkId,
      String minimum, String maximum, String fee, boolean addresses, String contractAddress) {
    public boolean deposit() {
      return direction.equals(DEPOSIT);
    }
  }

  public static final String EVM_GROUP = "f95acdb7-48fb-4441-b5b4-843d3bf60e61";
  public static final String ETHEREUM = "d9d375da-44b7-4be1-8a00-8b281acfe366";
  public static final String ARBITRUM_ONE = "bc7562cf-1e51-4308-b52b-d062aaa6aa3b";

  private static final List<Network> NETWORKS = List.of(
      new Network(named("network Bitcoin"), "Bitcoin", null),
      new Network(named("network Lightning"), "Lightning", null),
      new Network(ETHEREUM, "Ethereum", EVM_GROUP),
      new Network(ARBITRUM_ONE, "Arbitrum One", EVM_GROUP),
      new Network(named("network Solana"), "Solana", null));

  private static final List<NetworkGroup> GROUPS = List.of(
      new NetworkGroup(EVM_GROUP, "EVM", List.of(ETHEREUM, ARBITRUM_ONE)));

  private static final String USDC_CONTRACT = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";

  private static final List<Method> METHODS = methods();

  private static List<Method> methods() {
    List<Method> methods = new ArrayList<>();
    for (Deposits.Method method : Deposits.METHODS) {
      String network = switch (method.kind()) {
        case "bitcoin" -> "Bitcoin";
        case "lightning" -> "Lightning";
        case "ethereum" -> "Ethereum";
        case "solana" -> "Solana";
        default -> null;
      };
      methods.add(new Method(named("method deposit " + method.asset() + " " + method.name()), DEPOSIT, method.asset(),
          method.name(), network == null ? null : networkNamed(network).networkId(), method.minimum(), method.limit(),
          method.fee(), method.generatesAddresses(), method.asset().equals("USDC") ? USDC_CONTRACT : null));
    }
    for (Withdrawals.Method method : Withdrawals.METHODS) {
      Optional<Network> network = NETWORKS.stream().filter(n -> n.name().equals(method.network())).findFirst();
      methods.add(new Method(named("method withdraw " + method.asset() + " " + method.name()), WITHDRAW,
          method.asset(), method.name(), network.map(Network::networkId).orElse(null), method.minimum(), null,
          method.fee(), false, method.asset().equals("USDC") ? USDC_CONTRACT : null));
    }
    return List.copyOf(methods);
  }

  private static String named(String text) {
    return UUID.nameUUIDFromBytes(("kraken-sandbox " + text).getBytes(StandardCharsets.UTF_8)).toString();
  }

  private static Network networkNamed(String name) {
    return NETWORKS.stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
  }

  /** Every method, deposits first, in the legacy calls' order. */
  public static List<Method> methods(String direction) {
    return METHODS.stream().filter(m -> m.direction().equals(direction)).toList();
  }

  public static Optional<Method> method(String methodId) {
    return METHODS.stream().filter(m -> m.methodId().equals(methodId)).findFirst();
  }

  public static Method depositMethod(String asset, String name) {
    return find(DEPOSIT, asset, name);
  }

  public static Method withdrawMethod(String asset, String name) {
    return find(WITHDRAW, asset, name);
  }

  private static Method find(String direction, String asset, String name) {
    return METHODS.stream().filter(m -> m.direction().equals(direction) && m.asset().equals(asset)
        && m.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
            "no " + direction + " method " + name + " of " + asset));
  }

  public static List<Network> networks() {
    return NETWORKS;
  }

  public static List<NetworkGroup> groups() {
    return GROUPS;
  }

  public static Optional<Network> network(String networkId) {
    return NETWORKS.stream().filter(n -> n.networkId().equals(networkId)).findFirst();
  }

  public static Optional<NetworkGroup> group(String groupId) {
    return GROUPS.stream().filter(g -> g.networkGroupId().equals(groupId)).findFirst();
  }

  /**
   * Whether {@code method} belongs to the scope {@code kind}/{@code id}: the method itself, its
   * network, or its network's group.
   *
   * @param kind {@code method_id}, {@code network_id} or {@code network_group_id}.
   */
  public static boolean inScope(Method method, String kind, String id) {
    return switch (kind) {
      case "method_id" -> method.methodId().equals(id);
      case "network_id" -> id.equals(method.networkId());
      case "network_group_id" -> method.networkId() != null
          && network(method.networkId()).map(n -> id.equals(n.groupId())).orElse(false);
      default -> false;
    };
  }
}
