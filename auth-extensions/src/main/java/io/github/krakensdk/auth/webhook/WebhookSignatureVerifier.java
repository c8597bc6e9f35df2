package io.github.krakensdk.auth.webhook;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import io.github.krakensdk.auth.internal.Digests;
import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.errors.WebhookVerificationException.Reason;
import io.github.krakensdk.embed.internal.model.EmbedJsonAdapters;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.errors.WebhookVerificationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import okio.Buffer;

/**
 * Verifies the {@code X-Signature} header of an Embed webhook delivery:
 *
 * <pre>
 * X-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;[,v1=&lt;hex&gt;...]
 * v1 = hex(HMAC-SHA256(key = Base64Decode(webhookSecret), message = UTF8(t + ".") || rawBody))
 * </pre>
 *
 * A delivery passes when any {@code v1} matches (there can be several while a secret is being
 * rotated) and {@code t} is within the tolerance of the clock (300 seconds by default, either
 * way). Signatures are compared in constant time. Every refusal is a {@link
 * WebhookVerificationException} whose {@link WebhookVerificationException#reason()} says why.
 *
 * <pre>{@code
 * WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(secret, Clock.systemUTC());
 * verifier.verify(request.getHeader(WebhookSignatureVerifier.SIGNATURE_HEADER), rawBody);
 * }</pre>
 *
 * Verify the raw bytes as received: a body parsed and written again will not match.
 *
 * <p>{@link #verifyAndParse} also decodes the body as the contract's {@link WebhookEvent}
 * ({@code event_type}, {@code id}, {@code iiban}, {@code timestamp}, {@code message}, and the
 * members of the event types the contract lists, such as the {@code custom_order_id}, {@code
 * action} and {@code trigger} of a custom order's events). A member the contract does not list
 * yet (the service adds event types) is read from the raw body after {@link #verify}, with any
 * JSON library, for example Moshi:
 *
 * <pre>{@code
 * verifier.verify(signatureHeader, rawBody);
 * Map<String, Object> fields = (Map<String, Object>) new Moshi.Builder().build()
 *     .adapter(Object.class).fromJson(new Buffer().write(rawBody));
 * }</pre>
 */
public final class WebhookSignatureVerifier {
  /** The header that carries the signature. */
  public static final String SIGNATURE_HEADER = "X-Signature";
  /** The header that carries the event type. */
  public static final String EVENT_HEADER = "X-Webhook-Event";
  /** The header that carries the delivery's webhook ID. */
  public static final String WEBHOOK_ID_HEADER = "X-Webhook-ID";
  /** How far {@code t} may be from now, by default. */
  public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

  /**
   * The contract's adapter, except that {@code event_type} must be a non-empty JSON string: the
   * shared open-enum adapter also reads a number as a value, which no event type is.
   */
  private static final JsonAdapter<WebhookEvent> EVENTS = KrakenJson.newBuilder()
      .add(WebhookEventType.class, new EventTypeAdapter().nullSafe())
      .add(EmbedJsonAdapters.FACTORY)
      .build()
      .adapter(WebhookEvent.class);

  private final byte[] secret;
  private final Clock clock;
  private final Duration tolerance;

  /** A verifier with the default tolerance of 300 seconds. */
  public WebhookSignatureVerifier(String base64Secret, Clock clock) {
    this(base64Secret, clock, DEFAULT_TOLERANCE);
  }

  /**
   * @param base64Secret the webhook secret, standard Base64.
   * @throws IllegalArgumentException if the secret is blank or not Base64 (without quoting it), or
   *     the tolerance is negative.
   */
  public WebhookSignatureVerifier(String base64Secret, Clock clock, Duration tolerance) {
    this.secret = Secrets.decodeBase64Secret(base64Secret, "base64Secret");
    this.clock = Objects.requireNonNull(clock, "clock == null");
    this.tolerance = Objects.requireNonNull(tolerance, "tolerance == null");
    if (tolerance.isNegative()) throw new IllegalArgumentException("tolerance < 0");
  }

  /**
   * Verifies a delivery.
   *
   * @param signatureHeader the {@code X-Signature} value; null when the header is missing.
   * @param rawBody the body exactly as received.
   * @throws WebhookVerificationException if the delivery must not be trusted; {@link
   *     WebhookVerificationException#reason()} says why.
   */
  public void verify(String signatureHeader, byte[] rawBody) {
    Objects.requireNonNull(rawBody, "rawBody == null");
    if (signatureHeader == null || signatureHeader.isBlank()) {
      throw new WebhookVerificationException(Reason.MISSING_HEADER, "no " + SIGNATURE_HEADER + " header");
    }
    String timestamp = null;
    List<String> signatures = new ArrayList<>();
    for (String element : signatureHeader.split(",", -1)) {
      int equals = element.indexOf('=');
      if (equals <= 0) {
        throw new WebhookVerificationException(
            Reason.MALFORMED_HEADER, "an element of the header is not key=value");
      }
      String key = element.substring(0, equals).trim();
      String value = element.substring(equals + 1).trim();
      if (key.isEmpty() || value.indexOf('=') >= 0) {
        // Neither digits nor hex contain '=': this is another separator, e.g. "t=1;v1=ab".
        throw new WebhookVerificationException(
            Reason.MALFORMED_HEADER, "an element of the header is not key=value");
      }
      if (key.equals("t")) {
        if (timestamp != null) {
          throw new WebhookVerificationException(Reason.MALFORMED_HEADER, "the header has more than one t");
        }
        timestamp = value;
      } else if (key.equals("v1")) {
        signatures.add(value);
      }
      // Other schemes (v0, future ones) are ignored, as they are meant to be.
    }
    if (timestamp == null) {
      throw new WebhookVerificationException(Reason.MISSING_TIMESTAMP, "the header has no t");
    }
    long seconds = parseSeconds(timestamp);
    if (signatures.isEmpty()) {
      throw new WebhookVerificationException(Reason.MISSING_SIGNATURE, "the header has no v1 signature");
    }

    byte[] expected =
        Digests.hex(
                Digests.hmacSha256(secret, (timestamp + ".").getBytes(StandardCharsets.UTF_8), rawBody))
            .getBytes(StandardCharsets.US_ASCII);
    boolean matched = false;
    for (String signature : signatures) {
      // Check every candidate, without stopping at the first match, in constant time each.
      byte[] candidate = signature.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
      matched |= MessageDigest.isEqual(expected, candidate);
    }
    if (!matched) {
      throw new WebhookVerificationException(
          Reason.SIGNATURE_MISMATCH, "no v1 signature matches the body and the webhook secret");
    }
    // Only an authentic delivery gets this far, so "stale" means a replay, not a forgery.
    long now = clock.instant().getEpochSecond();
    if (Math.abs(now - seconds) > tolerance.getSeconds()) {
      throw new WebhookVerificationException(
          Reason.STALE_TIMESTAMP,
          "t is " + Math.abs(now - seconds) + " s away from now; tolerance is "
              + tolerance.getSeconds() + " s");
    }
  }

  /**
   * Verifies a delivery, then decodes its event. An event type the contract does not list is
   * kept, not refused: {@code event.eventType().isKnown()} is false and {@code
   * event.eventType().value()} is the text sent.
   *
   * <pre>{@code
   * WebhookEvent event = verifier.verifyAndParse(signatureHeader, rawBody);
   * switch (event.eventType().asEnum()) {
   *   case QUOTE_EXECUTED -> ...
   *   case UNRECOGNIZED -> log("new event type " + event.eventType().value());
   *   default -> { }
   * }
   * }</pre>
   *
   * @throws WebhookVerificationException if the delivery must not be trusted, or with {@link
   *     Reason#MALFORMED_PAYLOAD} if its body is not a JSON object with a string {@code
   *     event_type} whose members have the contract's types (a {@code timestamp} is RFC 3339).
   */
  public WebhookEvent verifyAndParse(String signatureHeader, byte[] rawBody) {
    verify(signatureHeader, rawBody);
    return parse(rawBody);
  }

  private static WebhookEvent parse(byte[] rawBody) {
    WebhookEvent event;
    try {
      JsonReader reader = JsonReader.of(new Buffer().write(rawBody));
      event = EVENTS.fromJson(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new JsonDataException("Expected the end of the body after the event");
      }
    } catch (IOException | JsonDataException e) {
      // Moshi's message names where the body went wrong; it quotes a bad value at most, of a
      // delivery whose signature was verified (no secret is in it).
      throw new WebhookVerificationException(Reason.MALFORMED_PAYLOAD,
          "the body is not a webhook event: " + e.getMessage());
    }
    if (event == null || event.eventType() == null) {
      throw new WebhookVerificationException(Reason.MALFORMED_PAYLOAD, "the body has no event_type");
    }
    return event;
  }

  /** {@code event_type}: a non-empty string, kept as it is when the contract does not list it. */
  private static final class EventTypeAdapter extends JsonAdapter<WebhookEventType> {
    @Override
    public WebhookEventType fromJson(JsonReader reader) throws IOException {
      if (reader.peek() != JsonReader.Token.STRING) {
        throw new JsonDataException("Expected a string but was " + reader.peek() + " at path " + reader.getPath());
      }
      String value = reader.nextString();
      if (value.isEmpty()) {
        throw new JsonDataException("Expected an event type but was empty at path " + reader.getPath());
      }
      return WebhookEventType.of(value);
    }

    @Override
    public void toJson(JsonWriter writer, WebhookEventType value) throws IOException {
      writer.value(value.value());
    }
  }

  private static long parseSeconds(String timestamp) {
    // Digits only, and few enough that the value fits: never a NumberFormatException.
    if (timestamp.isEmpty() || timestamp.length() > 18) {
      throw new WebhookVerificationException(Reason.INVALID_TIMESTAMP, "t is not a number of seconds");
    }
    long value = 0;
    for (int i = 0; i < timestamp.length(); i++) {
      char c = timestamp.charAt(i);
      if (c < '0' || c > '9') {
        throw new WebhookVerificationException(Reason.INVALID_TIMESTAMP, "t is not a number of seconds");
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  @Override
  public String toString() {
    return "WebhookSignatureVerifier{secret=" + Secrets.REDACTED + ", tolerance=" + tolerance + "}";
  }
}
