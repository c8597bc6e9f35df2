package io.github.krakensdk.websocket;

/**
 * Receives the level-3 books of a {@link Level3BookSubscription}, one call at a time, in order, on
 * the client's completion executor.
 *
 * <pre>{@code
 * Level3BookListener listener = new Level3BookListener() {
 *   @Override public void onBook(Level3BookSnapshot book) {
 *     render(book.symbol(), book.asks().get(0), book.bids().get(0));
 *   }
 *
 *   @Override public void onChecksumMismatch(ChecksumResult mismatch) {
 *     log.warn("resynchronising " + mismatch); // the book comes back with the next snapshot
 *   }
 * };
 * }</pre>
 */
@FunctionalInterface
public interface Level3BookListener {
  /** {@code book} after a snapshot or an update whose checksum matched. */
  void onBook(Level3BookSnapshot book);

  /**
   * A message's checksum did not match the book it built: that symbol's book is dropped, its
   * updates are ignored, and it is unsubscribed and subscribed again (that symbol alone), so that
   * its next {@link #onBook} follows a fresh snapshot. By default does nothing.
   */
  default void onChecksumMismatch(ChecksumResult mismatch) {}

  /** The subscription ended with {@code failure} (see {@link ChannelListener#onFailure}); no book follows. */
  default void onFailure(Throwable failure) {}
}
