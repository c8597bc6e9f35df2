package io.github.krakensdk.benchmarks;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.knowm.xchange.kraken.KrakenExchange;
import si.mazi.rescu.SynchronizedValueFactory;

/**
 * XChange's Kraken exchange with nonces in microseconds of the wall clock. Its own nonces count
 * milliseconds, one more per call: at more than 1,000 AddOrder rounds a second they run ahead of
 * the clock, and the next JMH fork's XChange, talking to the loopback server that outlives forks,
 * starts below the last one the server saw and is refused ({@code EAPI:Invalid nonce}). Only the
 * nonce's unit changes; what XChange does per call is measured as it is.
 */
public final class MicrosecondNonceKrakenExchange extends KrakenExchange {
  private final SynchronizedValueFactory<Long> nonces = new SynchronizedValueFactory<>() {
    private long last;

    @Override
    public synchronized Long createValue() {
      last = Math.max(last + 1, ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()));
      return last;
    }
  };

  @Override
  public SynchronizedValueFactory<Long> getNonceFactory() {
    return nonces;
  }
}
