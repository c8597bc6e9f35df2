package io.github.krakensdk.errors;

import java.util.Objects;

/**
 * One Kraken error string, {@code <severity><category>:<message>[:<extra>]}, as Spot sends in its
 * {@code error} array (and Embed in its error body): {@code EEarnings:Busy:Another (de)allocation
 * for the same strategy is in progress} has severity {@code E}, category {@code Earnings},
 * message {@code Busy} and that extra. Its {@link #code()}, {@code EEarnings:Busy}, is a value of
 * the family's generated error-code enum ({@code SpotErrorCode}), which lists the codes the
 * contract documents.
 */
public final class KrakenError {
  private final String raw;
  private final char severity;
  private final String category;
  private final String message;
  private final String extra;

  private KrakenError(String raw, char severity, String category, String message, String extra) {
    this.raw = raw;
    this.severity = severity;
    this.category = category;
    this.message = message;
    this.extra = extra;
  }

  /** Parses {@code raw}; text that does not follow the format keeps its whole text as message. */
  public static KrakenError parse(String raw) {
    Objects.requireNonNull(raw, "raw == null");
    // An empty string (a service or proxy may send one) has no severity letter to strip.
    char first = raw.isEmpty() ? 'E' : raw.charAt(0);
    boolean hasSeverity = !raw.isEmpty() && (first == 'E' || first == 'W');
    String rest = hasSeverity ? raw.substring(1) : raw;
    String[] parts = rest.split(":", 3);
    if (parts.length < 2) {
      return new KrakenError(raw, hasSeverity ? first : 'E', "", raw, null);
    }
    return new KrakenError(raw, hasSeverity ? first : 'E', parts[0], parts[1], parts.length == 3 ? parts[2] : null);
  }

  /** {@code E} for an error, {@code W} for a warning. */
  public char severity() {
    return severity;
  }

  /** True for a warning ({@code W...}), which never fails a call. */
  public boolean isWarning() {
    return severity == 'W';
  }

  /** The category without the severity letter, such as {@code API} or {@code Earnings}. */
  public String category() {
    return category;
  }

  public String message() {
    return message;
  }

  /** The text after the second colon, or {@code null}. */
  public String extra() {
    return extra;
  }

  /**
   * {@code <severity><category>:<message>}, such as {@code EEarnings:Busy}: a value of the
   * family's error-code enum; the whole text if it does not follow the format.
   */
  public String code() {
    return category.isEmpty() ? raw : severity + category + ":" + message;
  }

  /** The string exactly as the service sent it. */
  public String raw() {
    return raw;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KrakenError && ((KrakenError) other).raw.equals(raw);
  }

  @Override
  public int hashCode() {
    return raw.hashCode();
  }

  @Override
  public String toString() {
    return raw;
  }
}
