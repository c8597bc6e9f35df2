package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The service's encodings shared by the funding operations: amounts, times, cursor pages. */
final class Wire {
  private Wire() {}

  /** A decimal string with the asset's scale: {@code 0.7812500000}. */
  static String amount(BigDecimal value, int decimals) {
    return value.setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
  }

  /** Whole Unix seconds. */
  static long seconds(Instant time) {
    return time.getEpochSecond();
  }

  /** RFC 3339 in UTC to the second: {@code 2023-07-06T18:52:00Z}. */
  static String rfc3339(Instant time) {
    return time.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  static Map<String, Object> object() {
    return new LinkedHashMap<>();
  }

  /** Unix seconds (fractions allowed) as an instant. */
  static Instant instant(BigDecimal seconds) {
    BigDecimal nanos = seconds.movePointRight(9).setScale(0, RoundingMode.FLOOR);
    BigDecimal[] split = nanos.divideAndRemainder(BigDecimal.valueOf(1_000_000_000L));
    return Instant.ofEpochSecond(split[0].longValueExact(), split[1].longValueExact());
  }

  /** An opaque cursor naming the last item of a page. */
  static String cursor(String lastId) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(lastId.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The cursor-paged listing of DepositStatus and WithdrawStatus. Without {@code cursor} (or with
   * {@code cursor=false}) the result is a plain array of at most {@code limit} items; with
   * {@code cursor=true} it is the first page, with a cursor string the page after it, each as
   * {@code {"<listName>": [...], "next_cursor": "..."}} ({@code next_cursor} null on the last page).
   *
   * @param newestFirst the items, already filtered and sorted.
   */
  static <T> Object cursorPage(List<T> newestFirst, Function<T, String> id, Function<T, Object> render,
      Parameters params, int defaultLimit, String listName) {
    Long requested = params.integer("limit");
    int limit = requested == null ? defaultLimit : (int) Math.max(1, Math.min(requested, 10_000));
    String cursor = params.string("cursor");
    boolean paged = cursor != null && !"false".equalsIgnoreCase(cursor.trim());
    int start = 0;
    if (paged && !"true".equalsIgnoreCase(cursor.trim())) {
      String last;
      try {
        last = new String(Base64.getUrlDecoder().decode(cursor.trim()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw FundingException.invalid("cursor");
      }
      start = -1;
      for (int i = 0; i < newestFirst.size(); i++) {
        if (id.apply(newestFirst.get(i)).equals(last)) {
          start = i + 1;
          break;
        }
      }
      if (start < 0) {
        throw FundingException.invalid("cursor");
      }
    }
    int end = Math.min(newestFirst.size(), start + limit);
    List<Object> items = new ArrayList<>();
    for (T item : newestFirst.subList(start, end)) {
      items.add(render.apply(item));
    }
    if (!paged) {
      return items;
    }
    Map<String, Object> page = object();
    page.put(listName, items);
    page.put("next_cursor", end < newestFirst.size() ? cursor(id.apply(newestFirst.get(end - 1))) : null);
    return page;
  }

  /** True if {@code time} lies in the optional {@code start}/{@code end} filter (both inclusive). */
  static boolean within(Instant time, Parameters params) {
    BigDecimal start = params.decimal("start");
    BigDecimal end = params.decimal("end");
    return (start == null || !time.isBefore(instant(start))) && (end == null || !time.isAfter(instant(end)));
  }
}
