package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Time, SystemStatus and MaintenanceSchedule: the sandbox clock, and scheduled maintenance windows on it.
 * The status is {@code online}, or {@code maintenance} while a window that affects spot trading is
 * on. {@code upcoming_maintenance} lists the windows starting within 72 hours, the schedule those
 * within 7 days, each with the phase of its countdown and the advice for it; a window leaves both
 * once it has started. Immutable and thread-safe.
 */
public final class ExchangeStatus {
  /**
   * A scheduled maintenance window.
   *
   * @param services the affected services: {@code spot_rest}, {@code spot_ws}, {@code spot_trading}, {@code all}, ...
   */
  public record Window(long eventId, String title, Instant start, Instant end, List<String> services) {
    public Window {
      requireNonNull(title, "title == null");
      requireNonNull(start, "start == null");
      requireNonNull(end, "end == null");
      services = List.copyOf(services);
      if (!end.isAfter(start)) {
        throw new IllegalArgumentException("a window must end after it starts");
      }
    }

    boolean stopsTrading() {
      return services.contains("spot_trading") || services.contains("all");
    }
  }

  /**
   * RFC 1123 with a two-digit year, a one-digit day padded with a space ({@code Wed,  9 Jan 19 01:50:54
   * +0000}), as every recorded answer of the service has it.
   */
  private static final DateTimeFormatter RFC_1123 =
      DateTimeFormatter.ofPattern("EEE, ppd MMM yy HH:mm:ss xx", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  private final Clock clock;
  private final List<Window> windows;

  public ExchangeStatus(Clock clock, List<Window> windows) {
    this.clock = requireNonNull(clock, "clock == null");
    List<Window> sorted = new ArrayList<>(windows);
    sorted.sort(Comparator.comparing(Window::start));
    this.windows = List.copyOf(sorted);
  }

  /**
   * The sandbox's two windows: a REST upgrade 30 hours after {@code start} (30 minutes; trading goes
   * on) and a trading engine upgrade 5 days after it (1 hour; status {@code maintenance}).
   */
  public static ExchangeStatus seeded(Clock clock, Instant start) {
    return new ExchangeStatus(clock, List.of(
        new Window(21, "Spot REST API infrastructure upgrade", start.plus(Duration.ofHours(30)),
            start.plus(Duration.ofHours(30)).plus(Duration.ofMinutes(30)), List.of("spot_rest", "spot_ws")),
        new Window(34, "Scheduled maintenance - trading engine", start.plus(Duration.ofDays(5)),
            start.plus(Duration.ofDays(5)).plus(Duration.ofHours(1)), List.of("spot_trading"))));
  }

  /** Time: the sandbox clock in whole seconds, as a number and in RFC 1123 form. */
  public Map<String, Object> serverTime() {
    Instant now = clock.instant();
    Map<String, Object> result = Wire.object();
    result.put("unixtime", now.getEpochSecond());
    result.put("rfc1123", RFC_1123.format(now));
    return result;
  }

  /** SystemStatus. */
  public Map<String, Object> systemStatus() {
    Instant now = clock.instant();
    String status = "online";
    List<Object> upcoming = new ArrayList<>();
    for (Window window : windows) {
      if (!now.isBefore(window.start()) && now.isBefore(window.end()) && window.stopsTrading()) {
        status = "maintenance";
      }
      if (now.isBefore(window.start()) && !window.start().isAfter(now.plus(Duration.ofHours(72)))) {
        upcoming.add(render(window, now));
      }
    }
    Map<String, Object> result = Wire.object();
    result.put("status", status);
    result.put("timestamp", Wire.rfc3339(now));
    result.put("upcoming_maintenance", upcoming);
    result.put("emergency", List.of());
    return result;
  }

  /** MaintenanceSchedule: the windows starting in the next 7 days, soonest first. */
  public Map<String, Object> maintenanceSchedule() {
    Instant now = clock.instant();
    List<Object> events = new ArrayList<>();
    for (Window window : windows) {
      if (now.isBefore(window.start()) && !window.start().isAfter(now.plus(Duration.ofDays(7)))) {
        events.add(render(window, now));
      }
    }
    Map<String, Object> result = Wire.object();
    result.put("events", events);
    return result;
  }

  private static Map<String, Object> render(Window window, Instant now) {
    long toStart = Duration.between(now, window.start()).toSeconds();
    String phase;
    String action;
    if (toStart <= 30) {
      phase = "final_warning_30s";
      action = "disconnect_and_wait";
    } else if (toStart <= 5 * 60) {
      phase = "imminent_5m";
      action = window.stopsTrading() ? "cancel_open_orders" : "reduce_activity";
    } else if (toStart <= 30 * 60) {
      phase = "approaching_30m";
      action = "reduce_activity";
    } else if (toStart <= 24 * 3600) {
      phase = "reminder_24h";
      action = "continue";
    } else {
      phase = "announced";
      action = "continue";
    }
    Map<String, Object> event = Wire.object();
    event.put("event_id", window.eventId());
    event.put("title", window.title());
    event.put("expected_start_utc", Wire.rfc3339(window.start()));
    event.put("expected_end_utc", Wire.rfc3339(window.end()));
    event.put("time_to_start_s", toStart);
    event.put("phase", phase);
    event.put("affected_services", window.services());
    event.put("order_submission", "allowed");
    event.put("recommended_action", action);
    event.put("cancel_before_utc", Wire.rfc3339(window.start().minus(Duration.ofMinutes(5))));
    event.put("source_url", "https://status.kraken.com/incidents/sandbox" + window.eventId());
    return event;
  }
}
