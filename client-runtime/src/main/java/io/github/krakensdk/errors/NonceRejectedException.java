package io.github.krakensdk.errors;

/**
 * The service rejected the nonce, in any family: Spot and Embed {@code EAPI:Invalid nonce},
 * Futures {@code nonceBelowThreshold} or {@code nonceDuplicate}. Usually another process uses
 * the same key with larger nonces; see {@code NonceSource}.
 */
public final class NonceRejectedException extends KrakenServiceException {
  private static final long serialVersionUID = 1L;

  public NonceRejectedException(ServiceError error) {
    super(error);
  }

  private NonceRejectedException(NonceRejectedException original, String operationId) {
    super(original, operationId);
  }

  @Override
  protected NonceRejectedException copy(String operationId) {
    return new NonceRejectedException(this, operationId);
  }
}
