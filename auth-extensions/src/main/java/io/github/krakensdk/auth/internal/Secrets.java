package io.github.krakensdk.auth.internal;

import java.util.Base64;
import java.util.Objects;

/** Validation of credential fields whose values must never appear in a message. */
public final class Secrets {
  private Secrets() {}

  /** The placeholder that {@code toString()} and logs print instead of a secret value. */
  public static final String REDACTED = "██";

  /**
   * Returns {@code value} if it is not blank.
   *
   * @throws IllegalArgumentException naming {@code field}, never quoting the value.
   */
  public static String requireNonBlank(String value, String field) {
    Objects.requireNonNull(value, field + " == null");
    if (value.isBlank()) throw new IllegalArgumentException(field + " is blank");
    return value;
  }

  /**
   * Decodes a standard Base64 secret (RFC 4648 alphabet, padding optional).
   *
   * @throws IllegalArgumentException naming {@code field} if the value is blank or not Base64.
   *     The decoder's own exception is dropped on purpose: its message quotes the offending
   *     character of the secret.
   */
  public static byte[] decodeBase64Secret(String value, String field) {
    requireNonBlank(value, field);
    byte[] decoded;
    try {
      decoded = Base64.getDecoder().decode(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          field + " is not valid Base64 (standard alphabet, no spaces or line breaks)");
    }
    if (decoded.length == 0) throw new IllegalArgumentException(field + " decodes to no bytes");
    return decoded;
  }
}
