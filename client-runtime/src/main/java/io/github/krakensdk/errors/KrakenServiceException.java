package io.github.krakensdk.errors;

import io.github.krakensdk.runtime.json.OpenEnum;
import java.util.List;
import java.util.Objects;

/**
 * The service answered with an error: a Spot {@code error} array, a Futures {@code result: error},
 * an Embed or OAuth error body. Every error string is kept ({@link #errors()}); typed views:
 *
 * <ul>
 *   <li>Spot and Embed: {@link #krakenErrors()}, each parsed, with {@link KrakenError#code()};
 *   <li>Futures: {@code code(FuturesErrorCode.class)}, the {@code error} value as the contract's
 *       open enum; OAuth: {@code code(OAuthErrorCode.class)} and {@link #errorDescription()}.
 * </ul>
 *
 * <pre>{@code
 * } catch (KrakenServiceException e) {
 *   if (e.hasError(KrakenError.Code.EARN_BUSY)) { retryLater(); }
 * }
 * }</pre>
 *
 * Rate limiting, nonce rejection and authentication failure have subtypes of their own, and so
 * do the OAuth token endpoint's refusals ({@code io.github.krakensdk.auth.oauth.OAuthException}).
 */
public class KrakenServiceException extends KrakenException {
  private static final long serialVersionUID = 1L;

  private final List<String> errors;
  private final OpenEnum code;
  private final String errorDescription;
  private final String bodyExcerpt;

  public KrakenServiceException(ServiceError error) {
    this(error, describe(error), null);
  }

  /**
   * For subtypes that say more than the error strings, such as the OAuth token endpoint's
   * refusals: {@code message} replaces the one made from {@code error}.
   *
   * @param cause may be null.
   */
  protected KrakenServiceException(ServiceError error, String message, Throwable cause) {
    super(Objects.requireNonNull(error, "error == null").operationId(), error.httpStatus(), error.retryAfter(),
        message, cause);
    this.errors = error.errors();
    this.code = error.code();
    this.errorDescription = error.errorDescription();
    this.bodyExcerpt = error.bodyExcerpt();
  }

  /** A copy of {@code original} naming {@code operationId}; see {@link #withOperationId}. */
  protected KrakenServiceException(KrakenServiceException original, String operationId) {
    super(original, operationId);
    this.errors = original.errors;
    this.code = original.code;
    this.errorDescription = original.errorDescription;
    this.bodyExcerpt = original.bodyExcerpt;
  }

  /** Every error string the service sent, in order. */
  public List<String> errors() {
    return errors;
  }

  /** The error strings parsed as Kraken errors (Spot and Embed); empty for other families. */
  public List<KrakenError> krakenErrors() {
    return code == null ? errors.stream().map(KrakenError::parse).toList() : List.of();
  }

  /** True if one of {@link #krakenErrors()} has {@code code}. */
  public boolean hasError(KrakenError.Code code) {
    return krakenErrors().stream().anyMatch(error -> error.code() == code);
  }

  /** The family's enumerated error code (Futures {@code error}, OAuth {@code error}), or null. */
  public OpenEnum code() {
    return code;
  }

  /** {@link #code()} as {@code type} (e.g. {@code FuturesErrorCode.class}), or null if it is not one. */
  public <E extends OpenEnum> E code(Class<E> type) {
    return type.isInstance(code) ? type.cast(code) : null;
  }

  /** OAuth's {@code error_description}, or null. */
  public String errorDescription() {
    return errorDescription;
  }

  /** The start of the response body, for diagnostics. */
  public String bodyExcerpt() {
    return bodyExcerpt;
  }

  @Override
  protected KrakenServiceException copy(String operationId) {
    return new KrakenServiceException(this, operationId);
  }

  private static String describe(ServiceError error) {
    Objects.requireNonNull(error, "error == null");
    String status = error.httpStatus() == NO_STATUS ? "" : " (HTTP " + error.httpStatus() + ")";
    String text = String.join(", ", error.errors());
    if (error.errorDescription() != null) {
      text += ": " + error.errorDescription();
    }
    return "service error" + status + ": " + text;
  }
}
