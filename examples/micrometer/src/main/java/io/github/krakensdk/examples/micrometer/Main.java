package io.github.krakensdk.examples.micrometer;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.sandbox.Sandbox;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

/**
 * Calls against the embedded sandbox with {@link MicrometerCallListener} installed, then prints
 * every timer: a public call, a burst of private calls the key's call counter paces (Starter: 15
 * at once, then one every 3 s of the sandbox's clock, which waiting moves on), and a call the
 * service refuses.
 *
 * <pre>{@code
 * mvn -B package   # builds and runs this, printing one line per meter
 * }</pre>
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (Sandbox sandbox = Sandbox.builder().start();
        KrakenClient kraken = sandbox.newClientBuilder().callListener(new MicrometerCallListener(registry)).build()) {
      kraken.spot().listAssets(r -> r.asset("XBT"));
      for (int i = 0; i < 20; i++) {
        kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      }
      try {
        kraken.spot().queryOrders(r -> r.txid("OUNKNOWN-ORDER-ID"));
      } catch (KrakenException expected) {
        System.out.println("refused: " + expected.getMessage());
      }
    }
    registry.getMeters().stream()
        .filter(meter -> meter instanceof Timer)
        .map(meter -> (Timer) meter)
        .sorted(Comparator.comparing((Timer timer) -> timer.getId().toString()))
        .forEach(timer -> System.out.printf("%s %s count=%d total=%.1fs%n", timer.getId().getName(),
            timer.getId().getTags().stream().map(tag -> tag.getKey() + "=" + tag.getValue()).toList(),
            timer.count(), timer.totalTime(TimeUnit.MILLISECONDS) / 1000));
  }
}
