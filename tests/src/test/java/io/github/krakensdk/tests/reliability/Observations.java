package io.github.krakensdk.tests.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the reliability cases observed in this run, by case id: kept in memory for {@link
 * ReliabilityTableTest} (which compares them with {@code RELIABILITY.md} when it runs after them)
 * and appended to {@code target/reliability/observed.tsv} ({@code id TAB observed}), from which the
 * table's "observed" column is filled.
 */
final class Observations {
  static final Path DIRECTORY = Path.of("target", "reliability");
  private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

  private Observations() {}

  /** Records what case {@code id} observed; the last record of an id wins. */
  static void record(String id, String observed) {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(observed, "observed == null");
    OBSERVED.put(id, observed);
    write("observed.tsv", id + "\t" + observed.replace('\t', ' ').replace('\n', ' ') + "\n", true);
  }

  /** What case {@code id} observed in this JVM, or null if it has not run (yet). */
  static String observed(String id) {
    return OBSERVED.get(id);
  }

  /** Writes (or appends to) a file under {@code target/reliability}. */
  static synchronized void write(String fileName, String text, boolean append) {
    try {
      Files.createDirectories(DIRECTORY);
      Files.writeString(DIRECTORY.resolve(fileName), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
