package io.github.krakensdk.runtime.call;

import java.io.IOException;

/** A 2xx body that is not the JSON the contract describes; becomes an {@code UnexpectedResponseException}. */
final class UndecodableBodyException extends IOException {
  private static final long serialVersionUID = 1L;

  final int httpStatus;
  final String excerpt;

  UndecodableBodyException(int httpStatus, String excerpt, Throwable cause) {
    super("undecodable body: " + cause.getMessage(), cause);
    this.httpStatus = httpStatus;
    this.excerpt = excerpt;
  }
}
