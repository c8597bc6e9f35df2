package io.github.krakensdk.errors;

import java.util.Objects;

/**
 * A webhook delivery that must not be trusted, with the {@link Reason}. Answer it with 400 (or
 * 401) and do not act on it. Messages never contain the secret or the expected signature.
 *
 * <pre>{@code
 * try {
 *   event = verifier.verifyAndParse(signatureHeader, rawBody);
 * } catch (WebhookVerificationException e) {
 *   respond(400, e.reason().name());
 * }
 * }</pre>
 *
 * A local failure ({@link KrakenClientException}, unchecked) of the operation {@value
 * #VERIFY_WEBHOOK}.
 */
public final class WebhookVerificationException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  /** The {@link #operationId()} of every refusal. */
  public static final String VERIFY_WEBHOOK = "verifyWebhook";

  /** Why a delivery was refused. */
  public enum Reason {
    /** No {@code X-Signature} header, or an empty one. */
    MISSING_HEADER,
    /** The header is not a list of {@code key=value} pairs, or has more than one {@code t}. */
    MALFORMED_HEADER,
    /** The header has no {@code t}. */
    MISSING_TIMESTAMP,
    /** {@code t} is not a whole number of seconds. */
    INVALID_TIMESTAMP,
    /** The header has no {@code v1}. */
    MISSING_SIGNATURE,
    /** No {@code v1} matches: wrong secret, altered body, or a forgery. */
    SIGNATURE_MISMATCH,
    /** The signature is right but {@code t} is further from now than the tolerance: a replay. */
    STALE_TIMESTAMP,
    /** The body is not a JSON object with a string {@code event_type} and members of the contract's types. */
    MALFORMED_PAYLOAD
  }

  private final Reason reason;

  /** A refusal for {@code reason}; the message is prefixed with the reason's name. */
  public WebhookVerificationException(Reason reason, String message) {
    super(VERIFY_WEBHOOK, Objects.requireNonNull(reason, "reason == null") + ": " + message, null);
    this.reason = reason;
  }

  /** Why the delivery was refused. */
  public Reason reason() {
    return reason;
  }
}
