package io.github.krakensdk.benchmarks;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark of issue 15 once and writes {@code BENCHMARKS.md} at the project root:
 *
 * <pre>
 * mvn -B -q -Pbenchmarks package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar            # about 7.5 minutes on 2 cores
 * java -jar benchmarks/target/benchmarks.jar --quick    # a smoke run, figures meaningless
 * java -jar benchmarks/target/benchmarks.jar --websocket  # the WebSocket books alone, their section only
 * </pre>
 *
 * <p>It starts the loopback server in this JVM (the measured JVMs are JMH's forks, which then hold
 * only the clients), times the cold-start probes, runs JMH with the GC profiler, and renders the
 * report. Options: {@code --warmup N}, {@code --iterations N}, {@code --seconds N} (per
 * iteration), {@code --forks N}, {@code --cold-starts N}, {@code --out FILE}. Benchmarks can be
 * run ad hoc with {@code java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main
 * PairedBenchmarks.decode} (a regular expression over their names).
 */
public final class Main {
  static final String COMMAND = "mvn -B -q -Pbenchmarks package -DskipTests && java -jar benchmarks/target/benchmarks.jar";
  /*
   * The defaults, also every benchmark's annotations (for ad hoc runs): 23 benchmarks of
   * 3 x 2 s warm-up and 5 x 2 s measurement, about 18 s each with the fork's start, keep the whole
   * run near 7.5 minutes on 2 cores, cold starts included (the WebSocket books alone, --websocket,
   * under 2 minutes).
   * Five measurement iterations give each paired ratio a range over five samples.
   */
  static final int WARMUP_ITERATIONS = 3;
  static final int ITERATIONS = 5;
  static final int SECONDS = 2;

  private Main() {}

  public static void main(String[] args) throws Exception {
    int warmup = WARMUP_ITERATIONS;
    int iterations = ITERATIONS;
    int seconds = SECONDS;
    int forks = 1;
    int coldStarts = 7;
    Path root = projectRoot();
    Path out = root.resolve("BENCHMARKS.md");
    boolean webSocketOnly = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--websocket" -> webSocketOnly = true;
        case "--quick" -> {
          warmup = 1;
          iterations = 2;
          seconds = 1;
          coldStarts = 2;
        }
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--iterations" -> iterations = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Integer.parseInt(args[++i]);
        case "--forks" -> forks = Integer.parseInt(args[++i]);
        case "--cold-starts" -> coldStarts = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]
            + "; options: --quick, --websocket, --warmup N, --iterations N, --seconds N, --forks N, --cold-starts N, "
            + "--out FILE");
      }
    }
    if (webSocketOnly) {
      webSocketOnly(out, warmup, iterations, seconds, forks);
      return;
    }

    ZonedDateTime started = ZonedDateTime.now();
    long startNanos = System.nanoTime();
    List<ColdStart.Probe> probes = List.of(
        new ColdStart.Probe("SDK (kraken-sdk)", root.resolve("benchmarks/cold-start-sdk"),
            "io.github.krakensdk.benchmarks.coldstart.SdkFirstCall", LoopbackKraken.COLD_SDK_KEY),
        new ColdStart.Probe("XChange (xchange-kraken)", root.resolve("benchmarks/cold-start-xchange"),
            "io.github.krakensdk.benchmarks.coldstart.XChangeFirstCall", LoopbackKraken.COLD_XCHANGE_KEY));
    for (ColdStart.Probe probe : probes) {
      probe.requireBuilt();
    }
    Path target = root.resolve("benchmarks/target");
    Files.createDirectories(target);

    try (LoopbackKraken server = LoopbackKraken.start(4); Contention contention = new Contention()) {
      System.out.println("Loopback server on " + server.baseUrl() + "; warming it up");
      warmUp(server.baseUrl(), Duration.ofSeconds(3));

      System.out.println("Cold start: " + coldStarts + " timed launches per stack");
      List<ColdStart.Samples> coldStartSamples = ColdStart.measure(probes, server.baseUrl(), coldStarts, target);
      List<Footprint> footprints = new ArrayList<>();
      for (ColdStart.Probe probe : probes) {
        footprints.add(Footprint.of(probe));
      }

      List<String> jvmArgs = new ArrayList<>(Jvm.FLAGS);
      jvmArgs.add("-D" + LoopbackKraken.URL_PROPERTY + "=" + server.baseUrl());
      Options options = new OptionsBuilder()
          .include("^" + Pattern.quote(Main.class.getPackageName() + ".") + "[A-Za-z]+Benchmarks\\.")
          .forks(forks)
          .warmupIterations(warmup)
          .warmupTime(TimeValue.seconds(seconds))
          .measurementIterations(iterations)
          .measurementTime(TimeValue.seconds(seconds))
          .addProfiler(GCProfiler.class)
          .jvmArgsAppend(jvmArgs.toArray(new String[0]))
          .shouldFailOnError(true)
          .resultFormat(ResultFormatType.JSON)
          .result(target.resolve("jmh-result.json").toString())
          .build();
      long jmhStart = System.nanoTime();
      Collection<RunResult> results = new Runner(options).run();
      Duration jmhTime = Duration.ofNanos(System.nanoTime() - jmhStart);
      Map<String, Measured> measured = Measured.of(results);

      Report.Run run = new Report.Run(measured, coldStartSamples, footprints, server.accepted(), server.refused(),
          Machine.current(started), new Report.Settings(forks, warmup, seconds, iterations, seconds, coldStarts, COMMAND),
          jmhTime, Duration.ofNanos(System.nanoTime() - startNanos), contention.summary());
      Files.writeString(out, Report.render(run), StandardCharsets.UTF_8);
      System.out.println("Wrote " + out.toAbsolutePath().normalize() + " (JMH's own results: "
          + target.resolve("jmh-result.json") + ")");
    }
  }

  /**
   * Runs the WebSocket book benchmarks alone ({@link WebSocketBookBenchmarks}, {@link
   * BookBenchmarks}) and puts their section into {@code out}, replacing the one it has, with a line
   * that says which run the section's figures come from.
   */
  private static void webSocketOnly(Path out, int warmup, int iterations, int seconds, int forks) throws Exception {
    ZonedDateTime started = ZonedDateTime.now();
    try (Contention contention = new Contention()) {
      Options options = new OptionsBuilder()
          .include("^" + Pattern.quote(Main.class.getPackageName() + ".") + "(WebSocketBookBenchmarks|BookBenchmarks)\\.")
          .forks(forks)
          .warmupIterations(warmup)
          .warmupTime(TimeValue.seconds(seconds))
          .measurementIterations(iterations)
          .measurementTime(TimeValue.seconds(seconds))
          .addProfiler(GCProfiler.class)
          .jvmArgsAppend(Jvm.FLAGS.toArray(new String[0]))
          .shouldFailOnError(true)
          .build();
      Map<String, Measured> measured = Measured.of(new Runner(options).run());
      Machine machine = Machine.current(started);
      String provenance = String.format(Locale.ROOT, "From a run of these benchmarks alone (`java -jar "
              + "benchmarks/target/benchmarks.jar --websocket`) on %s (%s), not the run above: %s; JMH, %d fork, "
              + "%d × %d s warm-up and %d × %d s measurement iterations, GC profiler on, heap `%s`. **Machine load "
              + "during it:** %s. The next full run renders this section with the rest.",
          machine.date(), machine.startedAt(), machine.description(), forks, warmup, seconds, iterations, seconds,
          Jvm.HEAP_MAX, contention.summary());
      String existing = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "# Benchmarks\n";
      Files.writeString(out, WebSocketSection.splice(existing, WebSocketSection.render(measured, provenance)),
          StandardCharsets.UTF_8);
      System.out.println("Wrote the WebSocket section of " + out.toAbsolutePath().normalize());
    }
  }

  /**
   * The project root: two levels above this jar ({@code benchmarks/target/benchmarks.jar}), or
   * the working directory when run from classes.
   */
  private static Path projectRoot() throws URISyntaxException {
    Path code = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path candidate = code.getParent() == null ? null : code.getParent().getParent();
    if (candidate != null && Files.isDirectory(candidate.resolve("benchmarks/cold-start-sdk"))) {
      return candidate.toAbsolutePath().normalize();
    }
    candidate = candidate == null ? null : candidate.getParent();
    if (candidate != null && Files.isDirectory(candidate.resolve("benchmarks/cold-start-sdk"))) {
      return candidate.toAbsolutePath().normalize();
    }
    return Path.of("").toAbsolutePath();
  }

  /** Runs the server's code hot before anything is timed, with a key no client measured uses. */
  private static void warmUp(String baseUrl, Duration duration) throws IOException {
    OkHttpClient http = new OkHttpClient();
    RawSigner signer = new RawSigner(LoopbackKraken.SECRET);
    HttpUrl base = HttpUrl.get(baseUrl);
    HttpUrl assets = base.resolve(LoopbackKraken.ASSETS.substring(1));
    HttpUrl tradeVolume = base.resolve(LoopbackKraken.TRADE_VOLUME.substring(1));
    HttpUrl ticker = base.resolve(LoopbackKraken.TICKER.substring(1));
    long nonce = System.currentTimeMillis() * 1000;
    long end = System.nanoTime() + duration.toNanos();
    try {
      while (System.nanoTime() < end) {
        try (Response response = http.newCall(new Request.Builder().url(assets).build()).execute()) {
          response.body().bytes();
        }
        try (Response response = http.newCall(new Request.Builder().url(ticker).build()).execute()) {
          response.body().bytes();
        }
        String n = Long.toString(++nonce);
        byte[] body = Payloads.withNonce(n, Payloads.TRADE_VOLUME_REQUEST);
        Request signed = new Request.Builder().url(tradeVolume)
            .header("API-Key", LoopbackKraken.WARM_UP_KEY)
            .header("API-Sign", signer.sign(LoopbackKraken.TRADE_VOLUME, n, body))
            .post(RequestBody.create(body, MediaType.get("application/json")))
            .build();
        try (Response response = http.newCall(signed).execute()) {
          response.body().bytes();
        }
      }
    } finally {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
  }
}
