package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.Settings;

import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What the Embed groups of the sandbox share: the partners' users and their balances, the
 * sandbox's prices, and the events the service would announce by webhook. Every group reads and
 * changes it while holding this object's monitor ({@code synchronized (state)}), so that a quote
 * executed, a withdrawal and a portfolio read see one consistent state.
 *
 * <p>Prices are the sandbox's own, in USD per unit, seeded for the assets it knows and moved with
 * {@link Sandbox#setEmbedPrice}; listeners (custom orders) see each change.
 */
public final class EmbedState {
  final Settings settings;
  /** Guarded by {@code this}. */
  private final Map<String, EmbedUser> users = new LinkedHashMap<>();
  /** USD per unit. Guarded by {@code this}. */
  private final Map<String, BigDecimal> usdPrices = new LinkedHashMap<>();
  private final List<Consumer<String>> priceListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<Event>> eventListeners = new CopyOnWriteArrayList<>();
  /** Guarded by {@code this}. */
  private final List<Event> events = new ArrayList<>();
  private final List<Consumer<EmbedUser>> userReadHooks = new CopyOnWriteArrayList<>();

  /**
   * A state change the service announces by webhook: {@code type} is the event type
   * ({@code quote.executed}), {@code iiban} the user it concerns (null for none), {@code data} the
   * members the delivery carries besides {@code event_type}, {@code id}, {@code iiban} and
   * {@code timestamp}.
   */
  public record Event(String id, EmbedFamily.Partner partner, String type, String iiban, Instant time,
      Map<String, Object> data) {}

  EmbedState(Settings settings) {
    this.settings = settings;
    usdPrices.put("USD", BigDecimal.ONE);
    usdPrices.put("EUR", new BigDecimal("1.08"));
    usdPrices.put("USDC", BigDecimal.ONE);
    usdPrices.put("BTC", new BigDecimal("97250.00"));
    usdPrices.put("ETH", new BigDecimal("3480.00"));
    usdPrices.put("SOL", new BigDecimal("182.40"));
  }

  public Instant instant() {
    return settings.clock().instant();
  }

  /** The sandbox clock's time as the Embed API writes it (UTC, milliseconds). */
  OffsetDateTime now() {
    return instant().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
  }

  // ---- users ----

  public synchronized EmbedUser addUser(String iiban, EmbedFamily.Partner partner, UserProfileUpdate profile) {
    if (users.containsKey(iiban)) {
      throw new IllegalArgumentException("user " + iiban + " exists");
    }
    EmbedUser user = new EmbedUser(iiban, partner, profile);
    users.put(iiban, user);
    return user;
  }

  /** The partner's user, or null (unknown, or another partner's). Caller holds {@code this}. */
  EmbedUser user(EmbedFamily.Partner partner, String iiban) {
    EmbedUser user = users.get(iiban);
    return user != null && user.partner.equals(partner) ? caughtUp(user) : null;
  }

  /** Any partner's user. Caller holds {@code this}. */
  public EmbedUser anyUser(String iiban) {
    EmbedUser user = users.get(iiban);
    if (user == null) {
      throw new IllegalArgumentException("no user " + iiban);
    }
    return caughtUp(user);
  }

  /**
   * Runs {@code hook} on a user whenever a group looks it up ({@link #user}, {@link #anyUser}),
   * holding the monitor: a change that falls due on the clock (a verification completing) happens
   * there, before anyone reads the user.
   */
  void beforeUserRead(Consumer<EmbedUser> hook) {
    userReadHooks.add(hook);
  }

  private EmbedUser caughtUp(EmbedUser user) {
    for (Consumer<EmbedUser> hook : userReadHooks) {
      hook.accept(user);
    }
    return user;
  }

  /** The partner's users in the order they were created. Caller holds {@code this}. */
  List<EmbedUser> users(EmbedFamily.Partner partner) {
    return users.values().stream().filter(u -> u.partner.equals(partner)).toList();
  }

  // ---- prices ----

  /** The assets the sandbox has a price for. */
  synchronized List<String> pricedAssets() {
    return List.copyOf(usdPrices.keySet());
  }

  /** USD per unit of {@code asset}, or null when the sandbox has no price for it. */
  synchronized BigDecimal usdPrice(String asset) {
    return usdPrices.get(asset);
  }

  /** Units of {@code quote} per unit of {@code base}, or null when either has no price. */
  synchronized BigDecimal price(String base, String quote) {
    BigDecimal b = usdPrices.get(base);
    BigDecimal q = usdPrices.get(quote);
    return b == null || q == null ? null : b.divide(q, MathContext.DECIMAL64);
  }

  /** Moves the price of {@code asset} and tells the price listeners, outside the monitor. */
  public void setUsdPrice(String asset, BigDecimal usdPerUnit) {
    if (usdPerUnit.signum() <= 0) {
      throw new IllegalArgumentException("price of " + asset + " must be positive: " + usdPerUnit);
    }
    synchronized (this) {
      usdPrices.put(asset, usdPerUnit);
    }
    for (Consumer<String> listener : priceListeners) {
      listener.accept(asset);
    }
  }

  /** Called with the asset after every price change, without the monitor held. */
  void onPriceChange(Consumer<String> listener) {
    priceListeners.add(listener);
  }

  // ---- events ----

  /**
   * Announces a state change: kept in {@link #events()} and handed to the event listeners (the
   * webhook deliveries). May be called while holding the monitor; listeners must not block.
   */
  Event publish(EmbedFamily.Partner partner, String type, String iiban, Map<String, Object> data) {
    Event event = new Event(UUID.randomUUID().toString(), partner, type, iiban, instant(), Collections.unmodifiableMap(new LinkedHashMap<>(data)));
    synchronized (this) {
      events.add(event);
    }
    for (Consumer<Event> listener : eventListeners) {
      listener.accept(event);
    }
    return event;
  }

  void onEvent(Consumer<Event> listener) {
    eventListeners.add(listener);
  }

  /** Every event published so far, oldest first. */
  public synchronized List<Event> events() {
    return List.copyOf(events);
  }
}
