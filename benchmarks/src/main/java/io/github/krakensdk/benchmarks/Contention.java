package io.github.krakensdk.benchmarks;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How busy the machine was while the run measured: the 1-minute load average and Linux's CPU
 * pressure (the share of time some runnable task waited for a CPU), sampled every few seconds.
 * A run itself keeps about two tasks busy (the measured JVM and the loopback server); more means
 * that other work shared the two cores and the figures are noisier than usual.
 */
final class Contention implements Closeable {
  private static final Path LOADAVG = Path.of("/proc/loadavg");
  private static final Path PRESSURE = Path.of("/proc/pressure/cpu");

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "contention-sampler");
    thread.setDaemon(true);
    return thread;
  });
  private final List<double[]> samples = new ArrayList<>();

  Contention() {
    timer.scheduleAtFixedRate(this::sample, 0, 5, TimeUnit.SECONDS);
  }

  private void sample() {
    double load = Double.NaN;
    double pressure = Double.NaN;
    try {
      load = Double.parseDouble(Files.readString(LOADAVG).trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException unavailable) {
      // Not Linux: reported as unknown.
    }
    try {
      for (String line : Files.readAllLines(PRESSURE)) {
        if (line.startsWith("some ")) {
          pressure = Double.parseDouble(line.split("\\s+")[1].substring("avg10=".length()));
        }
      }
    } catch (IOException | RuntimeException unavailable) {
      // No pressure stall information on this kernel.
    }
    synchronized (samples) {
      samples.add(new double[] {load, pressure});
    }
  }

  /** One line for the report, e.g. "load average 2.1 on average (max 3.4); CPU pressure 12 % (max 40 %)". */
  String summary() {
    List<double[]> copy;
    synchronized (samples) {
      copy = new ArrayList<>(samples);
    }
    return String.format(Locale.ROOT, "1-minute load average %s; CPU pressure (some runnable task waiting, "
            + "10 s average) %s; %d samples, every 5 s",
        meanAndMax(copy, 0, ""), meanAndMax(copy, 1, " %"), copy.size());
  }

  private static String meanAndMax(List<double[]> samples, int index, String unit) {
    double sum = 0;
    double max = Double.NEGATIVE_INFINITY;
    int n = 0;
    for (double[] sample : samples) {
      if (!Double.isNaN(sample[index])) {
        sum += sample[index];
        max = Math.max(max, sample[index]);
        n++;
      }
    }
    return n == 0 ? "unknown" : String.format(Locale.ROOT, "%.1f%s on average (max %.1f%s)", sum / n, unit, max, unit);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
