package io.github.krakensdk.benchmarks.coldstart;

import java.io.IOException;
import org.knowm.xchange.Exchange;
import org.knowm.xchange.ExchangeFactory;
import org.knowm.xchange.ExchangeSpecification;
import org.knowm.xchange.currency.CurrencyPair;
import org.knowm.xchange.kraken.KrakenExchange;
import org.knowm.xchange.kraken.dto.account.KrakenTradeVolume;
import org.knowm.xchange.kraken.service.KrakenAccountServiceRaw;

/**
 * The XChange side of the cold-start row: a fresh JVM that creates XChange's Kraken exchange the
 * way its documentation shows (which loads the asset pairs and assets first: without them {@code
 * getTradeVolume} silently leaves out the pair) and makes one signed call (TradeVolume), then
 * prints {@link #COMPLETED}.
 *
 * <pre>{@code
 * KRAKEN_API_KEY=... KRAKEN_API_SECRET=... \
 *     java -cp "$(cat target/runtime-classpath.txt):target/classes" \
 *     io.github.krakensdk.benchmarks.coldstart.XChangeFirstCall http://127.0.0.1:PORT/
 * }</pre>
 */
public final class XChangeFirstCall {
  /** Printed once the first call has returned its decoded result. */
  public static final String COMPLETED = "first call completed";

  private XChangeFirstCall() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: XChangeFirstCall <spot base URL>");
    }
    java.net.URI base = java.net.URI.create(args[0]);
    ExchangeSpecification spec = new ExchangeSpecification(KrakenExchange.class);
    // rescu calls HttpURLConnection on this URI as given, so plain http on loopback works.
    spec.setSslUri("http://" + base.getHost() + ":" + base.getPort());
    spec.setHost(base.getHost());
    spec.setPort(base.getPort());
    spec.setApiKey(System.getenv("KRAKEN_API_KEY"));
    spec.setSecretKey(System.getenv("KRAKEN_API_SECRET"));
    Exchange kraken = ExchangeFactory.INSTANCE.createExchange(spec);
    KrakenTradeVolume volume =
        ((KrakenAccountServiceRaw) kraken.getAccountService()).getTradeVolume(CurrencyPair.BTC_USD);
    if (volume.getFees() == null || volume.getFees().isEmpty()) {
      throw new IllegalStateException("no fee tiers decoded");
    }
    System.out.println(COMPLETED + ": " + volume.getFees().size() + " fee tiers");
    System.out.flush();
  }
}
