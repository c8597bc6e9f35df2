package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Secrets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How {@code KrakenClient} logs HTTP traffic for wire debugging without showing credentials.
 *
 * <p>Values of the headers {@code API-Key}, {@code API-Sign}, {@code API-Nonce}, {@code API-OTP}
 * (a Funding (Beta) request's two-factor password), {@code APIKey},
 * {@code Authent}, {@code Authorization}, {@code Proxy-Authorization}, {@code Cookie} and {@code
 * Set-Cookie} are replaced by {@code ██}, and so are the values of the fields {@code
 * access_token}, {@code refresh_token}, {@code id_token}, {@code code}, {@code client_secret},
 * {@code secret}, {@code password}, {@code api_key} (the keys a fast-API-key listing returns),
 * {@code otp} (a Spot key's two-factor password), {@code token} (a Spot WebSocket token),
 * {@code download_url} (an Embed settlement report's signed address), {@code card_number} and
 * {@code cvc} (a card in a Funding (Beta) withdrawal address's fiat details) wherever they appear: JSON bodies, form bodies and query strings, in requests and responses.
 * More names can be added; none can be removed.
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(credentials)
 *     .logging(RedactingLogging.builder(System.err::println).level(RedactingLogging.Level.BODY).build())
 *     .build();
 * }</pre>
 *
 * Bodies are logged up to a limit (64 KiB by default) and only when they are text; response
 * bodies are read from a copy, so the caller still gets all of it. Lines are logged after the
 * request is signed, as it goes on the wire.
 */
public final class RedactingLogging {
  /** How much to log. */
  public enum Level {
    /** Nothing. */
    NONE,
    /** Request and response lines. */
    BASIC,
    /** Lines and headers. */
    HEADERS,
    /** Lines, headers and bodies. */
    BODY
  }

  /** Where lines go. */
  @FunctionalInterface
  public interface Logger {
    void log(String message);
  }

  /** The headers whose values are always hidden. */
  public static final List<String> DEFAULT_HEADERS =
      List.of(
          "API-Key", "API-Sign", "API-Nonce", "API-OTP", "APIKey", "Authent", "Authorization",
          "Proxy-Authorization", "Cookie", "Set-Cookie");
  /** The JSON members, form fields and query parameters whose values are always hidden. */
  public static final List<String> DEFAULT_FIELDS =
      List.of(
          "access_token", "refresh_token", "id_token", "code", "client_secret", "secret",
          "password", "api_key", "otp", "token", "download_url", "card_number", "cvc");

  private final Logger logger;
  private final Level level;
  private final long maxBodyBytes;
  private final List<String> headerNames;
  private final List<String> fieldNames;

  private RedactingLogging(Builder builder) {
    this.logger = builder.logger;
    this.level = builder.level;
    this.maxBodyBytes = builder.maxBodyBytes;
    this.headerNames = List.copyOf(builder.headerNames);
    this.fieldNames = List.copyOf(builder.fieldNames);
  }

  /** Starts configuring logging that writes to {@code logger}. */
  public static Builder builder(Logger logger) {
    return new Builder(logger);
  }

  /** A builder that starts from this configuration. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  /** Where lines go. */
  public Logger logger() {
    return logger;
  }

  /** How much is logged. */
  public Level level() {
    return level;
  }

  /** The length at which a logged body is cut. */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** The headers whose values are hidden: {@link #DEFAULT_HEADERS} and those added. */
  public List<String> redactedHeaders() {
    return headerNames;
  }

  /** The members, fields and query parameters whose values are hidden: {@link #DEFAULT_FIELDS} and those added. */
  public List<String> redactedFields() {
    return fieldNames;
  }

  @Override
  public String toString() {
    return "RedactingLogging{" + level + "}";
  }

  /** Configures a {@link RedactingLogging}; every setter returns this builder. */
  public static final class Builder {
    private final Logger logger;
    private Level level = Level.BASIC;
    private long maxBodyBytes = 64 * 1024;
    private final List<String> headerNames;
    private final List<String> fieldNames;

    Builder(Logger logger) {
      this.logger = Objects.requireNonNull(logger, "logger == null");
      this.headerNames = new ArrayList<>(DEFAULT_HEADERS);
      this.fieldNames = new ArrayList<>(DEFAULT_FIELDS);
    }

    Builder(RedactingLogging logging) {
      this.logger = logging.logger;
      this.level = logging.level;
      this.maxBodyBytes = logging.maxBodyBytes;
      this.headerNames = new ArrayList<>(logging.headerNames);
      this.fieldNames = new ArrayList<>(logging.fieldNames);
    }

    /** How much to log; {@link Level#BASIC} by default. */
    public Builder level(Level level) {
      this.level = Objects.requireNonNull(level, "level == null");
      return this;
    }

    /** Bodies longer than this are cut; 64 KiB by default. */
    public Builder maxBodyBytes(long maxBodyBytes) {
      if (maxBodyBytes < 0) throw new IllegalArgumentException("maxBodyBytes < 0");
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** Also hides the values of these headers. */
    public Builder redactHeaders(String... names) {
      for (String name : names) headerNames.add(Secrets.requireNonBlank(name, "header name"));
      return this;
    }

    /** Also hides the values of these JSON members, form fields and query parameters. */
    public Builder redactFields(String... names) {
      for (String name : Arrays.asList(names)) {
        fieldNames.add(Secrets.requireNonBlank(name, "field name"));
      }
      return this;
    }

    /** Builds the configured {@link RedactingLogging}. */
    public RedactingLogging build() {
      return new RedactingLogging(this);
    }
  }
}
