package io.github.krakensdk.benchmarks;

/** The fail-fast checks of the benchmarks' set-up: a benchmark that measures nothing must not run. */
final class Checks {
  private Checks() {}

  static void check(boolean condition, String what) {
    if (!condition) {
      throw new IllegalStateException("benchmark set-up check failed: " + what);
    }
  }
}
