package io.github.krakensdk.sandbox.internal.futures;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.RootAccess;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.sandbox.internal.http.Signatures;
import io.github.krakensdk.sandbox.internal.params.BodyParameters;
import io.github.krakensdk.sandbox.internal.params.JsonTree;
import io.github.krakensdk.futures.model.AssignmentParticipant;
import io.github.krakensdk.futures.model.AssignmentPreferenceResponse;
import io.github.krakensdk.futures.model.AssignmentTimeFrame;
import io.github.krakensdk.futures.internal.model.FuturesEnvelope;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.futures.model.FuturesResultStatus;
import io.github.krakensdk.futures.model.Notification;
import io.github.krakensdk.futures.model.NotificationPriority;
import io.github.krakensdk.futures.model.NotificationType;
import io.github.krakensdk.futures.model.NotificationsResponse;
import io.github.krakensdk.futures.model.PnlPreference;
import io.github.krakensdk.futures.model.PnlPreferencesResponse;
import io.github.krakensdk.futures.internal.model.PortfolioSimulationRequest;
import io.github.krakensdk.futures.model.PortfolioSimulationResponse;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.futures.model.SelfTradeStrategyResponse;
import io.github.krakensdk.futures.model.SimulatedPosition;
import io.github.krakensdk.futures.model.TradeHistoryEntry;
import io.github.krakensdk.futures.model.TradeHistoryResponse;
import io.github.krakensdk.futures.model.TradeSide;
import io.github.krakensdk.futures.model.TradeType;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Futures ({@code /derivatives/api/v3}), and its demo environment under {@code /demo-futures}:
 * the same account behind both, except that {@code simulate} exists on the demo base only. On the
 * production base it answers HTTP 404 with the envelope {@code error: Unavailable}, the contract's
 * example for "the endpoint is not available (e.g. called on production)".
 *
 * <p>Private operations are signed with {@code APIKey}, {@code Authent} and {@code Nonce}. A
 * failed signature or unknown key answers HTTP 401 {@code authenticationError}, as does a
 * read-only key on the self-trade strategy (full access needed). A nonce equal to the last one
 * gives {@code nonceDuplicate}, one below it {@code nonceBelowThreshold}. The public service
 * makes the {@code Nonce} header optional, but the contract's security requirement names it with
 * the other two, so the sandbox requires it ({@code authenticationError} without it).
 *
 * <p>Error statuses: the public service sends most errors with HTTP 200, but the contract
 * describes HTTP 200 with the success schema (whose operation fields are required) and every
 * error under {@code default}. So that each answer matches the contract, the sandbox sends errors
 * with a 4xx status: 400 for arguments and nonces, 401 for authentication, 404 for {@code
 * notFound} and an unavailable endpoint, 500 for its own failures. The SDK reads {@code result}
 * whatever the status, so both forms reach the caller as the same exception.
 */
public final class FuturesFamily extends Endpoint<FuturesFamily.Caller> {
  public static final String PREFIX = "/derivatives/api/v3";
  public static final String DEMO_PREFIX = "/demo-futures";
  static final String SIMULATE = PREFIX + "/portfolio-margining/simulate";
  static final List<String> SYMBOLS = List.of("PF_XBTUSD", "PF_ETHUSD", "PF_SOLUSD");
  static final int TRADES_PER_SYMBOL = 300;
  static final Duration TRADE_SPACING = Duration.ofMinutes(40);
  static final Duration HISTORY_WINDOW = Duration.ofDays(7);
  static final int HISTORY_LIMIT = 100;
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /** Who signed: the key and whether it has full access. */
  record Caller(SandboxKey key, boolean fullAccess) {}

  private record Trade(Instant time, TradeHistoryEntry entry) {}

  private final Settings settings;
  private final Nonces nonces;
  private final Map<String, Caller> keys = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger issued = new java.util.concurrent.atomic.AtomicInteger();
  private final Map<String, List<Trade>> trades = new LinkedHashMap<>();
  private final List<Notification> notifications;
  private final List<PnlPreference> pnlPreferences = List.of(
      PnlPreference.builder().symbol("PF_ETHUSD").pnlCurrency("USD").build(),
      PnlPreference.builder().symbol("PF_SOLUSD").pnlCurrency("USDC").build());
  /** Guarded by {@code this}. */
  private SelfTradeStrategy selfTradeStrategy = SelfTradeStrategy.REJECT_TAKER;
  /** Guarded by {@code this}. */
  private final Map<Long, AssignmentParticipant> assignmentPreferences = new LinkedHashMap<>();

  public FuturesFamily(ContractValidator contract, Settings settings, Nonces nonces, Instant seededAt) {
    super(Family.FUTURES, contract);
    this.settings = settings;
    this.nonces = nonces;
    keys.put(Seed.FUTURES_FULL_KEY.key(), new Caller(Seed.FUTURES_FULL_KEY, true));
    keys.put(Seed.FUTURES_READ_ONLY_KEY.key(), new Caller(Seed.FUTURES_READ_ONLY_KEY, false));
    assignmentPreferences.put(48213L, AssignmentParticipant.builder()
        .contractType("flex")
        .contract("PF_ETHUSD")
        .maxPosition(25.0)
        .maxSize(5.0)
        .acceptLong(true)
        .acceptShort(false)
        .timeFrame(AssignmentTimeFrame.WEEKENDS)
        .enabled(true)
        .build());
    assignmentPreferences.put(48214L, AssignmentParticipant.builder()
        .contractType("flex")
        .acceptLong(true)
        .acceptShort(true)
        .timeFrame(AssignmentTimeFrame.ALL)
        .enabled(false)
        .build());
    assignmentPreferences.put(48215L, AssignmentParticipant.builder()
        .contractType("flex")
        .contract("PF_XBTUSD")
        .maxPosition(2.0)
        .maxSize(0.5)
        .acceptLong(false)
        .acceptShort(true)
        .timeFrame(AssignmentTimeFrame.WEEKDAYS)
        .enabled(true)
        .build());
    Instant day = seededAt.truncatedTo(ChronoUnit.DAYS);
    this.notifications = List.of(
        Notification.builder()
            .type(NotificationType.MAINTENANCE)
            .priority(NotificationPriority.HIGH)
            .note("Trading-engine upgrade. Order entry and the API are unavailable during the window.")
            .effectiveTime(utc(day.plus(Duration.ofDays(6)).plus(Duration.ofHours(6))))
            .expectedDowntimeMinutes(45)
            .build(),
        Notification.builder()
            .type(NotificationType.SETTLEMENT)
            .priority(NotificationPriority.MEDIUM)
            .note("Monthly contracts expire and settle.")
            .effectiveTime(utc(day.plus(Duration.ofDays(14)).plus(Duration.ofHours(16))))
            .build(),
        Notification.builder()
            .type(NotificationType.NEW_FEATURE)
            .priority(NotificationPriority.LOW)
            .note("Trailing stop orders are now available on all perpetual markets.")
            .effectiveTime(utc(day.minus(Duration.ofDays(2)).plus(Duration.ofHours(9))))
            .build());
    for (String symbol : SYMBOLS) {
      trades.put(symbol, seedTrades(symbol, seededAt));
    }

    route("POST", SIMULATE, "simulatePortfolio", true, (call, path, caller) -> simulate(call));
    route("POST", PREFIX + "/assignmentprogram/delete", "deleteAssignmentPreference", true,
        (call, path, caller) -> deleteAssignmentPreference(call));
    route("GET", PREFIX + "/notifications", "getNotifications", true, (call, path, caller) ->
        ok(NotificationsResponse.builder()
            .result(FuturesResultStatus.SUCCESS)
            .serverTime(now())
            .notifications(notifications)
            .build()));
    route("GET", PREFIX + "/pnlpreferences", "getPnlPreferences", true, (call, path, caller) ->
        ok(PnlPreferencesResponse.builder()
            .result(FuturesResultStatus.SUCCESS)
            .serverTime(now())
            .preferences(pnlPreferences)
            .build()));
    route("PUT", PREFIX + "/self-trade-strategy", "updateSelfTradeStrategy", true, this::selfTradeStrategy);
    route("GET", PREFIX + "/history", "getTradeHistory", false, (call, path, caller) -> history(call));
  }

  /**
   * Serves a call under the production base ({@code demo} false) or the demo base; {@code
   * contractPath} is the path without the demo prefix.
   */
  public Served serve(HttpCall call, String contractPath, boolean demo) {
    if (!demo && contractPath.equals(SIMULATE)) {
      return new Served(error(404, FuturesErrorCode.UNAVAILABLE, null), "simulatePortfolio", family, contractPath);
    }
    return serve(call, contractPath);
  }

  // ---- authentication ----

  @Override
  public Authenticated<Caller> authenticate(HttpCall call, Route<Caller> route) {
    Caller caller = keys.get(String.valueOf(call.header("APIKey")));
    if (caller == null) {
      return Authenticated.refused(error(401, FuturesErrorCode.AUTHENTICATION_ERROR, null));
    }
    String nonceText = call.header("Nonce");
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      // The contract's security requirement holds APIKey, Authent and Nonce together.
      return Authenticated.refused(error(401, FuturesErrorCode.AUTHENTICATION_ERROR,
          nonceText == null ? "no Nonce header" : "Nonce is not an unsigned 64-bit number"));
    }
    byte[] postData = call.hasBody() ? call.body
        : call.rawQuery == null ? new byte[0] : call.rawQuery.getBytes(StandardCharsets.UTF_8);
    String secret = caller.key().secret();
    String authent = call.header("Authent");
    String nonceSigned = nonceText;
    // Clients sign the path they send. Under the demo prefix the path is accepted with or without it.
    boolean authentic = Secrets.equal(Signatures.authent(secret, call.rawPath, postData, nonceSigned), authent)
        || (call.rawPath.startsWith(DEMO_PREFIX + "/")
            && Secrets.equal(Signatures.authent(secret, call.rawPath.substring(DEMO_PREFIX.length()), postData, nonceSigned), authent));
    if (!authentic) {
      return Authenticated.refused(error(401, FuturesErrorCode.AUTHENTICATION_ERROR, null));
    }
    switch (nonces.offer(caller.key().key(), nonce)) {
      case DUPLICATE -> {
        return Authenticated.refused(error(400, FuturesErrorCode.NONCE_DUPLICATE, null));
      }
      case BELOW -> {
        return Authenticated.refused(error(400, FuturesErrorCode.NONCE_BELOW_THRESHOLD, null));
      }
      case ACCEPTED -> { }
    }
    if (route.operationId().equals("updateSelfTradeStrategy") && !caller.fullAccess()) {
      return Authenticated.refused(error(401, FuturesErrorCode.AUTHENTICATION_ERROR, "full access required"));
    }
    return Authenticated.as(caller);
  }

  @Override
  public Reply beforeValidation(HttpCall call, Route<Caller> route) {
    if (route.operationId().equals("simulatePortfolio")) {
      String json = call.query("json");
      if (json != null) {
        try {
          JsonTree.read(json);
        } catch (IllegalArgumentException e) {
          return error(400, FuturesErrorCode.JSON_PARSE_ERROR, null);
        }
      }
    }
    return null;
  }

  // ---- envelopes ----

  private OffsetDateTime now() {
    return utc(settings.clock().instant().truncatedTo(ChronoUnit.MILLIS));
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }

  private static Reply ok(Object body) {
    return Reply.answer(200, body);
  }

  Reply error(int status, FuturesErrorCode code, String detail) {
    List<String> errors = detail == null ? null : List.of(code.value(), detail);
    return Reply.answer(status, FuturesEnvelope.builder()
        .result(FuturesResultStatus.ERROR)
        .serverTime(now())
        .error(code)
        .errors(errors)
        .build());
  }

  @Override
  public Reply rejected(Route<Caller> route, List<Problem> problems) {
    boolean missing = problems.stream().anyMatch(p -> p.key().endsWith(".missing"));
    return error(400, missing ? FuturesErrorCode.REQUIRED_ARGUMENT_MISSING : FuturesErrorCode.INVALID_ARGUMENT,
        detail(problems));
  }

  @Override
  public Reply unknownOperation(HttpCall call) {
    return error(404, FuturesErrorCode.NOT_FOUND, call.method + " " + call.rawPath);
  }

  @Override
  public Reply wrongMethod(HttpCall call, Set<String> allowed) {
    return error(405, FuturesErrorCode.NOT_FOUND,
        call.method + " " + call.rawPath + " takes " + String.join(", ", allowed));
  }

  @Override
  public Reply internalError(Exception e) {
    return error(500, FuturesErrorCode.SERVER_ERROR, String.valueOf(e));
  }

  // ---- operations ----

  private Reply simulate(HttpCall call) throws IOException {
    // Futures has no request bodies: this operation's parameters are one JSON document in its query.
    PortfolioSimulationRequest request;
    try {
      request = BodyParameters.ofJson(call.query("json")).read(PortfolioSimulationRequest.class);
    } catch (IOException | RuntimeException unreadable) { // a member of the wrong type, named by its path
      return error(400, FuturesErrorCode.INVALID_ARGUMENT, "json: " + unreadable.getMessage());
    }
    List<PortfolioMath.Instrument> instruments = new ArrayList<>();
    for (SimulatedPosition position : request.positions()) {
      PortfolioMath.Instrument instrument = PortfolioMath.instrument(position.instrument());
      if (instrument == null) {
        return error(400, FuturesErrorCode.INVALID_ARGUMENT, "unknown instrument " + position.instrument());
      }
      instruments.add(instrument);
    }
    PortfolioMath.Result result = PortfolioMath.simulate(request.positions(), instruments, settings.clock().instant());
    return ok(PortfolioSimulationResponse.builder()
        .result(FuturesResultStatus.SUCCESS)
        .serverTime(now())
        .maintenanceMargin(result.maintenanceMargin())
        .initialMargin(result.initialMargin())
        .pnl(result.pnl())
        .portfolioMarginBreakdown(result.breakdown())
        .greeks(result.greeks())
        .build());
  }

  private Reply deleteAssignmentPreference(HttpCall call) {
    long id = Long.parseLong(call.query("id"));
    AssignmentParticipant removed;
    synchronized (this) {
      removed = assignmentPreferences.remove(id);
    }
    if (removed == null) {
      return error(404, FuturesErrorCode.NOT_FOUND, null);
    }
    return ok(AssignmentPreferenceResponse.builder()
        .result(FuturesResultStatus.SUCCESS)
        .serverTime(now())
        .id(id)
        .participant(removed)
        .build());
  }

  private Reply selfTradeStrategy(HttpCall call, Map<String, String> path, Caller caller) {
    SelfTradeStrategy strategy = SelfTradeStrategy.of(call.query("strategy"));
    synchronized (this) {
      selfTradeStrategy = strategy;
    }
    return ok(SelfTradeStrategyResponse.builder()
        .result(FuturesResultStatus.SUCCESS)
        .serverTime(now())
        .strategy(strategy)
        .build());
  }

  private Reply history(HttpCall call) {
    List<Trade> all = trades.get(call.query("symbol"));
    if (all == null) {
      return error(400, FuturesErrorCode.INVALID_ARGUMENT, "unknown symbol " + call.query("symbol"));
    }
    Instant now = settings.clock().instant();
    Instant before = now;
    String lastTime = call.query("lastTime");
    if (lastTime != null) {
      try {
        before = OffsetDateTime.parse(lastTime).toInstant();
      } catch (DateTimeParseException e) {
        return error(400, FuturesErrorCode.INVALID_ARGUMENT, "lastTime is not an RFC 3339 time");
      }
    }
    Instant oldest = now.minus(HISTORY_WINDOW);
    List<TradeHistoryEntry> page = new ArrayList<>();
    for (Trade trade : all) { // newest first
      if (page.size() == HISTORY_LIMIT) {
        break;
      }
      boolean inWindow = !trade.time().isBefore(oldest) && !trade.time().isAfter(now);
      if (inWindow && trade.time().isBefore(before)) {
        page.add(trade.entry());
      }
    }
    return ok(TradeHistoryResponse.builder()
        .result(FuturesResultStatus.SUCCESS)
        .serverTime(now())
        .history(page)
        .build());
  }

  /**
   * {@link #TRADES_PER_SYMBOL} trades, one about every {@link #TRADE_SPACING} before {@code end}
   * (so more than the 7 days the history shows), newest first; trade ids count up from 1 for the
   * oldest. The newest trade of each market carries the regulatory fields.
   */
  private static List<Trade> seedTrades(String symbol, Instant end) {
    Random random = new Random(symbol.hashCode());
    double price = PortfolioMath.MARKS.get(symbol.substring(3, 6));
    List<Trade> list = new ArrayList<>();
    for (int i = 0; i < TRADES_PER_SYMBOL; i++) {
      Instant time = end.minus(TRADE_SPACING.multipliedBy(i)).minusMillis(1 + random.nextInt(59_000))
          .truncatedTo(ChronoUnit.MILLIS);
      price = Math.round(price * (1 + (random.nextDouble() - 0.5) * 0.002) * 2) / 2.0;
      double size = Math.round((0.0005 + random.nextDouble() * 2.5) * 10_000) / 10_000.0;
      TradeType type = i % 23 == 7 ? TradeType.LIQUIDATION : i % 97 == 41 ? TradeType.ASSIGNMENT : TradeType.FILL;
      String uid = UUID.nameUUIDFromBytes((symbol + ":" + i).getBytes(StandardCharsets.UTF_8)).toString();
      String timeText = MILLIS.format(time);
      TradeHistoryEntry entry = i == 0
          ? TradeHistoryEntry.builder()
              .price(price)
              .time(timeText)
              .side(TradeSide.BUY)
              .size(size)
              .tradeId((long) (TRADES_PER_SYMBOL - i))
              .type(type)
              .uid(uid)
              .instrumentIdentificationType("ISIN")
              .isin("GB00J9YH3B47")
              .executionVenue("KMTF")
              .priceNotation("MONE")
              .priceCurrency("USD")
              .notionalAmount(Math.round(price * size * 100_000) / 100_000.0)
              .notionalCurrency("USD")
              .publicationTime(MILLIS.format(time.plusMillis(15)))
              .publicationVenue("KMTF")
              .transactionIdentificationCode(uid)
              .toBeCleared(true)
              .build()
          : TradeHistoryEntry.builder()
              .price(price)
              .time(timeText)
              .side(random.nextBoolean() ? TradeSide.BUY : TradeSide.SELL)
              .size(size)
              .tradeId((long) (TRADES_PER_SYMBOL - i))
              .type(type)
              .uid(uid)
              .build();
      list.add(new Trade(time, entry));
    }
    list.sort(Comparator.comparing(Trade::time).reversed());
    return List.copyOf(list);
  }

  // ---- for Sandbox's inspection methods ----

  public synchronized SelfTradeStrategy currentSelfTradeStrategy() {
    return selfTradeStrategy;
  }

  public synchronized Map<Long, AssignmentParticipant> assignmentPreferences() {
    return Map.copyOf(assignmentPreferences);
  }

  /** Another key of the test account (the control plane's createFuturesKey): full access or read-only. */
  public SandboxKey issueKey(boolean fullAccess) {
    String label = "futures extra " + issued.incrementAndGet();
    SandboxKey key = RootAccess.get().newKey(Secrets.derivedKey("SBXFUT", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), new Caller(key, fullAccess));
    return key;
  }

  // ---- state document (export, import, reset) ----

  /**
   * This family's state for the state document: the issued keys, trades, notifications, the
   * self-trade strategy and the assignment preferences.
   */
  public StatePart state() {
    return StatePart.of(this, "keys", "issued", "trades", "notifications", "selfTradeStrategy",
        "assignmentPreferences");
  }
}
