package io.github.krakensdk.tests.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Produces a string that matches a (simple) regular expression, as contract patterns are written:
 * literals, escapes ({@code \d \w \s \.}), classes ({@code [a-z0-9._]}, {@code [^,]}), groups with
 * alternatives, and the quantifiers {@code ? * + {n} {n,} {n,m}}. Repetition counts start at their
 * minimum and grow until the length constraints hold; the result is checked with
 * {@link Pattern}, so an expression this class reads wrongly fails loudly instead of producing a
 * bad value.
 */
public final class RegexSample {
  private RegexSample() {}

  public static String matching(String regex, int minLength, int maxLength) {
    Pattern pattern = Pattern.compile(regex);
    for (int extra = 0; extra <= 64; extra++) {
      String candidate = new Parser(regex, extra).sequence();
      if (pattern.matcher(candidate).find()
          && candidate.length() >= minLength && candidate.length() <= maxLength) {
        return candidate;
      }
    }
    throw new AssertionError("cannot build a string matching /" + regex + "/ with length "
        + minLength + ".." + maxLength);
  }

  /** A small recursive-descent reader that emits one matching string while it reads. */
  private static final class Parser {
    private final String regex;
    private final int extra;
    private int pos;

    Parser(String regex, int extra) {
      this.regex = regex;
      this.extra = extra;
    }

    /** Alternatives separated by '|': the first one is taken. */
    String sequence() {
      List<String> alternatives = new ArrayList<>();
      StringBuilder current = new StringBuilder();
      while (pos < regex.length() && regex.charAt(pos) != ')') {
        char c = regex.charAt(pos);
        if (c == '|') {
          pos++;
          alternatives.add(current.toString());
          current = new StringBuilder();
          continue;
        }
        if (c == '^' || c == '$') {
          pos++;
          continue;
        }
        String atom = atom();
        int[] range = quantifier();
        int count = Math.min(range[0] + extra, range[1]);
        for (int i = 0; i < count; i++) {
          current.append(atom);
        }
      }
      alternatives.add(current.toString());
      return alternatives.get(0);
    }

    private String atom() {
      char c = regex.charAt(pos++);
      switch (c) {
        case '(':
          if (regex.startsWith("?:", pos)) {
            pos += 2;
          }
          String inner = sequence();
          pos++; // ')'
          return inner;
        case '[':
          return String.valueOf(characterClass());
        case '\\':
          return String.valueOf(escape(regex.charAt(pos++)));
        case '.':
          return "a";
        default:
          return String.valueOf(c);
      }
    }

    private static char escape(char c) {
      return switch (c) {
        case 'd' -> '1';
        case 'w' -> 'a';
        case 's' -> ' ';
        case 'D', 'W', 'S' -> '-';
        default -> c;
      };
    }

    /** The first character the class allows (for a negated class, the first printable one it does not exclude). */
    private char characterClass() {
      boolean negated = regex.charAt(pos) == '^';
      if (negated) {
        pos++;
      }
      List<char[]> ranges = new ArrayList<>();
      boolean first = true;
      while (first || regex.charAt(pos) != ']') {
        first = false;
        char from = regex.charAt(pos++);
        if (from == '\\') {
          from = escape(regex.charAt(pos++));
        }
        char to = from;
        if (regex.charAt(pos) == '-' && regex.charAt(pos + 1) != ']') {
          pos++;
          to = regex.charAt(pos++);
          if (to == '\\') {
            to = escape(regex.charAt(pos++));
          }
        }
        ranges.add(new char[] {from, to});
      }
      pos++; // ']'
      if (!negated) {
        return ranges.get(0)[0];
      }
      for (char c : "abcxyzABC0123456789_.-".toCharArray()) {
        boolean excluded = ranges.stream().anyMatch(r -> c >= r[0] && c <= r[1]);
        if (!excluded) {
          return c;
        }
      }
      throw new AssertionError("no character outside [^...] in /" + regex + "/");
    }

    /** {min, max} of the quantifier after an atom ({1, 1} without one). */
    private int[] quantifier() {
      if (pos >= regex.length()) {
        return new int[] {1, 1};
      }
      char c = regex.charAt(pos);
      int[] range;
      switch (c) {
        case '?':
          pos++;
          range = new int[] {0, 1};
          break;
        case '*':
          pos++;
          range = new int[] {0, Integer.MAX_VALUE};
          break;
        case '+':
          pos++;
          range = new int[] {1, Integer.MAX_VALUE};
          break;
        case '{':
          int close = regex.indexOf('}', pos);
          String[] bounds = regex.substring(pos + 1, close).split(",", -1);
          pos = close + 1;
          int min = Integer.parseInt(bounds[0].trim());
          int max = bounds.length == 1 ? min
              : bounds[1].isBlank() ? Integer.MAX_VALUE : Integer.parseInt(bounds[1].trim());
          range = new int[] {min, max};
          break;
        default:
          return new int[] {1, 1};
      }
      if (pos < regex.length() && (regex.charAt(pos) == '?' || regex.charAt(pos) == '+')) {
        pos++; // lazy or possessive: same strings
      }
      return range;
    }
  }
}
