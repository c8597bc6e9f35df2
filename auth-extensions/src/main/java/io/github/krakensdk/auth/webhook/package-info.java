/**
 * The receiving side of Embed webhooks: signature verification and typed events.
 *
 * <pre>{@code
 * WebhookSignatureVerifier verifier =
 *     new WebhookSignatureVerifier(webhookSecret, Clock.systemUTC());
 *
 * // in the HTTP handler, with the body exactly as received (do not re-encode it):
 * WebhookEvent event = verifier.verifyAndParse(request.getHeader("X-Signature"), rawBody);
 * switch (event.type()) {
 *   case QUOTE_EXECUTED: ...
 *   case UNKNOWN: log("new event type " + event.eventType());
 * }
 * }</pre>
 *
 * Deliveries can repeat: use {@link io.github.krakensdk.auth.webhook.WebhookEvent#id()} to
 * process each event once, and answer 2xx within 30 seconds.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth.webhook;
