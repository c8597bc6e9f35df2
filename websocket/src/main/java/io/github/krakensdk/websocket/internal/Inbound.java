package io.github.krakensdk.websocket.internal;

/** One received frame, classified for routing; {@code message} is the decoded frame itself. */
public final class Inbound<M> {
  /** {@link #reqId()} of a reply that carries none. */
  public static final long NO_REQ_ID = -1;

  private final boolean reply;
  private final String method;
  private final long reqId;
  private final boolean success;
  private final String error;
  private final String channel;
  private final String symbol;
  private final String coalesceKey;
  private final M message;
  private final Object detail;
  private final boolean resultMissing;

  private Inbound(boolean reply, String method, long reqId, boolean success, String error, String channel,
      String symbol, String coalesceKey, M message, Object detail, boolean resultMissing) {
    this.reply = reply;
    this.method = method;
    this.reqId = reqId;
    this.success = success;
    this.error = error;
    this.channel = channel;
    this.symbol = symbol;
    this.coalesceKey = coalesceKey;
    this.message = message;
    this.detail = detail;
    this.resultMissing = resultMissing;
  }

  /** A method reply: {@code success} false means {@code error} is set. */
  public static <M> Inbound<M> reply(String method, long reqId, boolean success, String error, M message) {
    return new Inbound<>(true, method, reqId, success, error, null, null, null, message, null, false);
  }

  /**
   * A channel message about {@code symbol} (null for a channel without symbols); messages with
   * equal {@code coalesceKey} (null: never merged) may be merged by {@link FrameDispatcher#coalesce}.
   */
  public static <M> Inbound<M> channelMessage(String channel, String symbol, String coalesceKey, M message) {
    return new Inbound<>(false, null, NO_REQ_ID, false, null, channel, symbol, coalesceKey, message, null, false);
  }

  /**
   * This message with {@code detail}: what the dispatcher learnt about it in wire order (the
   * sequence gap it revealed) and the subscription's sink gets with it ({@link Sink#onMessage(Object,
   * Object)}). Carried here, not in a side table, so a message that is never delivered (its
   * subscription ended, overflowed or was closed) leaves nothing behind.
   */
  public Inbound<M> withDetail(Object detail) {
    return new Inbound<>(reply, method, reqId, success, error, channel, symbol, coalesceKey, message, detail,
        resultMissing);
  }

  /**
   * This {@code success: true} reply marked as carrying no {@code result} member: it answers
   * nothing about its request, and a caller's method call fails on it (see {@link
   * Connection#withoutResult}). The dispatcher marks it, as only it reads the frame.
   */
  public Inbound<M> withoutResult() {
    return new Inbound<>(reply, method, reqId, success, error, channel, symbol, coalesceKey, message, detail, true);
  }

  /** Whether this reply was {@linkplain #withoutResult() marked} as carrying no {@code result}. */
  public boolean resultMissing() {
    return resultMissing;
  }

  public boolean isReply() {
    return reply;
  }

  public String method() {
    return method;
  }

  public long reqId() {
    return reqId;
  }

  public boolean success() {
    return success;
  }

  public String error() {
    return error;
  }

  public String channel() {
    return channel;
  }

  public String symbol() {
    return symbol;
  }

  public String coalesceKey() {
    return coalesceKey;
  }

  public M message() {
    return message;
  }

  /** See {@link #withDetail}; null when there is none. */
  public Object detail() {
    return detail;
  }
}
