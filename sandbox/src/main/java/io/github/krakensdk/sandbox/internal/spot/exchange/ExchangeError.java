package io.github.krakensdk.sandbox.internal.spot.exchange;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A refusal in the public service's words: the strings that go into the {@code error} array of the
 * Spot envelope, e.g. {@code EOrder:Insufficient funds} or {@code EGeneral:Invalid arguments:volume}.
 *
 * <pre>{@code
 * try {
 *   Object result = exchange.handle("addOrder", "demo", params);
 *   // {"error":[],"result":<result>}
 * } catch (ExchangeError e) {
 *   // {"error":<e.errors()>}, HTTP 200 as the service sends it
 * }
 * }</pre>
 */
public final class ExchangeError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<String> errors;

  public ExchangeError(String error) {
    this(List.of(requireNonNull(error, "error == null")));
  }

  public ExchangeError(List<String> errors) {
    super(String.join(", ", requireNonNull(errors, "errors == null")), null, false, false);
    if (errors.isEmpty()) {
      throw new IllegalArgumentException("errors is empty");
    }
    this.errors = List.copyOf(errors);
  }

  /** The service's error strings, at least one. */
  public List<String> errors() {
    return errors;
  }

  /** {@code EGeneral:Invalid arguments:<argument>}, the service's answer to a malformed or missing argument. */
  static ExchangeError invalid(String argument) {
    return new ExchangeError(Errors.INVALID_ARGUMENTS + ":" + argument);
  }
}
