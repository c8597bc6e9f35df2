package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.websocket.internal.model.BookMessage;
import io.github.krakensdk.websocket.internal.model.CancelOrderRequest;
import io.github.krakensdk.websocket.internal.model.ErrorReply;
import io.github.krakensdk.websocket.internal.model.InstrumentMessage;
import io.github.krakensdk.websocket.internal.model.Level3SnapshotMessage;
import io.github.krakensdk.websocket.internal.model.Level3UpdateMessage;
import io.github.krakensdk.websocket.internal.model.OhlcMessage;
import io.github.krakensdk.websocket.internal.model.SubscriptionKey;
import io.github.krakensdk.websocket.internal.model.TickerMessage;
import io.github.krakensdk.websocket.internal.model.TradeMessage;
import io.github.krakensdk.websocket.internal.model.UnknownMessage;
import io.github.krakensdk.websocket.internal.model.WebSocketCodec;
import io.github.krakensdk.websocket.internal.model.WebSocketJsonAdapters;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookData;
import io.github.krakensdk.websocket.model.CancelOrderParams;
import io.github.krakensdk.websocket.model.Level3UpdateData;
import io.github.krakensdk.websocket.model.OhlcData;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The generated-model seams: writes {@link WsRequest}s through {@link WebSocketCodec#write} (so a
 * request the contract refuses is never sent) and reads frames with {@link WebSocketCodec#read}
 * into the sealed {@link WsMessage}. Subscriptions are told apart by {@link SubscriptionKey}: its
 * keys give a request's channel and pairs, and its unsubscription the matching unsubscribe.
 *
 * <pre>{@code
 * ModelCodec codec = new ModelCodec();
 * Connection<WsRequest, WsMessage> connection = new Connection<>(endpoint, url, http, codec, codec, ...);
 * connection.send(WebSocketRequests.addOrder(params, 0L)); // req_id and token set by the connection
 * }</pre>
 *
 * <p>The {@code req_id} a request was built with is replaced by the connection's, and a request
 * whose params take a token ({@link WebSocketRequests#takesToken}) gets the connection's in {@code
 * params.token}: no params model has one ({@code x-kraken-ws-connection-set}).
 */
public final class ModelCodec implements RequestWriter<WsRequest>, FrameDispatcher<WsMessage> {
  private final Moshi moshi;
  private final WebSocketCodec codec;

  public ModelCodec() {
    this.moshi = KrakenJson.newBuilder().add(WebSocketJsonAdapters.FACTORY).build();
    this.codec = new WebSocketCodec(moshi);
  }

  @Override public String method(WsRequest request) {
    return requireNonNull(request.method(), "request.method == null").value();
  }

  @Override public String channel(WsRequest request) {
    List<SubscriptionKey> keys = SubscriptionKey.of(request);
    return keys.isEmpty() ? null : keys.get(0).channel().value();
  }

  @Override public List<String> symbols(WsRequest request) {
    List<String> symbols = new ArrayList<>();
    for (SubscriptionKey key : SubscriptionKey.of(request)) {
      if (key.symbol() != null) symbols.add(key.symbol());
    }
    return symbols;
  }

  @Override public int expectedReplies(WsRequest request) {
    String method = method(request);
    if (method.equals("subscribe") || method.equals("unsubscribe")) {
      return Math.max(1, SubscriptionKey.of(request).size());
    }
    if (request instanceof CancelOrderRequest cancel && cancel.params() != null) {
      CancelOrderParams params = cancel.params();
      return Math.max(1, size(params.orderId()) + size(params.clOrdId()) + size(params.orderUserref()));
    }
    return 1;
  }

  /**
   * A {@code cancel_order} naming an {@code order_userref}: Kraken answers with one reply per order
   * it cancelled under that reference ("a stream of individual order responses").
   */
  @Override public boolean openEnded(WsRequest request) {
    return request instanceof CancelOrderRequest cancel && cancel.params() != null
        && size(cancel.params().orderUserref()) > 0;
  }

  /** {@link SubscriptionKey}'s text: channel, pair and the options that tell subscriptions apart. */
  @Override public List<String> keys(WsRequest request) {
    List<String> keys = new ArrayList<>();
    for (SubscriptionKey key : SubscriptionKey.of(request)) keys.add(key.toString());
    return keys;
  }

  @Override public boolean snapshot(WsMessage message) {
    return message instanceof InstrumentMessage instrument && instrument.type() != null
        && "snapshot".equals(instrument.type().value());
  }

  /**
   * The unsubscribe of every pair of {@code subscribe}, with the options it was subscribed with
   * (built by {@link SubscriptionKey#unsubscription}, widened to all its pairs); {@link #write}
   * puts in the token.
   */
  @Override public WsRequest unsubscribeOf(WsRequest subscribe) {
    List<SubscriptionKey> keys = SubscriptionKey.of(subscribe);
    if (keys.isEmpty() || !method(subscribe).equals("subscribe")) {
      throw new IllegalArgumentException("not a subscribe request: " + subscribe.getClass().getSimpleName());
    }
    WsRequest first = keys.get(0).unsubscription(0L);
    Map<String, Object> tree = tree(first);
    if (keys.get(0).symbol() != null) params(tree).put("symbol", symbols(subscribe));
    return decode(first.getClass(), tree);
  }

  /** The unsubscribe of {@code symbol} alone, with the options {@code subscribe} had. */
  public WsRequest unsubscribeOf(WsRequest subscribe, String symbol) {
    requireNonNull(symbol, "symbol == null");
    for (SubscriptionKey key : SubscriptionKey.of(subscribe)) {
      if (symbol.equals(key.symbol())) {
        return key.unsubscription(0L);
      }
    }
    throw new IllegalArgumentException(symbol + " is not a pair of " + subscribe);
  }

  /** {@code subscribe} narrowed to {@code symbol} alone, every other param as the caller gave it. */
  public WsRequest subscribeOf(WsRequest subscribe, String symbol) {
    requireNonNull(symbol, "symbol == null");
    if (!symbols(subscribe).contains(symbol)) {
      throw new IllegalArgumentException(symbol + " is not a pair of " + subscribe);
    }
    Map<String, Object> tree = tree(subscribe);
    params(tree).put("symbol", List.of(symbol));
    return decode(subscribe.getClass(), tree);
  }

  /**
   * The frame of {@code request} with {@code req_id} {@code reqId} and, for a request whose
   * params take one ({@link WebSocketRequests#takesToken}), {@code params.token} {@code token}: no
   * params model carries the token, the contract requires it in the frame.
   *
   * @throws IllegalStateException if {@code request} takes a token and {@code token} is null
   */
  @Override public String write(WsRequest request, long reqId, String token) {
    requireNonNull(request, "request == null");
    boolean takesToken = WebSocketRequests.takesToken(request);
    if (takesToken && token == null) {
      throw new IllegalStateException(method(request) + (channel(request) == null ? "" : " on " + channel(request))
          + " takes the connection's token, and the connection has none");
    }
    Map<String, Object> tree = tree(request);
    tree.put("req_id", reqId);
    // Read back into its model so that the contract's rules are checked on what is sent.
    String checked = codec.write(decode(request.getClass(), tree));
    if (!takesToken) return checked;
    tree = tree(checked);
    if (!(tree.get("params") instanceof Map<?, ?>)) tree.put("params", new LinkedHashMap<>());
    params(tree).put("token", token);
    return Json.write(tree);
  }

  @Override public String ping(long reqId) {
    return codec.write(WebSocketRequests.ping(reqId));
  }

  @Override public Inbound<WsMessage> dispatch(String text) throws IOException {
    WsMessage message = codec.read(text);
    if (message instanceof WsMessage.WsReply reply) {
      long reqId = reply.reqId() == null ? Inbound.NO_REQ_ID : reply.reqId();
      String method = reply.method() == null ? null : reply.method().value();
      if (reply instanceof ErrorReply error) return Inbound.reply(method, reqId, false, error.error(), message);
      Inbound<WsMessage> inbound = Inbound.reply(method, reqId, true, null, message);
      return hasResult(text) ? inbound : inbound.withoutResult();
    }
    if (message instanceof WsMessage.WsChannelMessage channelMessage) {
      String channel = channelMessage.channel().value();
      String symbol = symbolOf(channelMessage);
      String key = null;
      if (symbol != null) {
        key = channelMessage instanceof OhlcMessage ohlc
            ? channel + " " + symbol + " " + ohlc.data().get(0).interval()
            : channel + " " + symbol;
      }
      return Inbound.channelMessage(channel, symbol, key, message);
    }
    UnknownMessage unknown = (UnknownMessage) message;
    if (unknown.method() != null) {
      // A reply the contract does not describe still answers its request: route it on req_id.
      Object parsed = Json.parse(unknown.frame());
      if (parsed instanceof Map<?, ?> frame) {
        long reqId = frame.get("req_id") instanceof BigDecimal id ? id.longValue() : Inbound.NO_REQ_ID;
        String error = frame.get("error") instanceof String e ? e : null;
        boolean success = frame.get("success") instanceof Boolean s ? s : error == null;
        Inbound<WsMessage> inbound = Inbound.reply(unknown.method(), reqId, success, error, message);
        return !success || frame.get("result") != null ? inbound : inbound.withoutResult();
      }
    }
    throw new IOException("a frame the contract does not describe (" + unknown.reason() + "): " + unknown.detail());
  }

  /** Whether the reply {@code text} has a {@code result} (read again: replies are one per request, rare). */
  private static boolean hasResult(String text) throws IOException {
    return Json.parse(text) instanceof Map<?, ?> frame && frame.get("result") != null;
  }

  /**
   * Book and level-3 updates merge by concatenating their level (order) changes in order, each side
   * on its own, keeping the newer checksum
   * and timestamp; a snapshot replaces what was queued before it. A ticker replaces the older one
   * (every ticker message carries the whole ticker). A candle replaces the older one only when both
   * are the same single candle ({@code interval_begin} equal): candle t's last update holds its
   * final values, which the first update of candle t+1 must not erase, and a multi-candle snapshot
   * holds history. The merged message keeps the older one's {@code type}, so a {@code snapshot}
   * still reads as one. Anything else is not merged.
   */
  @Override public WsMessage coalesce(WsMessage older, WsMessage newer) {
    if (newer instanceof TickerMessage newTicker && older instanceof TickerMessage oldTicker) {
      return newTicker.toBuilder().type(oldTicker.type()).build();
    }
    if (newer instanceof OhlcMessage newCandle && older instanceof OhlcMessage oldCandle) {
      if (oldCandle.data().size() != 1 || newCandle.data().size() != 1) return null;
      OhlcData before = oldCandle.data().get(0);
      OhlcData after = newCandle.data().get(0);
      if (!Objects.equals(before.intervalBegin(), after.intervalBegin())
          || !Objects.equals(before.interval(), after.interval())) {
        return null;
      }
      return newCandle.toBuilder().type(oldCandle.type()).build();
    }
    if (newer instanceof Level3SnapshotMessage && (older instanceof Level3SnapshotMessage
        || older instanceof Level3UpdateMessage)) {
      return newer;
    }
    if (newer instanceof Level3UpdateMessage newUpdate && older instanceof Level3UpdateMessage oldUpdate) {
      if (oldUpdate.data().size() != 1 || newUpdate.data().size() != 1) return null;
      Level3UpdateData before = oldUpdate.data().get(0);
      Level3UpdateData after = newUpdate.data().get(0);
      Level3UpdateData merged = after.toBuilder()
          .asks(concat(before.asks(), after.asks()))
          .bids(concat(before.bids(), after.bids()))
          .build();
      return newUpdate.toBuilder().data(List.of(merged)).build();
    }
    if (newer instanceof BookMessage newBook && older instanceof BookMessage oldBook) {
      if ("snapshot".equals(newBook.type().value())) return newer;
      if (!"update".equals(oldBook.type().value()) || oldBook.data().size() != 1 || newBook.data().size() != 1) {
        return null;
      }
      BookData before = oldBook.data().get(0);
      BookData after = newBook.data().get(0);
      BookData merged = after.toBuilder()
          .asks(concat(before.asks(), after.asks()))
          .bids(concat(before.bids(), after.bids()))
          .build();
      return newBook.toBuilder().data(List.of(merged)).build();
    }
    return null;
  }

  private static String symbolOf(WsMessage.WsChannelMessage message) {
    if (message instanceof BookMessage book) return book.data().isEmpty() ? null : book.data().get(0).symbol();
    if (message instanceof TickerMessage ticker) return ticker.data().isEmpty() ? null : ticker.data().get(0).symbol();
    if (message instanceof OhlcMessage ohlc) {
      List<OhlcData> data = ohlc.data();
      return data.isEmpty() ? null : data.get(0).symbol();
    }
    if (message instanceof TradeMessage trade) return trade.data().isEmpty() ? null : trade.data().get(0).symbol();
    if (message instanceof Level3SnapshotMessage level3) {
      return level3.data().isEmpty() ? null : level3.data().get(0).symbol();
    }
    if (message instanceof Level3UpdateMessage level3) {
      return level3.data().isEmpty() ? null : level3.data().get(0).symbol();
    }
    return null;
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>();
    if (a != null) all.addAll(a);
    if (b != null) all.addAll(b);
    return all;
  }

  private static int size(List<?> list) {
    return list == null ? 0 : list.size();
  }

  /** The request as a JSON tree, numbers as their literal text; not validated. */
  @SuppressWarnings("unchecked")
  private Map<String, Object> tree(WsRequest request) {
    JsonAdapter<WsRequest> adapter = (JsonAdapter<WsRequest>) moshi.adapter(request.getClass());
    return tree(adapter.toJson(request));
  }

  /** A request frame's tree, the frame and its params made mutable (the rest stays as read): req_id, token and symbol change. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(String frame) {
    try {
      Map<String, Object> tree = new LinkedHashMap<>((Map<String, Object>) Json.parse(frame));
      if (tree.get("params") instanceof Map<?, ?> params) tree.put("params", new LinkedHashMap<>(params));
      return tree;
    } catch (IOException e) {
      throw new IllegalStateException("a request's own JSON is readable", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> params(Map<String, Object> tree) {
    return (Map<String, Object>) tree.get("params");
  }

  private WsRequest decode(Class<? extends WsRequest> type, Map<String, Object> tree) {
    try {
      return requireNonNull(moshi.adapter(type).fromJson(Json.write(tree)), "a JSON object decodes to a request");
    } catch (IOException e) {
      throw new IllegalStateException("a request's own JSON is readable", e);
    }
  }
}
