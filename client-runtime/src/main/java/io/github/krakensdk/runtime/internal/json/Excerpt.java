package io.github.krakensdk.runtime.internal.json;

/** Keeps error messages short when the offending text is long. */
final class Excerpt {
  private static final int MAX = 64;

  private Excerpt() {}

  static String of(String text) {
    return text.length() <= MAX ? text : text.substring(0, MAX) + "…";
  }
}
