package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.CustomOrder;
import io.github.krakensdk.embed.model.CustomOrderCondition;
import io.github.krakensdk.embed.model.CustomOrderList;
import io.github.krakensdk.embed.internal.model.CustomOrderListResponse;
import io.github.krakensdk.embed.internal.model.CustomOrderResponse;
import io.github.krakensdk.embed.model.CustomOrderResult;
import io.github.krakensdk.embed.internal.model.CustomOrderSpec;
import io.github.krakensdk.embed.model.CustomOrderStatus;
import io.github.krakensdk.embed.model.CustomOrderStatusValue;
import io.github.krakensdk.embed.model.CustomOrderTrigger;
import io.github.krakensdk.embed.model.QuoteAction;
import io.github.krakensdk.embed.model.QuoteAmount;
import io.github.krakensdk.embed.model.QuoteAssetClass;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Embed custom orders ({@code /b2b/custom-orders}): trades that execute by themselves once the
 * sandbox's price of a pair meets a trigger. Every price change ({@link Sandbox#setEmbedPrice})
 * checks the active orders, and so does placing one: an order whose condition holds executes at
 * that moment's price through {@link EmbedQuotes#executeNow} (fees and spread as a quote's) and
 * becomes {@code completed}, or, when the balance cannot pay, {@code paused} with the refusal as
 * its reason. Each change is announced ({@code custom_order.executed}, {@code
 * custom_order.execution_failed}, {@code custom_order.cancelled}).
 */
public final class EmbedCustomOrders {
  static final String NOT_FOUND = "ENexus:Custom order not found";
  static final String NOT_CANCELLABLE = "ENexus:Custom order not cancellable";
  static final String UNKNOWN_TRIGGER_ASSET = "ENexus:Unknown trigger asset";
  static final int PAGE_SIZE = 20;

  /** An order and the user it belongs to. Guarded by the state. */
  private static final class Held {
    final String iiban;
    final EmbedFamily.Partner partner;
    CustomOrder order;

    Held(String iiban, EmbedFamily.Partner partner, CustomOrder order) {
      this.iiban = iiban;
      this.partner = partner;
      this.order = order;
    }
  }

  private final EmbedState state;
  private final EmbedQuotes quotes;
  private final AtomicLong issued = new AtomicLong();
  /** In the order they were placed. Guarded by {@code state}. */
  private final Map<String, Held> orders = new LinkedHashMap<>();

  EmbedCustomOrders(EmbedState state, EmbedQuotes quotes) {
    this.state = state;
    this.quotes = quotes;
    state.onPriceChange(asset -> {
      synchronized (state) {
        triggerAll();
      }
    });
  }

  void routes(EmbedFamily family) {
    family.route("POST", "/b2b/custom-orders", "createCustomOrder", true, this::create);
    family.route("GET", "/b2b/custom-orders", "listCustomOrders", true, this::list);
    family.route("POST", "/b2b/custom-orders/{order_id}/cancel", "cancelCustomOrder", true, this::cancel);
    family.route("GET", "/b2b/custom-orders/{order_id}", "getCustomOrder", true, this::get);
  }

  // ---- operations ----

  private Reply create(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    CustomOrderSpec spec = call.parameters().read(CustomOrderSpec.class);
    synchronized (state) {
      EmbedUser user = state.user(partner, call.query("user"));
      Reply refusal = EmbedQuotes.tradingRefusal(user);
      if (refusal != null) {
        return refusal;
      }
      String actionRefusal = quotes.refusal(spec.action());
      if (actionRefusal != null) {
        return EmbedFamily.error(422, actionRefusal);
      }
      CustomOrderTrigger trigger = spec.trigger();
      if (trigger.baseAsset().equals(trigger.quoteAsset()) || state.price(trigger.baseAsset(), trigger.quoteAsset()) == null) {
        return EmbedFamily.error(422, UNKNOWN_TRIGGER_ASSET);
      }
      if (trigger.targetPrice().signum() <= 0) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:trigger.target_price must be positive");
      }
      OffsetDateTime now = state.now();
      QuoteAmount amount = spec.action().amount();
      QuoteAction action = spec.action().toBuilder()
          .amount(amount.toBuilder().assetClass(amount.assetClass() != null ? amount.assetClass() : QuoteAssetClass.CURRENCY)
              .build())
          .feeBps(spec.action().feeBps() != null ? spec.action().feeBps() : "0")
          .spreadBps(spec.action().spreadBps() != null ? spec.action().spreadBps() : "0")
          .build();
      String id = nextId();
      Held held = new Held(user.iiban, partner, CustomOrder.builder().id(id).name(spec.name()).action(action)
          .trigger(trigger).createdAt(now).updatedAt(now).status(CustomOrderStatus.builder()
              .status(CustomOrderStatusValue.ACTIVE)
              .build())
          .build());
      orders.put(id, held);
      trigger(held); // a condition that already holds executes at once
      return EmbedFamily.ok(CustomOrderResponse.builder()
          .result(CustomOrderResult.builder().order(held.order).build())
          .build());
    }
  }

  private Reply list(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String iiban = call.query("user");
    List<String> statuses;
    int offset;
    String cursor = call.query("cursor");
    if (cursor != null) {
      // The cursor carries the filter of the first page; other parameters are ignored.
      Cursor decoded = Cursor.decode(cursor);
      if (decoded == null || !decoded.iiban().equals(iiban)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
      }
      statuses = decoded.statuses();
      offset = decoded.offset();
    } else {
      statuses = List.copyOf(call.queryAll("statuses"));
      offset = 0;
    }
    synchronized (state) {
      if (state.user(partner, iiban) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      List<CustomOrder> matching = new ArrayList<>();
      for (Held held : orders.values()) {
        if (held.iiban.equals(iiban)
            && (statuses.isEmpty() || statuses.contains(held.order.status().status().value()))) {
          matching.add(0, held.order); // newest first
        }
      }
      int end = Math.min(matching.size(), offset + PAGE_SIZE);
      List<CustomOrder> page = offset >= matching.size() ? List.of() : matching.subList(offset, end);
      String next = end < matching.size() ? new Cursor(iiban, statuses, end).encode() : null;
      return EmbedFamily.ok(CustomOrderListResponse.builder()
          .result(CustomOrderList.builder().orders(List.copyOf(page)).nextCursor(next).build())
          .build());
    }
  }

  private Reply get(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      EmbedUser user = state.user(partner, call.query("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Held held = held(path.get("order_id"), user.iiban);
      if (held == null) {
        return EmbedFamily.error(404, NOT_FOUND);
      }
      return EmbedFamily.ok(CustomOrderResponse.builder()
          .result(CustomOrderResult.builder().order(held.order).build())
          .build());
    }
  }

  private Reply cancel(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      EmbedUser user = state.user(partner, call.query("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Held held = held(path.get("order_id"), user.iiban);
      if (held == null) {
        return EmbedFamily.error(404, NOT_FOUND);
      }
      CustomOrderStatusValue status = held.order.status().status();
      if (!CustomOrderStatusValue.ACTIVE.equals(status) && !CustomOrderStatusValue.PAUSED.equals(status)) {
        return EmbedFamily.error(422, NOT_CANCELLABLE + ":the order is " + status.value());
      }
      change(held, CustomOrderStatusValue.CANCELLED, "cancelled by the partner", "custom_order.cancelled");
      return EmbedFamily.ok(CustomOrderResponse.builder()
          .result(CustomOrderResult.builder().order(held.order).build())
          .build());
    }
  }

  // ---- triggering ----

  /** Executes every active order whose condition holds now. Caller holds the state. */
  private void triggerAll() {
    for (Held held : List.copyOf(orders.values())) {
      trigger(held);
    }
  }

  /** Executes {@code held} if it is active and its condition holds now. Caller holds the state. */
  private void trigger(Held held) {
    if (!CustomOrderStatusValue.ACTIVE.equals(held.order.status().status()) || !conditionHolds(held.order.trigger())) {
      return;
    }
    EmbedUser user = state.anyUser(held.iiban);
    String refusal = user.disabled || user.closed ? EmbedQuotes.USER_LOCKED
        : quotes.executeNow(user, held.order.action(), held.order.id());
    if (refusal == null) {
      change(held, CustomOrderStatusValue.COMPLETED, null, "custom_order.executed");
    } else {
      change(held, CustomOrderStatusValue.PAUSED, refusal, "custom_order.execution_failed");
    }
  }

  private boolean conditionHolds(CustomOrderTrigger trigger) {
    BigDecimal price = state.price(trigger.baseAsset(), trigger.quoteAsset());
    if (price == null) {
      return false;
    }
    int comparison = price.compareTo(trigger.targetPrice());
    return CustomOrderCondition.LTE.equals(trigger.condition()) ? comparison <= 0
        : CustomOrderCondition.GTE.equals(trigger.condition()) && comparison >= 0;
  }

  /** Moves {@code held} to {@code status} and announces it. Caller holds the state. */
  private void change(Held held, CustomOrderStatusValue status, String reason, String eventType) {
    held.order = held.order.toBuilder().status(CustomOrderStatus.builder()
        .status(status)
        .reason(reason)
        .build()).updatedAt(state.now()).build();
    state.publish(held.partner, eventType, held.iiban, eventData(held.order));
  }

  /** The members of a {@code custom_order.*} event besides the envelope's, as the service documents them. */
  private static Map<String, Object> eventData(CustomOrder order) {
    QuoteAction action = order.action();
    Map<String, Object> amount = new LinkedHashMap<>();
    amount.put("asset", action.amount().asset());
    amount.put("amount", action.amount().amount().toPlainString());
    amount.put("asset_class", action.amount().assetClass().value());
    Map<String, Object> actionData = new LinkedHashMap<>();
    actionData.put("amount", amount);
    actionData.put("quote", Map.of("asset", action.quote().asset()));
    actionData.put("type", action.type().value());
    CustomOrderTrigger trigger = order.trigger();
    Map<String, Object> triggerData = new LinkedHashMap<>();
    triggerData.put("type", trigger.type().value());
    triggerData.put("base_asset", trigger.baseAsset());
    triggerData.put("quote_asset", trigger.quoteAsset());
    triggerData.put("target_price", trigger.targetPrice().toPlainString());
    triggerData.put("condition", trigger.condition().value());
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("custom_order_id", order.id());
    data.put("name", order.name());
    data.put("status", order.status().status().value());
    if (order.status().reason() != null) {
      data.put("reason", order.status().reason());
    }
    data.put("action", actionData);
    data.put("trigger", triggerData);
    return data;
  }

  // ---- state ----

  /** The user's order; null for none. Caller holds the state. */
  private Held held(String orderId, String iiban) {
    Held held = orders.get(orderId);
    return held == null || !held.iiban.equals(iiban) ? null : held;
  }

  /** A new order ID: {@code CO} and a counter of this sandbox. */
  private String nextId() {
    return String.format("CO%06d", issued.incrementAndGet());
  }

  /** Where a listing continues: the user, the filter of its first page and the next offset. */
  private record Cursor(String iiban, List<String> statuses, int offset) {
    String encode() {
      String text = iiban + "|" + String.join(",", statuses) + "|" + offset;
      return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static Cursor decode(String cursor) {
      try {
        String[] parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split("\\|", -1);
        if (parts.length != 3) {
          return null;
        }
        int offset = Integer.parseInt(parts[2]);
        return offset < 0 ? null
            : new Cursor(parts[0], parts[1].isEmpty() ? List.of() : List.of(parts[1].split(",")), offset);
      } catch (IllegalArgumentException e) {
        return null;
      }
    }
  }

  // ---- for Sandbox ----

  /** The status of a custom order now, or null when there is none. */
  public CustomOrderStatusValue status(String orderId) {
    synchronized (state) {
      Held held = orders.get(orderId);
      return held == null ? null : held.order.status().status();
    }
  }
}
