package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.json.OpenEnum;
import java.util.List;

/**
 * The error part of a successful (2xx) response body, which can still carry a failure: a Spot
 * {@code error} array, a Futures {@code result: error}. Generated services extract it from each
 * response record; Embed and OAuth report errors through the HTTP status instead.
 */
public final class Envelope {
  private static final Envelope NONE = new Envelope(List.of(), null, false, null);

  final List<String> errors;
  final OpenEnum code;
  final boolean failed;
  /** Why the body is not the contract's, or null. */
  final String malformed;

  private Envelope(List<String> errors, OpenEnum code, boolean failed, String malformed) {
    this.errors = errors;
    this.code = code;
    this.failed = failed;
    this.malformed = malformed;
  }

  /** A body whose 2xx status is the whole answer. */
  public static Envelope none() {
    return NONE;
  }

  /** Spot: the {@code error} array; it fails on any {@code E...} string, warnings do not. */
  public static Envelope spot(List<String> error) {
    if (error == null || error.isEmpty()) {
      return NONE;
    }
    boolean failed = error.stream().anyMatch(e -> e == null || !e.startsWith("W"));
    return new Envelope(error.stream().map(String::valueOf).toList(), null, failed, null);
  }

  /**
   * Futures: {@code result}, {@code error} and {@code errors}; fails on {@code result: error} or an
   * {@code error}. A body without {@code result} is not a Futures answer at all.
   */
  public static Envelope futures(OpenEnum result, OpenEnum error, List<String> errors) {
    return futures(result == null ? null : result.value(), error, errors);
  }

  /** As {@link #futures(OpenEnum, OpenEnum, List)} with the {@code result} status as text. */
  public static Envelope futures(String result, OpenEnum error, List<String> errors) {
    boolean failed = error != null || "error".equals(result);
    if (!failed) {
      return result == null ? new Envelope(List.of(), null, false, "no result status") : NONE;
    }
    List<String> all = new java.util.ArrayList<>();
    if (error != null) {
      all.add(error.value());
    }
    if (errors != null) {
      errors.stream().map(String::valueOf).filter(e -> !all.contains(e)).forEach(all::add);
    }
    return new Envelope(List.copyOf(all), error, true, null);
  }

  /**
   * A body returned whole (the OAuth token) whose required members are {@code values}: one
   * missing means the body is not the contract's.
   */
  public static Envelope requireAll(Object... values) {
    for (Object value : values) {
      if (value == null) {
        return new Envelope(List.of(), null, false, "a required member is missing");
      }
    }
    return NONE;
  }
}
