package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.model.InstrumentMessage;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.InstrumentData;
import io.github.krakensdk.websocket.model.InstrumentPair;
import io.github.krakensdk.websocket.model.AssetClass;
import io.github.krakensdk.websocket.model.InstrumentSubscribeParams;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The pairs' {@code price_precision} and {@code qty_precision} as one connection's {@code
 * instrument} subscription tells them, for the book checksum's text.
 *
 * <p>Kraken's book checksum guide (spot-ws-book-v2) builds the text from each price and quantity
 * at the pair's precision, trailing zeros included, and says the v2 wire carries them "containing
 * full precision", to be read with a decimal or string decoder, as the client does. The literal
 * text then suffices; but a JSON number may lose its trailing zeros on the way (any JSON tool in
 * between may rewrite {@code 0.10000000} as {@code 0.1}), and the guide's own reference pages show
 * numbers without them. So the books of a connection also know the precision, and {@link
 * BookChecksum} pads a literal shorter than it. Kraken's FIX guide does the same from its
 * instrument list.
 *
 * <p>One per connection ({@link #on}): the first book on a connection subscribes {@code instrument}
 * there, before its own subscribe, so the instrument snapshot comes first on the wire; it is
 * received inline ({@link Connection#subscribeInline}), so the precision is known before the book
 * snapshot that follows it is applied. It is one holder of the connection's {@code instrument}
 * subscription (the caller's own {@code instrument()} shares it), held while a book lives: a
 * reconnect sends it again, first, and a changed precision arrives as an update; the last book to
 * end unsubscribes it (on Kraken its snapshot lists every pair). Until it has told a pair's
 * precision, that pair's checksum reads the literal text ({@link BookChecksum#UNKNOWN_PRECISION}).
 */
public final class InstrumentPrecisions implements Sink<WsMessage> {
  private static final Logger logger = Logger.getLogger(InstrumentPrecisions.class.getName());

  private final Map<String, int[]> precisions = new ConcurrentHashMap<>();
  private final Connection<WsRequest, WsMessage> connection;
  private Connection<WsRequest, WsMessage>.Sub instrument;
  private int books; // guarded by the connection's lock, as its attachments are

  private InstrumentPrecisions(Connection<WsRequest, WsMessage> connection) {
    this.connection = connection;
  }

  /**
   * The precisions of {@code connection}'s pairs for one more book, subscribing {@code instrument}
   * there on the first call, with the books' {@code assetClass} (null on Spot v2; the Unified
   * WebSocket requires one on every market channel, {@code instrument} included). The book releases
   * them when it ends ({@link #heldBy}).
   */
  public static InstrumentPrecisions on(Connection<WsRequest, WsMessage> connection, AssetClass assetClass) {
    requireNonNull(connection, "connection == null");
    synchronized (connection) {
      InstrumentPrecisions precisions = connection.attachment(InstrumentPrecisions.class, () -> {
        InstrumentPrecisions created = new InstrumentPrecisions(connection);
        created.instrument = connection.subscribeInline(WebSocketRequests.instrumentSubscribe(
            InstrumentSubscribeParams.builder().snapshot(true).assetClass(assetClass).build(), 1L), created);
        return created;
      });
      precisions.books++;
      return precisions;
    }
  }

  /** Releases one book's hold when {@code book} ends; the last release unsubscribes {@code instrument}. */
  public void heldBy(Connection<WsRequest, WsMessage>.Sub book) {
    requireNonNull(book, "book == null");
    book.whenEnded(this::release);
  }

  private void release() {
    synchronized (connection) {
      if (--books > 0) return;
      connection.detach(InstrumentPrecisions.class, this);
    }
    connection.unsubscribe(instrument);
  }

  /** {@code symbol}'s {@code price_precision}, or {@link BookChecksum#UNKNOWN_PRECISION} until told. */
  public int pricePrecision(String symbol) {
    int[] known = precisions.get(symbol);
    return known == null ? BookChecksum.UNKNOWN_PRECISION : known[0];
  }

  /** {@code symbol}'s {@code qty_precision}, or {@link BookChecksum#UNKNOWN_PRECISION} until told. */
  public int qtyPrecision(String symbol) {
    int[] known = precisions.get(symbol);
    return known == null ? BookChecksum.UNKNOWN_PRECISION : known[1];
  }

  @Override public void onMessage(WsMessage message) {
    if (!(message instanceof InstrumentMessage instrument)) return;
    InstrumentData data = instrument.data();
    if (data == null || data.pairs() == null) return;
    for (InstrumentPair pair : data.pairs()) {
      if (pair.symbol() == null || pair.pricePrecision() == null || pair.qtyPrecision() == null) continue;
      if (pair.pricePrecision() < 0 || pair.qtyPrecision() < 0) continue;
      precisions.put(pair.symbol(), new int[] {pair.pricePrecision(), pair.qtyPrecision()});
    }
  }

  /**
   * The books go on with the literal text: the precision is a safeguard, not a condition (and the
   * subscription ends with its connection, which the books report themselves).
   */
  @Override public void onFailure(Throwable failure) {
    logger.log(Level.FINE, "the instrument subscription for the books' precision ended; "
        + "checksums read the numbers' literal text", failure);
  }
}
