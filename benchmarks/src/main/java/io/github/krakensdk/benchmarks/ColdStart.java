package io.github.krakensdk.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Target 5, first half: a fresh JVM to the first completed signed call. Each probe module
 * ({@code benchmarks/cold-start-sdk}, {@code benchmarks/cold-start-xchange}) holds one small
 * program and the runtime classpath Maven resolved for its stack alone; this class launches it
 * with the plain {@code java} of this JVM (no flags), and times from just before the launch to the
 * line the program prints once its call has returned a decoded result.
 */
final class ColdStart {
  /** A stack's probe: its jar, its resolved runtime classpath and its main class. */
  record Probe(String name, Path moduleDir, String mainClass, String apiKey) {
    Path classpathFile() {
      return moduleDir.resolve("target/runtime-classpath.txt");
    }

    Path jar() throws IOException {
      try (Stream<Path> files = Files.list(moduleDir.resolve("target"))) {
        return files.filter(f -> f.getFileName().toString().matches("kraken-benchmarks-cold-start-.*\\.jar"))
            .findFirst()
            .orElseThrow(() -> new IOException("no probe jar in " + moduleDir.resolve("target")));
      }
    }

    List<String> runtimeClasspath() throws IOException {
      String text = Files.readString(classpathFile(), StandardCharsets.UTF_8).trim();
      return text.isEmpty() ? List.of() : Arrays.asList(text.split(File.pathSeparator));
    }

    void requireBuilt() throws IOException {
      if (!Files.isRegularFile(classpathFile())) {
        throw new IOException(classpathFile() + " is missing: build with "
            + "mvn -B -q -Pbenchmarks package -DskipTests from the project root first");
      }
      jar();
    }
  }

  /** The times, in launch order, in milliseconds. */
  record Samples(Probe probe, List<Double> millis) {
    double median() {
      double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      int n = sorted.length;
      return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    double min() {
      return millis.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    double max() {
      return millis.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
  }

  private static final String COMPLETED = "first call completed";

  private ColdStart() {}

  /**
   * Launches each probe once untimed (so that every timed launch finds the jars in the page
   * cache), then {@code repetitions} timed launches of each, alternating between the probes.
   */
  static List<Samples> measure(List<Probe> probes, String baseUrl, int repetitions, Path logDir)
      throws IOException, InterruptedException {
    List<List<Double>> times = new ArrayList<>();
    for (Probe probe : probes) {
      launch(probe, baseUrl, logDir);
      times.add(new ArrayList<>());
    }
    for (int i = 0; i < repetitions; i++) {
      for (int p = 0; p < probes.size(); p++) {
        times.get(p).add(launch(probes.get(p), baseUrl, logDir));
      }
    }
    List<Samples> samples = new ArrayList<>();
    for (int p = 0; p < probes.size(); p++) {
      samples.add(new Samples(probes.get(p), List.copyOf(times.get(p))));
    }
    return samples;
  }

  /** One launch; milliseconds from just before the process starts to its completion line. */
  private static double launch(Probe probe, String baseUrl, Path logDir) throws IOException, InterruptedException {
    List<String> classpath = new ArrayList<>();
    classpath.add(probe.jar().toString());
    classpath.addAll(probe.runtimeClasspath());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = logDir.resolve("cold-start-" + probe.name() + ".log");
    ProcessBuilder builder = new ProcessBuilder(java, "-cp", String.join(File.pathSeparator, classpath),
        probe.mainClass(), baseUrl)
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    // Each launch a key of its own, as each client the rounds set up.
    builder.environment().put("KRAKEN_API_KEY", LoopbackKraken.issueKey(probe.apiKey()));
    builder.environment().put("KRAKEN_API_SECRET", LoopbackKraken.SECRET);
    long start = System.nanoTime();
    Process process = builder.start();
    long completed = -1;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        if (completed < 0 && line.startsWith(COMPLETED)) {
          completed = System.nanoTime();
        }
      }
    }
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException(probe.name() + " probe did not finish; see " + log);
    }
    if (process.exitValue() != 0 || completed < 0) {
      throw new IOException(probe.name() + " probe failed (exit " + process.exitValue() + "); see " + log);
    }
    return (completed - start) / 1e6;
  }
}
