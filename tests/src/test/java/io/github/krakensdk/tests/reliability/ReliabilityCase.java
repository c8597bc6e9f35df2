package io.github.krakensdk.tests.reliability;

import java.util.Objects;

/**
 * One row of {@code RELIABILITY.md} as a test defines it: the case's id (its first column) and the
 * outcome the test asserts (its "expected" column).
 */
record ReliabilityCase(String id, String expected) {
  ReliabilityCase {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(expected, "expected == null");
  }
}
