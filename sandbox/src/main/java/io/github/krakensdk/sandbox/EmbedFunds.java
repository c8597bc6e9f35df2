package io.github.krakensdk.sandbox;

import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.DepositLimitMeta;
import io.github.krakensdk.embed.model.DepositMethod;
import io.github.krakensdk.embed.model.DepositMethods;
import io.github.krakensdk.embed.model.DepositMethodsResponse;
import io.github.krakensdk.embed.model.NetworkInfo;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** An Embed user's funds ({@code /b2b/funds/...}): deposit methods. */
final class EmbedFunds {
  private record Method(String asset, String id, String network, String minimum, String fee, String explorer,
      String confirmations, String minutes, String contract) {}

  private static final List<Method> METHODS = List.of(
      new Method("BTC", "6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13", "Bitcoin", "0.00010000", "0.00000000",
          "https://mempool.space", "3", "30", ""),
      new Method("BTC", "2a7e9c41-5d3b-4f86-8e2a-1b9c0d4e7f65", "Lightning", "0.00000100", "0.00000000",
          "https://amboss.space", "0", "1", ""),
      new Method("ETH", "c4d8e2f1-6a9b-4c3d-8e7f-0a1b2c3d4e5f", "Ethereum", "0.00100000", "0.00000000",
          "https://etherscan.io", "35", "7", ""),
      new Method("ETH", "7b3e1d9f-2c4a-4e8b-9d6f-5a0c1e2b3d4f", "Arbitrum One", "0.00100000", "0.00000000",
          "https://arbiscan.io", "20", "5", ""),
      new Method("USDC", "0b9e4d21-7c3a-4f8e-b6d5-2a1c9e8f7d60", "Ethereum", "5.00", "0.00",
          "https://etherscan.io", "35", "7", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
      new Method("USDC", "9d3f6b82-1e4c-4a7b-8c0d-f2e5a6b7c8d9", "Solana", "1.00", "0.00",
          "https://solscan.io", "1", "1", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      new Method("SOL", "e5a1c7d3-9b2f-4d6e-8a0c-3f1b5d7e9a2c", "Solana", "0.01000000", "0.00000000",
          "https://solscan.io", "1", "1", ""));

  private final EmbedState state;

  EmbedFunds(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/funds/deposits/methods/{asset}", "getDepositMethods", true, this::depositMethods);
  }

  private Reply depositMethods(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      if (state.user(partner, call.query("user")) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    String asset = path.get("asset");
    List<DepositMethod> methods = new ArrayList<>();
    for (Method method : METHODS) {
      if (method.asset().equals(asset)) {
        methods.add(new DepositMethod(UUID.fromString(method.id()),
            new AssetAmount(asset, new BigDecimal(method.fee())),
            new AssetAmount(asset, new BigDecimal(method.minimum())),
            null,
            new AssetAmount(asset, new BigDecimal(method.fee())),
            new BigDecimal("0.00"), method.network(),
            new NetworkInfo(method.explorer(), method.confirmations(), method.minutes(), method.contract()),
            List.of(new DepositLimitMeta("daily", Map.of("remaining", "2.50000000", "total", "5.00000000")))));
      }
    }
    if (methods.isEmpty()) {
      return EmbedFamily.error(400, "EQuery:Unknown asset");
    }
    return EmbedFamily.ok(new DepositMethodsResponse(new DepositMethods(methods)));
  }
}
