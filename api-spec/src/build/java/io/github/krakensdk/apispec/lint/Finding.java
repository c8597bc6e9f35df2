package io.github.krakensdk.apispec.lint;

import java.util.Objects;

/**
 * One thing a rule found, located by file and JSON pointer:
 * {@code embed.yaml#/components/parameters/WebhookId: error [path-parameter-length] ...}.
 */
public record Finding(String rule, Severity severity, String file, String pointer, String message) {
  public Finding {
    Objects.requireNonNull(rule, "rule == null");
    Objects.requireNonNull(severity, "severity == null");
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(pointer, "pointer == null");
    Objects.requireNonNull(message, "message == null");
  }

  @Override public String toString() {
    return file + "#" + pointer + ": " + severity + " [" + rule + "] " + message;
  }
}
