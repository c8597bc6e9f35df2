package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenError;
import java.util.List;

/**
 * Receives the warnings ({@code W...} strings) of a Spot call that succeeded; warnings never fail
 * a call. The default logs them through {@link System.Logger} at {@code WARNING}.
 */
@FunctionalInterface
public interface WarningListener {
  void onWarnings(String operationId, List<KrakenError> warnings);

  /** Logs to the {@code io.github.krakensdk} logger. */
  static WarningListener logging() {
    System.Logger logger = System.getLogger("io.github.krakensdk");
    return (operationId, warnings) -> logger.log(System.Logger.Level.WARNING, operationId + ": " + warnings);
  }
}
