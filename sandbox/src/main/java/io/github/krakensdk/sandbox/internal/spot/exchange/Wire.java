package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** The service's encodings: decimal strings at a fixed scale, Unix times as numbers with fractions. */
final class Wire {
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter NANOS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private Wire() {}

  /** {@code value} as a decimal string with exactly {@code scale} decimals ({@code "30010.0"}). */
  static String fixed(BigDecimal value, int scale) {
    return value.setScale(scale, RoundingMode.HALF_EVEN).toPlainString();
  }

  /** Unix seconds with up to microseconds, as the service writes {@code opentm} or {@code time}. */
  static BigDecimal time(Instant instant) {
    BigDecimal micros = BigDecimal.valueOf(instant.getEpochSecond())
        .add(BigDecimal.valueOf(instant.getNano() / 1000, 6));
    BigDecimal stripped = micros.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }

  static long nanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }

  static Instant ofNanos(long nanos) {
    return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }

  /** RFC 3339 with whole seconds ({@code 2023-03-24T17:41:56Z}). */
  static String rfc3339(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
  }

  static String rfc3339Micros(Instant instant) {
    return MICROS.format(instant);
  }

  static String rfc3339Nanos(Instant instant) {
    return NANOS.format(instant);
  }

  /** A percentage as the fee schedules show it: {@code 0.24}, {@code 0.1}, {@code 0}. */
  static BigDecimal plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }

  static Map<String, Object> object() {
    return new LinkedHashMap<>();
  }
}
