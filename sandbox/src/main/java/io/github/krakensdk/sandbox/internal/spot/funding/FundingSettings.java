package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.MutableClock;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.time.Duration;

/**
 * The clock and the delays of the funding states. Nothing runs on a timer: each state is worked out
 * from the clock when it is next read.
 *
 * <pre>{@code
 * FundingSettings settings = FundingSettings.defaults(clock, Duration.ofSeconds(2));
 * FundingSettings quick = settings.withExportDelays(Duration.ZERO, Duration.ZERO);
 * }</pre>
 *
 * @param clock the sandbox clock (a {@code MutableClock} in tests).
 * @param earnCompletionDelay how long an Earn (de)allocation stays pending.
 * @param withdrawalStep how long a new withdrawal stays in each of Initial, Pending and Settled.
 * @param depositConfirmation how long a deposit stays Settled (received, confirming) before Success.
 * @param exportQueued how long a new export stays Queued.
 * @param exportProcessing how long it then stays Processing.
 * @param seed the seed of generated ids and addresses.
 */
public record FundingSettings(Clock clock, Duration earnCompletionDelay, Duration withdrawalStep,
    Duration depositConfirmation, Duration exportQueued, Duration exportProcessing, long seed) {

  public FundingSettings {
    requireNonNull(clock, "clock == null");
    nonNegative(earnCompletionDelay, "earnCompletionDelay");
    nonNegative(withdrawalStep, "withdrawalStep");
    nonNegative(depositConfirmation, "depositConfirmation");
    nonNegative(exportQueued, "exportQueued");
    nonNegative(exportProcessing, "exportProcessing");
  }

  /** Withdrawal steps of one minute, deposits confirmed in ten, exports ready in 30 s (10 queued, 20 processing). */
  public static FundingSettings defaults(Clock clock, Duration earnCompletionDelay) {
    return new FundingSettings(clock, earnCompletionDelay, Duration.ofMinutes(1), Duration.ofMinutes(10),
        Duration.ofSeconds(10), Duration.ofSeconds(20), 13L);
  }

  public FundingSettings withWithdrawalStep(Duration step) {
    return new FundingSettings(clock, earnCompletionDelay, step, depositConfirmation, exportQueued,
        exportProcessing, seed);
  }

  public FundingSettings withDepositConfirmation(Duration delay) {
    return new FundingSettings(clock, earnCompletionDelay, withdrawalStep, delay, exportQueued, exportProcessing,
        seed);
  }

  public FundingSettings withExportDelays(Duration queued, Duration processing) {
    return new FundingSettings(clock, earnCompletionDelay, withdrawalStep, depositConfirmation, queued, processing,
        seed);
  }

  private static void nonNegative(Duration duration, String name) {
    requireNonNull(duration, name + " == null");
    if (duration.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative (was " + duration + ")");
    }
  }
}
