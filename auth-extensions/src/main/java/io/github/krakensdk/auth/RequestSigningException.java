package io.github.krakensdk.auth;

/**
 * A request that cannot be signed as it stands, e.g. a Spot private request whose body is
 * neither a form nor a JSON object. Thrown before anything is sent, so the request can be fixed
 * and sent again safely.
 */
public final class RequestSigningException extends RequestNotSentException {
  /** A request that cannot be signed, for the reason in {@code message}. */
  public RequestSigningException(String message) {
    super(message);
  }
}
