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
 */
public record Problem(String key, String message, String argument) {
  public Problem {
    requireNonNull(key, "key == null");
    requireNonNull(message, "message == null");
  }

  public Problem(String key, String message) {
    this(key, message, null);
  }

  @Override
  public String toString() {
    return key + ": " + message;
  }
}
