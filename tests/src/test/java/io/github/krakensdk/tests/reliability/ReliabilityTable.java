package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The case tables of {@code RELIABILITY.md} (at the project root): every table row whose first
 * column is a case id, with its expected and observed outcome. Each case test checks its own row
 * ({@link #assertObserved}) after it ran, so the file says what the last green run saw, whatever
 * order the tests run in; {@link ReliabilityTableTest} checks that the rows and the tests are the
 * same set.
 *
 * <pre>
 * | case | expected | observed |
 * |---|---|---|
 * | fault GET: 200 with an empty body | UnexpectedResponseException, HTTP 200; ... | ... |
 * </pre>
 */
final class ReliabilityTable {
  static final Path FILE = Path.of("..", "RELIABILITY.md");

  /** One row: the case id and its two outcome columns, unescaped. */
  record Row(String id, String expected, String observed) {
    /** The row as it should be written in the file. */
    String markdown() {
      return "| " + escape(id) + " | " + escape(expected) + " | " + escape(observed) + " |";
    }
  }

  private static Map<String, Row> rows;

  private ReliabilityTable() {}

  /** The rows of every three-column table whose header starts with {@code | case |}, by id. */
  static synchronized Map<String, Row> rows() {
    if (rows == null) {
      rows = parse(read());
    }
    return rows;
  }

  static String read() {
    try {
      return Files.readString(FILE, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("RELIABILITY.md is read from " + FILE.toAbsolutePath(), e);
    }
  }

  static Map<String, Row> parse(String markdown) {
    Map<String, Row> parsed = new LinkedHashMap<>();
    boolean inTable = false;
    for (String line : markdown.split("\n")) {
      String trimmed = line.trim();
      if (!trimmed.startsWith("|")) {
        inTable = false;
        continue;
      }
      List<String> cells = cells(trimmed);
      if (!inTable) {
        inTable = cells.size() == 3 && cells.get(0).equalsIgnoreCase("case");
        continue;
      }
      if (cells.size() != 3 || cells.get(0).matches("-+")) {
        continue;
      }
      Row row = new Row(cells.get(0), cells.get(1), cells.get(2));
      if (parsed.put(row.id(), row) != null) {
        throw new AssertionError("RELIABILITY.md lists the case twice: " + row.id());
      }
    }
    return parsed;
  }

  /**
   * Checks that {@code RELIABILITY.md} lists case {@code id} with these outcomes; on a mismatch the
   * message holds the row to write.
   */
  static void assertObserved(String id, String expected, String observed) {
    Row wanted = new Row(id, expected, observed);
    Row row = rows().get(id);
    assertNotNull(row, () -> "RELIABILITY.md has no row for this case; add:\n" + wanted.markdown());
    assertEquals(wanted.markdown(), row.markdown(), "RELIABILITY.md is not what this run observed; write:");
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|') {
        cells.add(cell.toString().trim());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }

  private static String escape(String text) {
    return text.replace("|", "\\|");
  }
}
