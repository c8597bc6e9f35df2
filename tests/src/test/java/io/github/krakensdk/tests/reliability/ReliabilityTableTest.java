package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code RELIABILITY.md} and the suite the same: every case a test of this package runs is a
 * row of the file with the outcome the test asserts, and every row is a case a test runs. The
 * "observed" column is checked by each case itself, after it ran.
 */
class ReliabilityTableTest {
  /** Every case of the suite, in the order of the file. */
  static List<ReliabilityCase> cases() {
    List<ReliabilityCase> cases = new ArrayList<>();
    cases.addAll(FaultInjectionTest.cases());
    cases.addAll(ResponseFuzzTest.cases());
    cases.addAll(HostileRequestTest.cases());
    cases.addAll(LoadTest.cases());
    cases.addAll(SecretsTest.cases());
    return cases;
  }

  @Test
  void everyCaseIsARowAndEveryRowACase() {
    Map<String, String> defined = new LinkedHashMap<>();
    for (ReliabilityCase c : cases()) {
      assertEquals(null, defined.put(c.id(), c.expected()), "two cases share the id " + c.id());
    }
    Observations.write("cases.tsv", String.join("", cases().stream()
        .map(c -> c.id() + "\t" + c.expected() + "\n").toList()), false);
    Map<String, ReliabilityTable.Row> rows = ReliabilityTable.rows();

    Set<String> missing = new TreeSet<>(defined.keySet());
    missing.removeAll(rows.keySet());
    Set<String> extra = new TreeSet<>(rows.keySet());
    extra.removeAll(defined.keySet());
    assertTrue(missing.isEmpty(), () -> "cases the suite runs that RELIABILITY.md does not list:\n  "
        + String.join("\n  ", missing));
    assertTrue(extra.isEmpty(), () -> "rows of RELIABILITY.md that no test runs:\n  " + String.join("\n  ", extra));
    for (Map.Entry<String, String> c : defined.entrySet()) {
      assertEquals(c.getValue(), rows.get(c.getKey()).expected(), "expected outcome of " + c.getKey());
    }
  }

  /** The table parser reads what the file's tables hold, escaped pipes included. */
  @Test
  void parsesCaseTables() {
    Map<String, ReliabilityTable.Row> rows = ReliabilityTable.parse("""
        Intro text | not a table.

        | case | expected | observed |
        |---|---|---|
        | a \\| b | one | one |
        | c | two | three |

        | name | value |
        |---|---|
        | other | table |
        """);
    assertEquals(List.of("a | b", "c"), List.copyOf(rows.keySet()));
    assertEquals(new ReliabilityTable.Row("c", "two", "three"), rows.get("c"));
    assertEquals("| a \\| b | one | one |", rows.get("a | b").markdown());
  }
}
