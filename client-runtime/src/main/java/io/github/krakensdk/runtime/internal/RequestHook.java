package io.github.krakensdk.runtime.internal;

/**
 * Sees the request object of every generated call of a family ({@code <OperationId>Request}) before
 * anything is sent, and may refuse it; then sees the result of each call that succeeded. The SDK
 * uses it to check orders against a pair's published limits. Set it with {@link
 * Calls.Builder#requestHook(RequestHook)}; raw calls and operations without parameters have no
 * request object and pass by it.
 *
 * <p>{@link #beforeSend} runs on the caller's thread, after the client's own checks (open, has
 * credentials) and before the call is handed to OkHttp, once per call (not per retry or re-send):
 * an exception it throws is the call's failure, as is, and nothing is sent. For an asynchronous
 * call the future fails with it. {@link #afterResult} may run on an OkHttp thread and must be quick
 * and must not throw. Implementations must be thread-safe.
 */
public interface RequestHook {
  /**
   * Checks {@code request} of {@code operationId} before it is sent; throws (a {@link
   * io.github.krakensdk.errors.KrakenClientException}, for the one error model) to refuse it.
   */
  void beforeSend(String operationId, Object request);

  /** Learns the unwrapped {@code result} of a call of {@code operationId} that succeeded; by default nothing. */
  default void afterResult(String operationId, Object request, Object result) {}
}
