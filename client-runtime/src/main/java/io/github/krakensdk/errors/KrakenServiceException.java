package io.github.krakensdk.errors;

import io.github.krakensdk.runtime.json.OpenEnum;
import java.util.List;
import java.util.Objects;

/**
 * The service answered with an error: a Spot {@code error} array, a Futures {@code result: error},
 * an Embed or OAuth error body. Every error string is kept ({@link #errors()}); typed views:
 *
 * <ul>
 *   <li>every family: {@link #code()} and {@link #code(Class)}, the first error's code as the
 *       family's generated open enum ({@code SpotErrorCode}, {@code EmbedErrorCode}, {@code
 *       FuturesErrorCode}, {@code OAuthErrorCode}), and {@link #hasError(OpenEnum)} for any;
 *   <li>Spot and Embed: {@link #krakenErrors()}, each string parsed into category, message and
 *       detail; OAuth: {@link #errorDescription()}.
 * </ul>
 *
 * <pre>{@code
 * } catch (KrakenServiceException e) {
 *   if (e.hasError(SpotErrorCode.EARNINGS_BUSY)) { retryLater(); }
 * }
 * }</pre>
 *
 * Rate limiting, nonce rejection and authentication failure have subtypes of their own, and so
 * do the OAuth token endpoint's refusals ({@code io.github.krakensdk.errors.OAuthException}).
 */
public class KrakenServiceException extends KrakenException {
  private static final long serialVersionUID = 1L;

  private final List<String> errors;
  private final OpenEnum code;
  private final String errorDescription;
  private final String bodyExcerpt;
  private final String requestId;

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
    this.requestId = error.requestId();
  }

  /** A copy of {@code original} naming {@code operationId}; see {@link #withOperationId}. */
  protected KrakenServiceException(KrakenServiceException original, String operationId) {
    super(original, operationId);
    this.errors = original.errors;
    this.code = original.code;
    this.errorDescription = original.errorDescription;
    this.bodyExcerpt = original.bodyExcerpt;
    this.requestId = original.requestId;
  }

  /** Every error string the service sent, in order. */
  public List<String> errors() {
    return errors;
  }

  /** The error strings parsed as Kraken errors (meaningful for Spot and Embed). */
  public List<KrakenError> krakenErrors() {
    return errors.stream().map(KrakenError::parse).toList();
  }

  /**
   * True if one of the errors has {@code code}, a value of the family's generated error-code enum:
   * {@code e.hasError(SpotErrorCode.EARNINGS_BUSY)}, {@code e.hasError(FuturesErrorCode.API_LIMIT_EXCEEDED)}.
   */
  public boolean hasError(OpenEnum code) {
    Objects.requireNonNull(code, "code == null");
    return errors.stream().anyMatch(e -> e.equals(code.value()) || KrakenError.parse(e).code().equals(code.value()));
  }

  /**
   * The family's error code of the first error (a generated open enum: {@code SpotErrorCode},
   * {@code EmbedErrorCode}, {@code FuturesErrorCode}, {@code OAuthErrorCode}), or null.
   */
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

  /**
   * The service's identifier of the failed request, for a support ticket: the {@code
   * X-Request-Id} response header, else the edge's {@code CF-Ray}; null when the answer had
   * neither.
   */
  public String requestId() {
    return requestId;
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
    String id = error.requestId() == null ? "" : " [request " + error.requestId() + "]";
    return "service error" + status + ": " + text + id;
  }
}
