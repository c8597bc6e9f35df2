package io.github.krakensdk.sandbox.internal.spot.funding;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.sandbox.MutableClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A funding part on a clock that stands still, over the demo account. */
final class Fixture {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final Duration EARN_DELAY = Duration.ofMinutes(5);
  static final String IIBAN = "AA29N84GTRQFZL8R";

  final MutableClock clock = MutableClock.at(START);
  final FundingSettings settings = FundingSettings.defaults(clock, EARN_DELAY);
  final InMemoryAccount account = InMemoryAccount.demo(IIBAN, START);
  final Funding funding = new Funding(settings, account);
  final ApiKeyInfo key = new ApiKeyInfo("sandbox spot", "SBXSPOTkey", List.of("query-funds", "withdraw-funds"), 0,
      List.of(), START.minus(Duration.ofDays(100)), START.minus(Duration.ofDays(50)), START, 1741942800000L, IIBAN);

  Object call(String operationId, Map<String, ?> params) {
    return funding.handle(operationId, account, key, params);
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> object(String operationId, Map<String, ?> params) {
    return (Map<String, Object>) call(operationId, params);
  }

  @SuppressWarnings("unchecked")
  List<Map<String, Object>> list(String operationId, Map<String, ?> params) {
    return (List<Map<String, Object>>) call(operationId, params);
  }

  /** The error strings a refused call answers. */
  List<String> refused(String operationId, Map<String, ?> params) {
    return assertThrows(FundingException.class, () -> call(operationId, params)).errors();
  }

  BigDecimal balance(String asset) {
    return account.balance(asset);
  }

  static BigDecimal dec(String text) {
    return new BigDecimal(text);
  }

  /** True if the two decimals are equal in value (scales aside). */
  static boolean same(String expected, Object actual) {
    return new BigDecimal(expected).compareTo(actual instanceof BigDecimal d ? d : new BigDecimal(actual.toString()))
        == 0;
  }
}
