package io.github.krakensdk.apispec.lint;

import java.util.Locale;

/** How much a rule's finding weighs: an error fails the build, a warning is printed, off skips the rule. */
public enum Severity {
  ERROR,
  WARN,
  OFF;

  /** Parses {@code error}, {@code warn} or {@code off}. */
  public static Severity parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("severity must be error, warn or off: " + text, e);
    }
  }

  @Override public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
