package io.github.krakensdk.errors;

import java.util.Objects;

/**
 * One Kraken error string, {@code <severity><category>:<message>[:<extra>]}, as Spot sends in its
 * {@code error} array (and Embed in its error body): {@code EEarnings:Busy:Another (de)allocation
 * for the same strategy is in progress} has severity {@code E}, category {@code Earnings},
 * message {@code Busy} and that extra. {@link #code()} names the errors the contract and the
 * public service document, so callers switch instead of matching strings.
 */
public final class KrakenError {
  /** The documented errors; {@link #UNRECOGNIZED} for any other. */
  public enum Code {
    EARN_BELOW_MINIMUM("Earnings", "Below min"),
    EARN_BUSY("Earnings", "Busy"),
    INVALID_STRATEGY_ID("General", "Invalid arguments", "Invalid strategy ID"),
    INVALID_ARGUMENTS("General", "Invalid arguments"),
    PERMISSION_DENIED("General", "Permission denied"),
    TEMPORARY_LOCKOUT("General", "Temporary lockout"),
    INVALID_KEY("API", "Invalid key"),
    INVALID_SIGNATURE("API", "Invalid signature"),
    INVALID_NONCE("API", "Invalid nonce"),
    RATE_LIMIT_EXCEEDED("API", "Rate limit exceeded"),
    SERVICE_UNAVAILABLE("Service", "Unavailable"),
    SERVICE_BUSY("Service", "Busy"),
    WEBHOOK_NOT_FOUND("Nexus", "Webhook not found"),
    WEBHOOK_DISABLED("Nexus", "Webhook is disabled"),
    UNRECOGNIZED(null, null);

    private final String category;
    private final String message;
    private final String extra;

    Code(String category, String message) {
      this(category, message, null);
    }

    Code(String category, String message, String extra) {
      this.category = category;
      this.message = message;
      this.extra = extra;
    }

    static Code of(String category, String message, String extra) {
      Code match = UNRECOGNIZED;
      for (Code code : values()) {
        if (code.category != null && code.category.equals(category) && code.message.equals(message)) {
          if (code.extra == null && match == UNRECOGNIZED) {
            match = code;
          } else if (code.extra != null && code.extra.equals(extra)) {
            return code;
          }
        }
      }
      return match;
    }
  }

  private final String raw;
  private final char severity;
  private final String category;
  private final String message;
  private final String extra;
  private final Code code;

  private KrakenError(String raw, char severity, String category, String message, String extra) {
    this.raw = raw;
    this.severity = severity;
    this.category = category;
    this.message = message;
    this.extra = extra;
    this.code = Code.of(category, message, extra);
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

  public Code code() {
    return code;
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
