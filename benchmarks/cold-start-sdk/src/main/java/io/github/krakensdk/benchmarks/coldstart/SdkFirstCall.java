package io.github.krakensdk.benchmarks.coldstart;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.spot.model.TradeVolume;

/**
 * The SDK side of the cold-start row: a fresh JVM that builds a {@link KrakenClient} and makes one
 * signed call (TradeVolume), then prints {@link #COMPLETED}. The benchmark harness times the
 * process from its launch to that line.
 *
 * <pre>{@code
 * KRAKEN_API_KEY=... KRAKEN_API_SECRET=... \
 *     java -cp "$(cat target/runtime-classpath.txt):target/classes" \
 *     io.github.krakensdk.benchmarks.coldstart.SdkFirstCall http://127.0.0.1:PORT/
 * }</pre>
 *
 * <p>The credentials come from the environment rather than the command line so that they do not
 * show in process listings, as a real application would keep them.
 */
public final class SdkFirstCall {
  /** Printed once the first call has returned its decoded result. */
  public static final String COMPLETED = "first call completed";

  private SdkFirstCall() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: SdkFirstCall <spot base URL>");
    }
    ApiCredentials credentials =
        new ApiCredentials(System.getenv("KRAKEN_API_KEY"), System.getenv("KRAKEN_API_SECRET"));
    try (KrakenClient kraken = KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(args[0]).build())
        .spotCredentials(credentials)
        .build()) {
      TradeVolume volume = kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      // A result that decoded to nothing would make a fast but meaningless start.
      if (volume.fees() == null || volume.fees().isEmpty()) {
        throw new IllegalStateException("no fee tiers decoded: " + volume);
      }
      System.out.println(COMPLETED + ": " + volume.fees().size() + " fee tiers");
      System.out.flush();
    }
  }
}
