package io.github.krakensdk.examples.consumer;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.AssetInfo;
import java.util.Map;

/**
 * A client team's first call: the SDK from a Maven repository through {@code kraken-bom}, one Spot
 * call against the embedded sandbox (no network, demo keys).
 *
 * <pre>{@code
 * mvn -B package   # builds and runs this, printing "XBT: {XXBT=AssetInfo[...]}"
 * }</pre>
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start();
        KrakenClient kraken = sandbox.newClient()) {
      Map<String, AssetInfo> assets = kraken.spot().getAssets(r -> r.asset("XBT"));
      System.out.println("XBT: " + assets);
    }
  }
}
