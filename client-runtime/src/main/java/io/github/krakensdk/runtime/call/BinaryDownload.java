package io.github.krakensdk.runtime.call;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A binary answer of the service (such as the ZIP archive of a Spot export report), still on the
 * connection: the bytes are read as the caller consumes them, never held whole in memory. Read it
 * once, then close it; until then it holds a connection of the client.
 *
 * <pre>{@code
 * try (BinaryDownload archive = kraken.spot().retrieveExport(r -> r.id(reportId))) {
 *   archive.writeTo(Path.of("trades.zip"));
 * }
 * }</pre>
 *
 * <p>Reading can still fail with an {@link IOException} when the connection breaks mid-body; the
 * service had answered by then, so nothing is sent again. The client's call timeout ({@code
 * KrakenClient.Builder.callTimeout}) covers reading the body too: a large archive on a slow link
 * needs a longer one. Not thread-safe: one reader at a time.
 */
public final class BinaryDownload implements Closeable {
  private final String contentType;
  private final long contentLength;
  private final InputStream body;
  private final AtomicBoolean taken = new AtomicBoolean();

  /**
   * @param contentType the answer's media type (such as {@code application/zip}), or null if the
   *     service sent none.
   * @param contentLength the answer's length in bytes, or -1 when the service did not announce it.
   * @param body the bytes; this download closes it.
   */
  public BinaryDownload(String contentType, long contentLength, InputStream body) {
    this.contentType = contentType;
    this.contentLength = contentLength < 0 ? -1 : contentLength;
    this.body = Objects.requireNonNull(body, "body == null");
  }

  /** The media type the service announced, such as {@code application/zip}; null if none. */
  public String contentType() {
    return contentType;
  }

  /** The length the service announced, in bytes; empty when it streams without announcing one. */
  public OptionalLong contentLength() {
    return contentLength < 0 ? OptionalLong.empty() : OptionalLong.of(contentLength);
  }

  /**
   * The bytes, to read once; closing the stream closes this download.
   *
   * @throws IllegalStateException if the bytes were already taken (by this method, {@link
   *     #writeTo} or {@link #transferTo}) or the download is closed.
   */
  public InputStream inputStream() {
    take();
    return body;
  }

  /**
   * Copies every byte to {@code target} (created, or replaced if it exists), then closes this
   * download.
   *
   * @return the number of bytes written.
   * @throws IOException if reading the answer or writing the file fails; the file may then hold
   *     part of the bytes.
   * @throws IllegalStateException if the bytes were already taken or the download is closed.
   */
  public long writeTo(Path target) throws IOException {
    Objects.requireNonNull(target, "target == null");
    take();
    try (body) {
      return Files.copy(body, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * Copies every byte to {@code out} (left open), then closes this download.
   *
   * @return the number of bytes copied.
   * @throws IOException if reading the answer or writing to {@code out} fails.
   * @throws IllegalStateException if the bytes were already taken or the download is closed.
   */
  public long transferTo(OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out == null");
    take();
    try (body) {
      return body.transferTo(out);
    }
  }

  /** Releases the connection; bytes not read yet are dropped. Closing twice does nothing. */
  @Override
  public void close() throws IOException {
    taken.set(true);
    body.close();
  }

  private void take() {
    if (!taken.compareAndSet(false, true)) {
      throw new IllegalStateException("the download was already read or closed");
    }
  }

  @Override
  public String toString() {
    return "BinaryDownload{contentType=" + contentType
        + ", contentLength=" + (contentLength < 0 ? "unknown" : contentLength) + "}";
  }
}
