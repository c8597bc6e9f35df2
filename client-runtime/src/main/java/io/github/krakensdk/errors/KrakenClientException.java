package io.github.krakensdk.errors;

/**
 * A local failure: nothing the service said, and nothing the network did. The type for whatever
 * the SDK refuses on its own: missing credentials, a request that cannot be signed (a body the
 * signer cannot take, a key that cannot sign), a private key or client secret that cannot be
 * read, a client used after it was closed, a webhook delivery that fails verification, an OAuth
 * callback whose {@code state} does not match. Sending the same thing again fails the same way,
 * so the {@code RetryPolicy} never retries it; {@link #httpStatus()} is {@link #NO_STATUS}.
 *
 * <pre>{@code
 * } catch (KrakenClientException e) {
 *   // fix the request, the key or the configuration; do not retry as is
 * }
 * }</pre>
 */
public class KrakenClientException extends KrakenException {
  private static final long serialVersionUID = 1L;

  /**
   * @param operationId the operation the failure was meant for, or the local step that failed
   *     when there is no operation (such as {@code verifyWebhook}).
   * @param cause may be null.
   */
  public KrakenClientException(String operationId, String message, Throwable cause) {
    super(operationId, NO_STATUS, message, cause);
  }

  /** A copy of {@code original} naming {@code operationId}; see {@link #withOperationId}. */
  protected KrakenClientException(KrakenClientException original, String operationId) {
    super(original, operationId);
  }

  @Override
  protected KrakenClientException copy(String operationId) {
    return new KrakenClientException(this, operationId);
  }
}
