package io.github.krakensdk.benchmarks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH benchmark's figures from the run: throughput with its 99.9 % confidence half-width,
 * allocation per operation (JMH's GC profiler, {@code gc.alloc.rate.norm}) and the auxiliary
 * counters, keyed by {@code Class.method}.
 */
record Measured(String name, double opsPerSecond, double error, double allocBytesPerOp,
    Map<String, Double> counters, List<Map<String, Double>> iterationCounters) {

  static Map<String, Measured> of(Collection<RunResult> results) {
    Map<String, Measured> byName = new LinkedHashMap<>();
    for (RunResult run : results) {
      String full = run.getParams().getBenchmark();
      String[] parts = full.split("\\.");
      String name = parts[parts.length - 2] + "." + parts[parts.length - 1];
      Result<?> primary = run.getPrimaryResult();
      var secondary = run.getSecondaryResults(); // JMH declares it with a raw Result
      Result<?> alloc = secondary.get("gc.alloc.rate.norm");
      Map<String, Double> counters = new LinkedHashMap<>();
      secondary.forEach((key, value) -> {
        if (!key.startsWith("gc.") && !key.startsWith("·")) {
          counters.put(key, value.getScore());
        }
      });
      List<Map<String, Double>> iterations = new ArrayList<>();
      for (BenchmarkResult fork : run.getBenchmarkResults()) {
        for (IterationResult iteration : fork.getIterationResults()) {
          Map<String, Double> values = new LinkedHashMap<>();
          iteration.getSecondaryResults().forEach((key, value) -> values.put(key, value.getScore()));
          iterations.add(values);
        }
      }
      byName.put(name, new Measured(name, primary.getScore(), primary.getScoreError(),
          alloc == null ? Double.NaN : alloc.getScore(), counters, List.copyOf(iterations)));
    }
    return byName;
  }

  double micros() {
    return 1e6 / opsPerSecond;
  }

  /** The throughput's lower bound (99.9 % CI), never below a tiny positive value. */
  double low() {
    double error = Double.isNaN(this.error) ? 0 : this.error;
    return Math.max(opsPerSecond - error, opsPerSecond * 1e-3);
  }

  double high() {
    return opsPerSecond + (Double.isNaN(error) ? 0 : error);
  }

  /** The error as a percentage of the score. */
  double errorPercent() {
    return Double.isNaN(error) ? Double.NaN : 100 * error / opsPerSecond;
  }

  double counter(String key) {
    return counters.getOrDefault(key, Double.NaN);
  }
}
