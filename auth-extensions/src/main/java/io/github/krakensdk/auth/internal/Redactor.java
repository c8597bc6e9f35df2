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
 */
public final class Redactor {
  private final Set<String> headers;
  private final Pattern jsonMember;
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
    // A JSON member: "name" : value, for string values (escapes included), and scalars.
    this.jsonMember =
        Pattern.compile(
            "(\"" + alternatives + "\"\\s*:\\s*)"
                + "(\"(?:[^\"\\\\]|\\\\.)*\"?|[-+0-9.eE]+|true|false|null)",
            Pattern.CASE_INSENSITIVE);
    // A form field or query parameter: name=value up to the next & (or the end).
    this.formField =
        Pattern.compile("((?:^|[?&\\s])" + alternatives + "=)[^&#\\s]*", Pattern.CASE_INSENSITIVE);
  }

  public boolean isSecretHeader(String name) {
    return headers.contains(name);
  }

  public String redactText(String text) {
    String result = replace(jsonMember, text, "\"" + Secrets.REDACTED + "\"");
    return replace(formField, result, Secrets.REDACTED);
  }

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
