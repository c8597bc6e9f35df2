package io.github.krakensdk.runtime.internal;

import java.io.IOException;

/**
 * A body the SDK cannot take: a 2xx body that is not the JSON the contract describes, or any body
 * larger than {@link ResponseDecoding#MAX_BODY_BYTES}. Becomes an {@code UnexpectedResponseException}.
 */
final class UndecodableBodyException extends IOException {
  private static final long serialVersionUID = 1L;

  static final String NOT_THE_CONTRACTS_JSON = "body is not the JSON the contract describes";

  final int httpStatus;
  final String problem;
  final String excerpt;

  UndecodableBodyException(int httpStatus, String excerpt, Throwable cause) {
    this(httpStatus, NOT_THE_CONTRACTS_JSON, excerpt, cause);
  }

  UndecodableBodyException(int httpStatus, String problem, String excerpt, Throwable cause) {
    super("undecodable body: " + (cause == null ? problem : cause.getMessage()), cause);
    this.httpStatus = httpStatus;
    this.problem = problem;
    this.excerpt = excerpt;
  }
}
