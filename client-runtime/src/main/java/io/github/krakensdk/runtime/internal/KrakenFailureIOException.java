package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenException;
import java.io.IOException;
import java.util.Objects;

/**
 * Carries a {@link KrakenException} out of an OkHttp {@code Interceptor} or {@code Authenticator}.
 * OkHttp lets only {@link IOException}s leave those: an unchecked exception thrown there while an
 * asynchronous call runs ends the dispatcher's thread instead of failing the call. So an
 * interceptor that fails with a {@code KrakenException} (a request that cannot be signed, an OAuth
 * grant that is gone) throws this instead:
 *
 * <pre>{@code
 * try {
 *   tokens = currentTokens();
 * } catch (KrakenException e) {
 *   throw new KrakenFailureIOException(e);
 * }
 * }</pre>
 *
 * The SDK's calls unwrap it, so their callers see {@link #failure()} itself (named after the
 * operation they called); a caller of a plain {@code OkHttpClient} catches an {@code IOException}
 * whose cause is the failure. Its message is the failure's message.
 */
public final class KrakenFailureIOException extends IOException {
  private static final long serialVersionUID = 1L;

  private final KrakenException failure;

  /** Wraps {@code failure} to travel through OkHttp. */
  public KrakenFailureIOException(KrakenException failure) {
    super(Objects.requireNonNull(failure, "failure == null").getMessage(), failure);
    this.failure = failure;
  }

  /** The failure to report to the caller. */
  public KrakenException failure() {
    return failure;
  }
}
