package io.github.krakensdk.auth.internal;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides the values of named fields in JSON text, form bodies and query strings, and of named
 * headers. It works on text, not on a parse: a log must stay safe even for a body that is
 * malformed or cut off at the log's size limit.
 *
 * <p>A JSON value is found by a plain scan, not by a regular expression: Java's regex engine
 * recurses once per character of a repeated alternation such as {@code (?:[^"\\]|\\.)*}, and a
 * token of a few kilobytes overflowed the stack of the thread making the call.
 */
public final class Redactor {
  private final Set<String> headers;
  private final Pattern jsonName;
  private final Pattern formField;

  public Redactor(Collection<String> headerNames, Collection<String> fieldNames) {
    TreeSet<String> headerSet = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    headerSet.addAll(headerNames);
    this.headers = headerSet;
    StringBuilder names = new StringBuilder();
    for (String name : fieldNames) {
      if (names.length() > 0) names.append('|');
      names.append(Pattern.quote(name));
    }
    String alternatives = "(?:" + names + ")";
    // A JSON member's name and colon; its value (a string, escapes included, or a scalar) is scanned.
    this.jsonName = Pattern.compile("\"" + alternatives + "\"\\s*:\\s*", Pattern.CASE_INSENSITIVE);
    // A form field or query parameter: name=value up to the next & (or the end).
    this.formField =
        Pattern.compile("((?:^|[?&\\s])" + alternatives + "=)[^&#\\s]*", Pattern.CASE_INSENSITIVE);
  }

  public boolean isSecretHeader(String name) {
    return headers.contains(name);
  }

  public String redactText(String text) {
    return replace(formField, redactJsonMembers(text), Secrets.REDACTED);
  }

  /** Replaces the value of each named JSON member that is a string or a scalar by {@code "██"}. */
  private String redactJsonMembers(String text) {
    Matcher name = jsonName.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    int copied = 0;
    int from = 0;
    while (from < text.length() && name.find(from)) {
      int valueStart = name.end();
      int valueEnd = endOfValue(text, valueStart);
      if (valueEnd < 0) {
        from = name.start() + 1; // an object or array value: left as it is, its members are scanned
        continue;
      }
      out.append(text, copied, valueStart).append('"').append(Secrets.REDACTED).append('"');
      copied = valueEnd;
      from = valueEnd;
    }
    return out.append(text, copied, text.length()).toString();
  }

  /**
   * Where the value starting at {@code start} ends: after the closing quote of a string (the end of
   * the text for a string cut off), after a number or literal; -1 for anything else.
   */
  private static int endOfValue(String text, int start) {
    if (start >= text.length()) return -1;
    char first = text.charAt(start);
    if (first == '"') {
      for (int i = start + 1; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '\\') {
          i++; // the escaped character, whatever it is
        } else if (c == '"') {
          return i + 1;
        }
      }
      return text.length();
    }
    for (String literal : LITERALS) {
      if (text.regionMatches(true, start, literal, 0, literal.length())) return start + literal.length();
    }
    int end = start;
    while (end < text.length() && NUMBER_CHARS.indexOf(Character.toLowerCase(text.charAt(end))) >= 0) end++;
    return end > start ? end : -1;
  }

  private static final String[] LITERALS = {"true", "false", "null"};
  private static final String NUMBER_CHARS = "-+0123456789.e";

  private static String replace(Pattern pattern, String text, String replacement) {
    Matcher matcher = pattern.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (matcher.find()) {
      matcher.appendReplacement(out, Matcher.quoteReplacement(matcher.group(1) + replacement));
    }
    matcher.appendTail(out);
    return out.toString();
  }
}
