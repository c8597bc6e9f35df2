package io.github.krakensdk.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.stream.Stream;

/** Where and when the run happened, as every row of the report states it. */
record Machine(String cpu, int cores, long memoryBytes, String os, String jdk, String jmhVersion,
    String jacksonVersion, String xchangeVersion, ZonedDateTime startedAtUtc) {

  static Machine current(ZonedDateTime startedAt) {
    long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getTotalMemorySize() : -1;
    return new Machine(cpuModel(), Runtime.getRuntime().availableProcessors(), memory,
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        org.openjdk.jmh.util.Version.getPlainVersion(),
        com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
        mavenVersion("org.knowm.xchange", "xchange-kraken"),
        startedAt.withZoneSameInstant(ZoneOffset.UTC));
  }

  String date() {
    return startedAtUtc.format(DateTimeFormatter.ISO_LOCAL_DATE);
  }

  String startedAt() {
    return startedAtUtc.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
  }

  String description() {
    return String.format(Locale.ROOT, "%d vCPU %s, %.0f GiB memory, %s, %s", cores, cpu,
        memoryBytes / (1024.0 * 1024 * 1024), os, jdk);
  }

  String shortDescription() {
    return String.format(Locale.ROOT, "%d vCPU %s, JDK %s", cores, cpu, System.getProperty("java.version"));
  }

  private static String cpuModel() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      return lines.filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).trim())
          .findFirst().orElse(System.getProperty("os.arch"));
    } catch (IOException | RuntimeException e) {
      return System.getProperty("os.arch");
    }
  }

  /** The version in the {@code pom.properties} that Maven packs into every artifact's jar. */
  private static String mavenVersion(String groupId, String artifactId) {
    String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    try (var in = Machine.class.getResourceAsStream(resource)) {
      if (in == null) {
        return "(unknown version)";
      }
      java.util.Properties properties = new java.util.Properties();
      properties.load(in);
      return properties.getProperty("version", "(unknown version)");
    } catch (IOException e) {
      return "(unknown version)";
    }
  }
}
