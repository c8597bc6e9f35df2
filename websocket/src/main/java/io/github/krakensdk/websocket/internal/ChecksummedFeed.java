package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.Backpressure;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the books of one checksummed subscription ({@code book}, {@code level3}) share: the
 * subscription on a connection, the last verified copy per symbol, and what a checksum result
 * leads to. A match publishes the copy; a mismatch forgets it, unsubscribes and subscribes that
 * symbol alone again through {@link Connection#resubscribe} (a reconnect still sends the original
 * request), and reports the result. When the service refuses that resubscribe, the whole
 * subscription ends and the listener's {@code onFailure} gets the refusal (see {@link
 * Connection#resubscribe}): a book that silently never comes back is what this class exists to
 * prevent. Messages arrive on the completion executor one at a time.
 *
 * @param <S> the immutable copy a listener gets
 */
public abstract class ChecksummedFeed<S> implements Sink<WsMessage> {
  private final WsRequest request;
  private final ModelCodec codec;
  private final Map<String, S> latest = new ConcurrentHashMap<>();
  private volatile Connection<WsRequest, WsMessage> connection;
  private volatile Connection<WsRequest, WsMessage>.Sub sub;

  ChecksummedFeed(WsRequest request, ModelCodec codec) {
    this.request = requireNonNull(request, "request == null");
    this.codec = requireNonNull(codec, "codec == null");
  }

  /** Subscribes on {@code connection}; the returned subscription's acks complete after one per symbol. */
  public final Connection<WsRequest, WsMessage>.Sub subscribe(Connection<WsRequest, WsMessage> connection) {
    this.connection = requireNonNull(connection, "connection == null");
    beforeSubscribe(connection);
    Connection<WsRequest, WsMessage>.Sub subscribed = connection.subscribe(request, this, Backpressure.COALESCE);
    this.sub = subscribed;
    return subscribed;
  }

  /** What must be on {@code connection} before this feed's subscribe; nothing by default. */
  void beforeSubscribe(Connection<WsRequest, WsMessage> connection) {
  }

  /** The subscribed symbols, in the request's order. */
  public final List<String> symbols() {
    return codec.symbols(request);
  }

  /** The last copy of {@code symbol} whose checksum matched, or null before its first snapshot and after a mismatch. */
  public final S latest(String symbol) {
    return latest.get(requireNonNull(symbol, "symbol == null"));
  }

  /** Publishes {@code copy} of {@code symbol} when {@code result} matched, else resynchronises that symbol. */
  final void verified(String symbol, ChecksumResult result, S copy) {
    if (result.matches()) {
      latest.put(symbol, copy);
      onVerified(copy);
    } else {
      latest.remove(symbol);
      resubscribe(symbol);
      onMismatch(result);
    }
  }

  /** The listener's call for a copy whose checksum matched. */
  abstract void onVerified(S copy);

  /** The listener's call for a mismatch, after the resubscription was sent. */
  abstract void onMismatch(ChecksumResult mismatch);

  private void resubscribe(String symbol) {
    Connection<WsRequest, WsMessage> on = connection;
    Connection<WsRequest, WsMessage>.Sub live = sub;
    if (on == null || live == null) return;
    on.resubscribe(live, codec.unsubscribeOf(request, symbol), codec.subscribeOf(request, symbol));
  }
}
