package io.github.krakensdk.auth.internal;

import java.io.IOException;

/**
 * A document that is not strict JSON. The message gives the offset and what was expected but
 * never quotes the input: the documents read here (token responses, webhook bodies) can hold
 * secrets.
 */
public final class JsonException extends IOException {
  public JsonException(String message) {
    super(message);
  }
}
