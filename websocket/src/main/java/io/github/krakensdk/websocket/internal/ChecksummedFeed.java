package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.Backpressure;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What the books of one checksummed subscription ({@code book}, {@code level3}) share: the
 * subscription on a connection, one book per subscribed symbol, the last verified copy per symbol,
 * and what a checksum result leads to. A match publishes the copy; a mismatch forgets it,
 * unsubscribes and subscribes that symbol alone again through {@link Connection#resubscribe} (a
 * reconnect still sends the original request), and reports the result. When the service refuses
 * that resubscribe, the whole subscription ends and the listener's {@code onFailure} gets the
 * refusal (see {@link Connection#resubscribe}): a book that silently never comes back is what this
 * class exists to prevent. Messages arrive on the completion executor one at a time, so the books
 * need no lock.
 *
 * <p><b>Brake.</b> A symbol's first mismatch is resubscribed at once (one corrupted or lost message
 * is the usual cause, and the book is back within a round trip); each further mismatch without a
 * matching book in between waits longer on the client's {@link Scheduler}: 1 s, 2 s, 4 s. The
 * {@value #MAX_CONSECUTIVE_MISMATCHES}th mismatch in a row ends the whole subscription: it is
 * unsubscribed and the listener's {@code onFailure} gets an {@link IllegalStateException} naming
 * the symbol and the last result. A cause that persists (a precision the client and the service
 * disagree on, a server bug) would otherwise loop unsubscribe/subscribe against Kraken's message
 * rate limit, and a book that can never be verified is better reported than retried forever
 * (about 7 s of retries in all). A match resets the symbol's count.
 *
 * @param <S> the immutable copy a listener gets
 * @param <B> the book kept per symbol
 */
public abstract class ChecksummedFeed<S, B extends ChecksummedBook<S>> implements Sink<WsMessage> {
  /** Mismatches of one symbol in a row, without a matching book between them, that end the subscription. */
  public static final int MAX_CONSECUTIVE_MISMATCHES = 5;
  /** The wait before the second resubscribe of a symbol in a row; it doubles for each one after. */
  static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);

  private final WsRequest request;
  private final ModelCodec codec;
  private final Map<String, B> books = new LinkedHashMap<>(); // read and replaced on the one delivering thread
  private final Map<String, S> latest = new ConcurrentHashMap<>();
  private final Consumer<S> onBook;
  private final Consumer<ChecksumResult> onMismatch;
  private final Consumer<Throwable> onFailure;
  private volatile Connection<WsRequest, WsMessage> connection;
  private volatile Connection<WsRequest, WsMessage>.Sub sub;
  private final Map<String, Integer> mismatches = new HashMap<>(); // on the one delivering thread
  private final Map<String, Scheduler.Cancellable> delayedResubscribes = new ConcurrentHashMap<>();
  private volatile boolean ended;

  /**
   * A feed for {@code request}'s symbols, each with a book from {@code newBook(symbol, depth)}:
   * {@code depth} is the request's depth enum (whose text is the number), or null for the channel's
   * default of 10.
   */
  ChecksummedFeed(WsRequest request, ModelCodec codec, Object depth, BookFactory<B> newBook,
      Consumer<S> onBook, Consumer<ChecksumResult> onMismatch, Consumer<Throwable> onFailure) {
    this.request = requireNonNull(request, "request == null");
    this.codec = requireNonNull(codec, "codec == null");
    this.onBook = onBook;
    this.onMismatch = onMismatch;
    this.onFailure = onFailure;
    int levels = depth == null ? 10 : Integer.parseInt(depth.toString());
    for (String symbol : codec.symbols(request)) books.put(symbol, newBook.create(symbol, levels));
    if (books.isEmpty()) throw new IllegalArgumentException("params.symbol: at least one pair is required for a book");
  }

  /** Makes the book of one symbol at the subscribed depth. */
  @FunctionalInterface
  interface BookFactory<B> {
    B create(String symbol, int depth);
  }

  /** Subscribes on {@code connection}; the returned subscription's acks complete after one per symbol. */
  public final Connection<WsRequest, WsMessage>.Sub subscribe(Connection<WsRequest, WsMessage> connection) {
    this.connection = requireNonNull(connection, "connection == null");
    beforeSubscribe(connection);
    Connection<WsRequest, WsMessage>.Sub subscribed = connection.subscribe(request, this, Backpressure.COALESCE);
    this.sub = subscribed;
    afterSubscribe(subscribed);
    return subscribed;
  }

  /** What must be on {@code connection} before this feed's subscribe; nothing by default. */
  void beforeSubscribe(Connection<WsRequest, WsMessage> connection) {
  }

  /** What follows this feed's subscribe (made as {@code subscribed}); nothing by default. */
  void afterSubscribe(Connection<WsRequest, WsMessage>.Sub subscribed) {
  }

  /** The subscribed symbols, in the request's order. */
  public final List<String> symbols() {
    return codec.symbols(request);
  }

  /** The last copy of {@code symbol} whose checksum matched, or null before its first snapshot and after a mismatch. */
  public final S latest(String symbol) {
    return latest.get(requireNonNull(symbol, "symbol == null"));
  }

  /** The book of {@code symbol}, or null for a pair this subscription did not ask for. */
  final B book(String symbol) {
    return books.get(symbol);
  }

  /** Keeps {@code book} in place of its symbol's (a book rebuilt on a snapshot). */
  final void replace(B book) {
    books.put(book.symbol(), book);
  }

  /** A message without a checksum cannot be verified: it counts as a mismatch (expected 0). */
  static long expected(Long checksum) {
    return checksum == null ? 0L : checksum;
  }

  /** Publishes {@code book}'s copy when {@code result} matched, else resynchronises its symbol. */
  final void verified(B book, ChecksumResult result) {
    if (ended) return; // a message queued before the subscription ended
    String symbol = book.symbol();
    if (result.matches()) {
      mismatches.remove(symbol);
      cancelDelayedResubscribe(symbol);
      S copy = book.snapshot();
      latest.put(symbol, copy);
      onBook.accept(copy);
      return;
    }
    latest.remove(symbol);
    int inARow = mismatches.merge(symbol, 1, Integer::sum);
    if (inARow >= MAX_CONSECUTIVE_MISMATCHES) {
      onMismatch.accept(result);
      end(new IllegalStateException(result.channel() + " " + symbol + ": " + inARow
          + " checksum mismatches in a row without a matching book (last: expected " + result.expected()
          + ", computed " + result.computed() + "); the subscription ended"));
      return;
    }
    if (inARow == 1) {
      resubscribe(symbol);
    } else {
      resubscribeLater(symbol, FIRST_BACKOFF.multipliedBy(1L << (inARow - 2)));
    }
    onMismatch.accept(result);
  }

  @Override public final void onFailure(Throwable failure) {
    if (ended) return;
    ended = true;
    cancelDelayedResubscribes();
    onFailure.accept(failure);
  }

  /** Ends the subscription from here: unsubscribed, no longer sent on reconnect, the listener told once. */
  private void end(Throwable failure) {
    ended = true;
    cancelDelayedResubscribes();
    Connection<WsRequest, WsMessage> on = connection;
    Connection<WsRequest, WsMessage>.Sub live = sub;
    if (on != null && live != null) on.unsubscribe(live);
    onFailure.accept(failure);
  }

  private void resubscribeLater(String symbol, Duration delay) {
    Connection<WsRequest, WsMessage> on = connection;
    if (on == null) return;
    cancelDelayedResubscribe(symbol);
    delayedResubscribes.put(symbol, on.scheduler().schedule(() -> {
      delayedResubscribes.remove(symbol);
      // A reconnect in the meantime resubscribed every symbol; its snapshot may have matched already.
      if (!ended && !latest.containsKey(symbol)) resubscribe(symbol);
    }, delay.toNanos()));
  }

  private void cancelDelayedResubscribe(String symbol) {
    Scheduler.Cancellable delayed = delayedResubscribes.remove(symbol);
    if (delayed != null) delayed.cancel();
  }

  private void cancelDelayedResubscribes() {
    for (String symbol : List.copyOf(delayedResubscribes.keySet())) cancelDelayedResubscribe(symbol);
  }

  private void resubscribe(String symbol) {
    Connection<WsRequest, WsMessage> on = connection;
    Connection<WsRequest, WsMessage>.Sub live = sub;
    if (on == null || live == null) return;
    on.resubscribe(live, codec.unsubscribeOf(request, symbol), codec.subscribeOf(request, symbol));
  }
}
