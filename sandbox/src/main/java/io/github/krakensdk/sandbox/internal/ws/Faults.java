package io.github.krakensdk.sandbox.internal.ws;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.WebSocketEvent.Kind;
import io.github.krakensdk.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The faults a test injects into the WebSocket server, and the log of what it did: pongs late or
 * missing, the next checksum of a book corrupted, the next method reply without {@code result},
 * tokens invalidated, upgrades refused, and every connection attempt per endpoint. Every frame the
 * server sends passes {@link #outgoing} (whatever endpoint or connection class wrote it), every
 * upgrade request {@link #admit}. Durations are on the sandbox clock, so that a test that advances
 * the clock ends a fault; thread-safe.
 *
 * <pre>{@code
 * faults.pongs(Faults.PongFault.LATE, Duration.ofSeconds(5), 3, null); // the next 3 pongs 5 s late
 * faults.refuse(Duration.ofSeconds(30), 503);                        // upgrades refused for 30 s
 * }</pre>
 */
public final class Faults {
  /** How many events the log keeps (the oldest go first); the attempt counts are never dropped. */
  static final int LOG_CAPACITY = 10_000;
  /** The HTTP statuses an upgrade may be refused with. */
  public static final Set<Integer> REFUSAL_STATUSES = Set.of(429, 503);
  /** The close codes a test may close connections with. */
  public static final Set<Integer> CLOSE_CODES = Set.of(1001, 1006, 1008);
  /** The methods whose next reply may lose its {@code result}. */
  public static final Set<String> RESULT_METHODS = methods();

  /** What happens to a pong. */
  public enum PongFault {
    /** Sent after a delay. */
    LATE,
    /** Never sent. */
    MISSING
  }

  /** The channels whose next message a test may drop: every channel of both WebSockets. */
  public static final Set<String> DROPPABLE_CHANNELS = droppable();

  /** One line of the log: an upgrade request, a fault armed or a fault delivered. */
  public record Event(Instant at, String endpoint, Kind kind, String detail) {}

  private final Clock clock;
  private final ArrayDeque<Event> log = new ArrayDeque<>();
  private final Map<String, Long> attempts = new TreeMap<>();
  private final Set<String> revoked = new HashSet<>();
  /** "book BTC/USD", "level3 BTC/USD": the next message of each gets a wrong checksum. */
  private final List<String> checksums = new ArrayList<>();
  /** The methods whose next reply loses its result; "" for any method. */
  private final List<String> results = new ArrayList<>();
  /** The channels whose next message is dropped, one entry per message. */
  private final List<String> drops = new ArrayList<>();
  private final List<Held> held = new ArrayList<>();
  private PongFault pongFault;
  private Duration pongDelay = Duration.ZERO;
  private int pongCount;
  private Instant pongUntil;
  private Instant refuseUntil;
  private int refuseStatus;
  /** Whether a frame may need rewriting: when not, frames pass without taking the lock. */
  private volatile boolean armed;

  private record Held(Consumer<String> out, String text, Instant due) {}

  Faults(Clock clock) {
    this.clock = requireNonNull(clock, "clock == null");
  }

  private static final String CHANNEL_PREFIX = "{\"channel\":\"";

  private static Set<String> methods() {
    Set<String> methods = new HashSet<>(Connection.TRADING);
    methods.add("subscribe");
    methods.add("unsubscribe");
    return Set.copyOf(methods);
  }

  private static Set<String> droppable() {
    Set<String> channels = new java.util.TreeSet<>(Set.of("status", "margin", "positions", "ledgers"));
    for (Endpoint endpoint : Endpoint.values()) {
      channels.addAll(endpoint.channels);
    }
    return java.util.Collections.unmodifiableSet(channels);
  }

  // ---- arming ----

  /**
   * Pongs late by {@code delay} ({@link PongFault#LATE}) or not sent ({@link PongFault#MISSING}):
   * the next {@code count} pongs, or those due before {@code until} when {@code count} is 0.
   */
  public synchronized void pongs(PongFault fault, Duration delay, int count, Instant until) {
    requireNonNull(fault, "fault == null");
    requireNonNull(delay, "delay == null");
    if ((count > 0) == (until != null) || count < 0) {
      throw new IllegalArgumentException("give either a count above 0 or an end time, was " + count + ", " + until);
    }
    pongFault = fault;
    pongDelay = delay;
    pongCount = count;
    pongUntil = until;
    rearm();
    record(null, Kind.FAULT, "pong " + fault.name().toLowerCase(java.util.Locale.ROOT)
        + (fault == PongFault.LATE ? " by " + delay : "") + (count > 0 ? ", the next " + count : ", until " + until));
  }

  /** The next {@code channel} ({@code book} or {@code level3}) message of {@code symbol} carries a wrong checksum. */
  public synchronized void corruptChecksum(String channel, String symbol) {
    requireNonNull(channel, "channel == null");
    requireNonNull(symbol, "symbol == null");
    if (!channel.equals("book") && !channel.equals("level3")) {
      throw new IllegalArgumentException("channel must be book or level3, was " + channel);
    }
    checksums.add(channel + " " + symbol);
    rearm();
    record(null, Kind.FAULT, "checksum of the next " + channel + " message of " + symbol);
  }

  /** The next reply of {@code method} (any method when null) that has a {@code result} is sent without it. */
  public synchronized void omitResult(String method) {
    if (method != null && !RESULT_METHODS.contains(method)) {
      throw new IllegalArgumentException("method must be one of " + new java.util.TreeSet<>(RESULT_METHODS)
          + ", was " + method);
    }
    results.add(method == null ? "" : method);
    rearm();
    record(null, Kind.FAULT, "result of the next " + (method == null ? "method" : method) + " reply");
  }

  /**
   * The next message of {@code channel} (a snapshot or an update), on whichever connection it is
   * sent first, is never sent: a sequenced channel's next message then shows a gap.
   */
  public synchronized void dropMessage(String channel) {
    requireNonNull(channel, "channel == null");
    if (!DROPPABLE_CHANNELS.contains(channel)) {
      throw new IllegalArgumentException("channel must be one of " + DROPPABLE_CHANNELS + ", was " + channel);
    }
    drops.add(channel);
    rearm();
    record(null, Kind.FAULT, "the next " + channel + " message dropped");
  }

  /** Requests with {@code token} are answered {@code ESession:Invalid session}, on every connection. */
  public synchronized void revoke(String token) {
    requireNonNull(token, "token == null");
    revoked.add(token);
    record(null, Kind.FAULT, "token invalidated");
  }

  synchronized boolean revoked(String token) {
    return revoked.contains(token);
  }

  /** Every upgrade is answered with HTTP {@code status} (429 or 503) for {@code duration} of sandbox time. */
  public synchronized void refuse(Duration duration, int status) {
    requireNonNull(duration, "duration == null");
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be above zero, was " + duration);
    }
    if (!REFUSAL_STATUSES.contains(status)) {
      throw new IllegalArgumentException("status must be 429 or 503, was " + status);
    }
    refuseUntil = clock.instant().plus(duration);
    refuseStatus = status;
    record(null, Kind.FAULT, "upgrades refused with " + status + " until " + refuseUntil);
  }

  /** Forgets every fault armed and not yet delivered (pongs held back are sent); the log stays. */
  public void clear() {
    List<Held> release;
    synchronized (this) {
      pongFault = null;
      pongCount = 0;
      pongUntil = null;
      checksums.clear();
      results.clear();
      drops.clear();
      revoked.clear();
      refuseUntil = null;
      release = new ArrayList<>(held);
      held.clear();
      rearm();
      record(null, Kind.FAULT, "cleared");
    }
    for (Held pong : release) {
      pong.out().accept(pong.text());
    }
  }

  private void rearm() {
    armed = pongFault != null || !checksums.isEmpty() || !results.isEmpty() || !drops.isEmpty();
  }

  // ---- the log ----

  /** The log, oldest first. */
  public synchronized List<Event> events() {
    return List.copyOf(log);
  }

  /** Upgrade requests per endpoint path since the start, refused ones included. */
  public synchronized Map<String, Long> attempts() {
    return new LinkedHashMap<>(attempts);
  }

  synchronized void record(String endpoint, Kind kind, String detail) {
    if (log.size() == LOG_CAPACITY) {
      log.removeFirst();
    }
    log.addLast(new Event(clock.instant(), endpoint, kind, detail));
  }

  // ---- the server's hooks ----

  /**
   * Counts an upgrade request to {@code endpoint} and logs it; the HTTP status to refuse it with,
   * or 0 to accept it.
   */
  synchronized int admit(String endpoint) {
    attempts.merge(endpoint, 1L, Long::sum);
    if (refuseUntil != null && clock.instant().isBefore(refuseUntil)) {
      record(endpoint, Kind.REFUSED, String.valueOf(refuseStatus));
      return refuseStatus;
    }
    refuseUntil = null;
    record(endpoint, Kind.CONNECT, null);
    return 0;
  }

  /** How long refusals last from now, in whole seconds rounded up (the Retry-After). */
  synchronized long refusalSeconds() {
    if (refuseUntil == null) {
      return 0;
    }
    Duration left = Duration.between(clock.instant(), refuseUntil);
    return Math.max(1, left.toSeconds() + (left.toNanosPart() > 0 ? 1 : 0));
  }

  /** Sends {@code text} through {@code out} as the faults armed say: as it is, changed, later or never. */
  void outgoing(String endpoint, String text, Consumer<String> out) {
    if (!armed) {
      out.accept(text);
      return;
    }
    String sent;
    synchronized (this) {
      sent = rewrite(endpoint, text, out);
      rearm();
    }
    if (sent != null) {
      out.accept(sent);
    }
  }

  private String rewrite(String endpoint, String text, Consumer<String> out) {
    if (!drops.isEmpty() && text.startsWith(CHANNEL_PREFIX)) {
      int end = text.indexOf('"', CHANNEL_PREFIX.length());
      String channel = end < 0 ? "" : text.substring(CHANNEL_PREFIX.length(), end);
      if (drops.remove(channel)) {
        Map<String, Object> frame = Messages.parse(text);
        record(endpoint, Kind.DELIVERED, channel + " " + frame.get("type")
            + (frame.get("sequence") == null ? "" : " (sequence " + frame.get("sequence") + ")") + " dropped");
        return null;
      }
    }
    if (pongFault != null && text.startsWith("{\"method\":\"pong\"")) {
      Instant now = clock.instant();
      boolean byCount = pongCount > 0;
      if (!byCount && !(pongUntil != null && now.isBefore(pongUntil))) {
        pongFault = null;
        pongUntil = null;
        return text;
      }
      PongFault fault = pongFault;
      if (byCount && --pongCount == 0) {
        pongFault = null;
      }
      if (fault == PongFault.MISSING) {
        record(endpoint, Kind.DELIVERED, "pong dropped");
        return null;
      }
      held.add(new Held(out, text, now.plus(pongDelay)));
      record(endpoint, Kind.DELIVERED, "pong held for " + pongDelay);
      return null;
    }
    if (!checksums.isEmpty() && (text.startsWith("{\"channel\":\"book\"") || text.startsWith("{\"channel\":\"level3\""))) {
      Map<String, Object> frame = Messages.parse(text);
      Object data = frame.get("data");
      if (data instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> first) {
        String key = frame.get("channel") + " " + first.get("symbol");
        if (checksums.remove(key)) {
          @SuppressWarnings("unchecked")
          Map<String, Object> item = (Map<String, Object>) first;
          long checksum = ((BigDecimal) item.get("checksum")).longValueExact();
          item.put("checksum", (checksum + 1) & 0xFFFF_FFFFL);
          record(endpoint, Kind.DELIVERED, "checksum of a " + key + " " + frame.get("type") + " corrupted");
          return Json.write(frame);
        }
      }
      return text;
    }
    if (!results.isEmpty() && text.startsWith("{\"method\":\"") && text.contains("\"result\":")) {
      Map<String, Object> frame = Messages.parse(text);
      String method = (String) frame.get("method");
      if (frame.containsKey("result") && (results.remove(method) || results.remove(""))) {
        frame.remove("result");
        record(endpoint, Kind.DELIVERED, "a " + method + " reply without result");
        return Json.write(frame);
      }
    }
    return text;
  }

  /** Sends the pongs held back whose time has come on the sandbox clock. */
  void releaseDue() {
    List<Held> due = new ArrayList<>();
    synchronized (this) {
      if (held.isEmpty()) {
        return;
      }
      Instant now = clock.instant();
      for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
        Held pong = it.next();
        if (!now.isBefore(pong.due())) {
          due.add(pong);
          it.remove();
        }
      }
    }
    for (Held pong : due) {
      pong.out().accept(pong.text());
    }
  }
}
