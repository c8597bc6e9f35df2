package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.FrameDispatcher;
import io.github.krakensdk.websocket.internal.Inbound;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.internal.RequestWriter;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * The {@link ModelCodec} of one endpoint's connection, with what the typed facades need to see of
 * every frame, in the order the socket delivers them: the {@code sequence} of the numbered
 * channels (a gap found here reaches the subscription with the message that revealed it, as the
 * {@link Inbound#detail()} of that message, so an undelivered message leaves nothing behind; the count
 * starts again whenever the channel's subscribe is written, which happens on every new connection),
 * and the channels pushed without a subscription ({@code status}), kept and handed to their
 * listeners. The connection calls it under its lock; listeners run on a serial executor.
 */
final class EndpointCodec implements RequestWriter<WsRequest>, FrameDispatcher<WsMessage> {
  private final ModelCodec models;
  private final Executor serial;
  private final Map<String, Sequence> sequences = new HashMap<>();
  private final Map<String, WsMessage> latestPushed = new HashMap<>();
  private final Map<String, List<KrakenWebSocketClient.Delivery>> pushed = new HashMap<>();
  private final Set<String> pushedChannels;

  /**
   * @param pushedChannels the channels this endpoint pushes without a subscription and a facade
   *     listens to ({@code status}): their last message is kept for a late listener
   */
  EndpointCodec(ModelCodec models, Executor serial, Set<String> pushedChannels) {
    this.models = requireNonNull(models, "models == null");
    this.serial = requireNonNull(serial, "serial == null");
    this.pushedChannels = Set.copyOf(pushedChannels);
  }

  /** Numbers {@code channel}'s messages with {@code delivery}'s {@link KrakenWebSocketClient.Delivery#sequence reader}. */
  synchronized void track(String channel, KrakenWebSocketClient.Delivery delivery) {
    sequences.computeIfAbsent(channel, c -> new Sequence()).reader = delivery;
  }

  /**
   * Stops numbering {@code channel}'s messages for {@code delivery} (unsubscribed or failed), so the
   * codec no longer holds the caller's listener; a later subscription's {@link #track} wins over it.
   */
  synchronized void untrack(String channel, KrakenWebSocketClient.Delivery delivery) {
    Sequence sequence = sequences.get(channel);
    if (sequence != null && sequence.reader == delivery) sequences.remove(channel);
  }

  /** Whether {@code channel}'s messages are numbered now (for tests). */
  synchronized boolean tracks(String channel) {
    return sequences.containsKey(channel);
  }

  /** Hands {@code delivery} the last message of pushed {@code channel}, if any, then every new one. */
  synchronized Runnable listen(String channel, KrakenWebSocketClient.Delivery delivery) {
    pushed.computeIfAbsent(channel, c -> new ArrayList<>()).add(delivery);
    WsMessage latest = latestPushed.get(channel);
    if (latest != null) serial.execute(() -> delivery.onMessage(latest));
    return () -> {
      synchronized (this) {
        List<KrakenWebSocketClient.Delivery> listeners = pushed.get(channel);
        if (listeners != null) listeners.remove(delivery);
      }
    };
  }

  @Override public String method(WsRequest request) {
    return models.method(request);
  }

  @Override public String channel(WsRequest request) {
    return models.channel(request);
  }

  @Override public List<String> symbols(WsRequest request) {
    return models.symbols(request);
  }

  @Override public int expectedReplies(WsRequest request) {
    return models.expectedReplies(request);
  }

  @Override public boolean openEnded(WsRequest request) {
    return models.openEnded(request);
  }

  @Override public List<String> keys(WsRequest request) {
    return models.keys(request);
  }

  @Override public boolean snapshot(WsMessage message) {
    return models.snapshot(message);
  }

  @Override public WsRequest unsubscribeOf(WsRequest subscribe) {
    return models.unsubscribeOf(subscribe);
  }

  @Override public synchronized String write(WsRequest request, long reqId, String token) {
    String text = models.write(request, reqId, token);
    if ("subscribe".equals(models.method(request))) {
      // Written on a new connection (or the first time): its count starts again, which is no gap.
      Sequence sequence = sequences.get(models.channel(request));
      if (sequence != null) sequence.restart = true;
    }
    return text;
  }

  @Override public String ping(long reqId) {
    return models.ping(reqId);
  }

  @Override public synchronized Inbound<WsMessage> dispatch(String text) throws IOException {
    Inbound<WsMessage> inbound = models.dispatch(text);
    if (inbound.isReply()) return inbound;
    WsMessage message = inbound.message();
    SequenceGap gap = null;
    Sequence sequence = sequences.get(inbound.channel());
    if (sequence != null && sequence.reader != null) {
      Long number = sequence.reader.sequence(message);
      if (number != null) {
        if (!sequence.restart && number > sequence.last + 1) {
          gap = new SequenceGap(inbound.channel(), sequence.last + 1, number - 1);
        }
        // A number at or below the last one starts a new count (a new subscription): no gap either.
        sequence.restart = false;
        sequence.last = number;
      }
    }
    if (pushedChannels.contains(inbound.channel())) {
      latestPushed.put(inbound.channel(), message);
      for (KrakenWebSocketClient.Delivery listener : List.copyOf(pushed.getOrDefault(inbound.channel(), List.of()))) {
        serial.execute(() -> listener.onMessage(message));
      }
    }
    return gap == null ? inbound : inbound.withDetail(gap);
  }

  @Override public WsMessage coalesce(WsMessage older, WsMessage newer) {
    return models.coalesce(older, newer);
  }

  private static final class Sequence {
    KrakenWebSocketClient.Delivery reader;
    boolean restart = true;
    long last;
  }
}
