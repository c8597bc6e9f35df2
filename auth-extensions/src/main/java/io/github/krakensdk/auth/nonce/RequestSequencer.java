package io.github.krakensdk.auth.nonce;

import io.github.krakensdk.auth.internal.Digests;
import io.github.krakensdk.runtime.transport.RequestNotSentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import okhttp3.Call;

/**
 * The ordered mode: requests on one API key go out one at a time, in the order they draw their
 * nonces, so the service never sees a lower nonce after a higher one.
 *
 * <p>Without it, two requests signed a microsecond apart on different threads and connections can
 * arrive in either order, and the later arrival is rejected with {@code EAPI:Invalid nonce}
 * (Spot) or {@code nonceBelowThreshold} (Futures). With it, a request draws its nonce, is sent,
 * and holds the key until its response headers are back; the next request, in arrival order
 * (the lock is fair), goes after that. The cost is throughput: one request in flight per key.
 *
 * <pre>{@code
 * RequestSequencer sequencer = RequestSequencer.forKey(credentials.key());
 * SpotSigningInterceptor spot = SpotSigningInterceptor.builder(credentials)
 *     .sequencer(sequencer)
 *     .build();
 * }</pre>
 *
 * <p>Every interceptor that signs with the same key must share one sequencer; {@link
 * #forKey(String)} returns the same instance for the same key anywhere in the process.
 */
public final class RequestSequencer {
  private static final ConcurrentHashMap<String, RequestSequencer> BY_KEY =
      new ConcurrentHashMap<>();

  private final ReentrantLock lock = new ReentrantLock(true);

  private RequestSequencer() {}

  /** A new sequencer, shared by nothing else. */
  public static RequestSequencer create() {
    return new RequestSequencer();
  }

  /** The process-wide sequencer of {@code apiKey}. */
  public static RequestSequencer forKey(String apiKey) {
    Objects.requireNonNull(apiKey, "apiKey == null");
    // Keyed by a hash so that a static map does not keep API keys around in memory dumps.
    String id = Digests.hex(Digests.sha256(apiKey.getBytes(StandardCharsets.UTF_8)));
    return BY_KEY.computeIfAbsent(id, unused -> new RequestSequencer());
  }

  /** The work done while the key is held: draw a nonce, sign, send, wait for the headers. */
  @FunctionalInterface
  public interface Exchange<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code exchange} while holding this key, after every exchange that asked before it.
   * Gives up with {@link RequestNotSentException} if {@code call} is canceled or the thread is
   * interrupted while waiting.
   */
  public <T> T inOrder(Call call, Exchange<T> exchange) throws IOException {
    Objects.requireNonNull(call, "call == null");
    Objects.requireNonNull(exchange, "exchange == null");
    try {
      while (!lock.tryLock(50, TimeUnit.MILLISECONDS)) {
        if (call.isCanceled()) {
          throw new RequestNotSentException(
              "Canceled while waiting for an earlier request on the same key");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RequestNotSentException(
          "interrupted while waiting for an earlier request on the same key", e);
    }
    try {
      return exchange.run();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return "RequestSequencer{}";
  }
}
