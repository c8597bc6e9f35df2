/**
 * The receiving side of Embed webhooks: signature verification, and the delivery decoded as the
 * contract's {@link io.github.krakensdk.embed.model.WebhookEvent}.
 *
 * <pre>{@code
 * WebhookSignatureVerifier verifier =
 *     new WebhookSignatureVerifier(webhookSecret, Clock.systemUTC());
 *
 * // in the HTTP handler, with the body exactly as received (do not re-encode it):
 * WebhookEvent event = verifier.verifyAndParse(request.getHeader("X-Signature"), rawBody);
 * switch (event.eventType().asEnum()) {
 *   case QUOTE_EXECUTED -> ...
 *   case UNRECOGNIZED -> log("new event type " + event.eventType().value());
 *   default -> { }
 * }
 * }</pre>
 *
 * Deliveries can repeat: use {@link io.github.krakensdk.embed.model.WebhookEvent#id()} to
 * process each event once, and answer 2xx within 30 seconds. The members of the event types the
 * contract lists are on {@code WebhookEvent}; for one it does not list yet, {@link
 * io.github.krakensdk.auth.webhook.WebhookSignatureVerifier#verify} the delivery and read it from
 * the raw body with any JSON library.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth.webhook;
