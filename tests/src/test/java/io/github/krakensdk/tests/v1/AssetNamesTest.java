package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.AssetNames;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.internal.model.AssetPairsResponse;
import io.github.krakensdk.spot.internal.model.AssetsResponse;
import io.github.krakensdk.tests.client.WireFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Asset and pair names round trip between the service's internal names, altnames, WebSocket names
 * and display names, on the recorded Assets and AssetPairs answers of {@code
 * ../shared/fixtures/real/spot} (read in place; the tests are skipped without them).
 */
class AssetNamesTest {
  private static final List<String> ASSETS = List.of("assets.json", "assets-openapi-examples-full.json",
      "assets-xchange-recorded-legacy.json");
  private static final List<String> PAIRS = List.of("asset-pairs.json", "asset-pairs-xchange-recorded.json",
      "asset-pairs-xchange-recorded-legacy.json");

  private static KrakenClient kraken;

  @BeforeAll
  static void client() {
    kraken = KrakenClient.builder().build(); // for its Moshi only
  }

  @AfterAll
  static void close() {
    kraken.close();
  }

  /** {@code <project root>/../shared/fixtures/real/spot}, as RealFixtureDecodingTest finds it. */
  private static Path spotFixtures() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("api-spec")) && Files.isDirectory(dir.resolve("tests"))
          && Files.isRegularFile(dir.resolve("pom.xml"))) {
        Path spot = dir.resolve("../shared/fixtures/real/spot").normalize();
        Assumptions.assumeTrue(Files.isDirectory(spot), spot + " is absent: the naming round trips are skipped");
        return spot;
      }
    }
    Assumptions.abort("no project root above " + Paths.get("").toAbsolutePath());
    return null;
  }

  private static String read(String file) throws IOException {
    return Files.readString(spotFixtures().resolve(file));
  }

  private static Map<String, AssetInfo> assets(String file) throws IOException {
    return io.github.krakensdk.tests.contract.Contracts.moshi().adapter(AssetsResponse.class).fromJson(read(file)).result();
  }

  private static Map<String, AssetPair> pairs(String file) throws IOException {
    return io.github.krakensdk.tests.contract.Contracts.moshi().adapter(AssetPairsResponse.class).fromJson(read(file)).result();
  }

  @Test
  void everyAssetRoundTripsThroughEachOfItsNames() throws IOException {
    for (String file : ASSETS) {
      Map<String, AssetInfo> assets = assets(file);
      AssetNames names = AssetNames.of(assets, Map.of());
      assertEquals(assets.size(), names.assets().size(), file);
      for (Map.Entry<String, AssetInfo> entry : assets.entrySet()) {
        AssetNames.Asset asset = names.asset(entry.getKey()).orElseThrow();
        assertEquals(entry.getValue().altname(), asset.altname(), file);
        for (String name : List.of(asset.name(), asset.altname(), asset.displayName())) {
          assertEquals(entry.getKey(), names.asset(name).orElseThrow().name(), file + ": " + name);
        }
      }
    }
  }

  @Test
  void everyPairRoundTripsThroughEachOfItsNames() throws IOException {
    Map<String, AssetInfo> assets = assets("assets-xchange-recorded-legacy.json");
    for (String file : PAIRS) {
      Map<String, AssetPair> pairs = pairs(file);
      AssetNames names = AssetNames.of(assets, pairs);
      assertEquals(pairs.size(), names.pairs().size(), file + ": every pair named");
      for (String key : pairs.keySet()) {
        AssetNames.Pair pair = names.pair(key).orElseThrow();
        assertEquals(pair.base().displayName() + "/" + pair.quote().displayName(), pair.displayName().replace(".d", ""));
        for (String name : new String[] {pair.name(), pair.altname(), pair.wsname(), pair.displayName()}) {
          if (name != null) {
            assertEquals(key, names.pair(name).orElseThrow().name(), file + ": " + name);
          }
        }
      }
    }
  }

  @Test
  void theServicesNamesAndTheDisplayNames() throws IOException {
    AssetNames names = AssetNames.of(assets("assets-xchange-recorded-legacy.json"),
        pairs("asset-pairs-xchange-recorded-legacy.json"));
    assertEquals("BTC", names.asset("XXBT").orElseThrow().displayName());
    assertEquals("USD", names.asset("ZUSD").orElseThrow().displayName());
    assertEquals("DOGE", names.asset("XDG").orElseThrow().displayName());
    assertEquals("XXDG", names.asset("DOGE").orElseThrow().name());
    assertEquals("XXBT", names.asset("BTC").orElseThrow().name());
    assertEquals("XBT", names.asset("BTC").orElseThrow().altname());

    AssetNames.Pair bitcoin = names.pair("BTC/USD").orElseThrow();
    assertEquals("XXBTZUSD", bitcoin.name());
    assertEquals("XBTUSD", bitcoin.altname());
    assertEquals("XBT/USD", bitcoin.wsname());
    assertEquals("XXBT", bitcoin.base().name());
    assertEquals("ZUSD", bitcoin.quote().name());
    assertEquals("BTC/USD", names.pair("XBTUSD").orElseThrow().displayName());
    // A dark-pool pair has no WebSocket name; its suffix keeps it apart from the lit pair.
    AssetNames.Pair dark = names.pair("XETHXXBT.d").orElseThrow();
    assertEquals("ETH/BTC.d", dark.displayName());
    assertEquals(null, dark.wsname());
    assertEquals("XETHXXBT", names.pair("ETH/BTC").orElseThrow().name());

    assertFalse(names.asset("BTC/USD").isPresent());
    assertFalse(names.pair("btc/usd").isPresent(), "names are exact");
  }

  @Test
  void aPairsAssetsMissingFromTheAssetsDataAreNamedFromItsWebSocketName() throws IOException {
    // The recorded Assets answer has XXBT, ZEUR and ZUSD only; ETH/XBT's base is not among them.
    AssetNames names = AssetNames.of(assets("assets.json"), pairs("asset-pairs.json"));
    AssetNames.Pair ether = names.pair("XETHXXBT").orElseThrow();
    assertEquals("ETH/BTC", ether.displayName());
    assertEquals("XETH", ether.base().name());
    assertEquals("ETH", ether.base().displayName());
    assertTrue(names.asset("XETH").isEmpty(), "only the Assets data's assets are listed");
  }

  @Test
  void loadAsksForTheAssetsAndThePairs() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, read("assets.json"));
      WireFixture.enqueue(wire.server, 200, read("asset-pairs.json"));
      AssetNames names = AssetNames.load(wire.client.spot());
      assertEquals("BTC/USD", names.pair("XXBTZUSD").orElseThrow().displayName());
      RecordedRequest assets = WireFixture.take(wire.server);
      assertEquals("/0/public/Assets", assets.getUrl().encodedPath());
      assertEquals(null, assets.getUrl().query(), "the service's default: its currency assets");
      assertEquals("/0/public/AssetPairs", WireFixture.take(wire.server).getUrl().encodedPath());
    }
  }
}
