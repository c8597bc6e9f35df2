package io.github.krakensdk.sandbox.internal.contract;

import static java.util.Objects.requireNonNull;

/**
 * One thing the contract finds wrong with a request or an answer.
 *
 * @param key what kind of finding it is, e.g. {@code request.parameter.query.missing}; a key that
 *     ends with {@code .missing} is about something required that was not given.
 * @param message the field it is about, then the rule it breaks ({@code limit: must be at most 50,
 *     was 80}).
 * @param argument the argument the service names when it refuses the request ({@code txid} for a
 *     one-of group given none of), or null.
 * @param field the field alone ({@code limit}, {@code body.close.ordertype}), or null when the
 *     finding names none.
 * @param rule the rule alone, without what was sent ({@code must be at most 50}), or null when
 *     the finding names no field.
 */
public record Problem(String key, String message, String argument, String field, String rule) {
  public Problem {
    requireNonNull(key, "key == null");
    requireNonNull(message, "message == null");
  }

  public Problem(String key, String message) {
    this(key, message, null);
  }

  public Problem(String key, String message, String argument) {
    this(key, message, argument, null, null);
  }

  /**
   * {@code field} breaks {@code rule}; {@code sent} says what was sent ({@code , was 80}) and may
   * be empty. The message is {@code field: rule} followed by {@code sent}.
   */
  static Problem of(String key, String field, String rule, String sent, String argument) {
    return new Problem(key, field + ": " + rule + sent, argument, field, rule);
  }

  @Override
  public String toString() {
    return key + ": " + message;
  }
}
