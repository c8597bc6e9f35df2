package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import io.github.krakensdk.auth.SpotSigner;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot path's signing step alone: the SDK's {@link SpotSigner} against {@link RawSigner},
 * which keeps a keyed {@code Mac} and a {@code MessageDigest} per thread. Same path, nonce and
 * body bytes (the SDK's TradeVolume body) for both.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = Main.WARMUP_ITERATIONS, time = Main.SECONDS)
@Measurement(iterations = Main.ITERATIONS, time = Main.SECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class SigningBenchmarks {
  // Fields, not constants, so that the JIT cannot fold the inputs.
  String path = LoopbackKraken.TRADE_VOLUME;
  String nonce = "1763776000000001";
  byte[] body = "{\"nonce\":1763776000000001,\"pair\":\"XBTUSD\"}".getBytes(StandardCharsets.UTF_8);
  SpotSigner sdkSigner;
  RawSigner rawSigner;

  @Setup(Level.Trial)
  public void setUp() {
    sdkSigner = new SpotSigner(LoopbackKraken.SECRET);
    rawSigner = new RawSigner(LoopbackKraken.SECRET);
    check(sdkSign().equals(rawSign()), "both signers compute the same API-Sign");
    // Kraken's published example (docs.kraken.com, "Authentication"), so both are the real scheme.
    String secret = "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==";
    String body = "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25";
    String expected = "4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==";
    check(new RawSigner(secret).sign("/0/private/AddOrder", "1616492376594",
        body.getBytes(StandardCharsets.UTF_8)).equals(expected), "RawSigner matches Kraken's example");
  }

  /** {@code SpotSigner.sign}: what the SDK's signing interceptor computes per call. */
  @Benchmark
  public String sdkSign() {
    return sdkSigner.sign(path, nonce, body);
  }

  /** The floor: the same signature with a reused, already keyed Mac and digest. */
  @Benchmark
  public String rawSign() {
    return rawSigner.sign(path, nonce, body);
  }
}
