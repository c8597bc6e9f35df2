package io.github.krakensdk.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Target 5, second half: what a stack puts on its users' runtime classpath, read from the
 * classpath Maven resolved for it alone (runtime scope, the stack's own artifacts included).
 */
record Footprint(String name, List<Entry> entries) {
  record Entry(String fileName, long bytes) {}

  static Footprint of(ColdStart.Probe probe) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (String element : probe.runtimeClasspath()) {
      Path path = Path.of(element);
      entries.add(new Entry(path.getFileName().toString(), size(path)));
    }
    entries.sort(Comparator.comparingLong(Entry::bytes).reversed());
    return new Footprint(probe.name(), List.copyOf(entries));
  }

  int jars() {
    return entries.size();
  }

  long bytes() {
    return entries.stream().mapToLong(Entry::bytes).sum();
  }

  private static long size(Path path) throws IOException {
    if (Files.isRegularFile(path)) {
      return Files.size(path);
    }
    // A reactor module not packaged yet resolves to its classes directory.
    try (Stream<Path> files = Files.walk(path)) {
      return files.filter(Files::isRegularFile).mapToLong(file -> {
        try {
          return Files.size(file);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).sum();
    }
  }
}
