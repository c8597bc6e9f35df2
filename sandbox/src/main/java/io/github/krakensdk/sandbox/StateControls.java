package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.SandboxTime;
import io.github.krakensdk.sandbox.internal.state.StateDocument;
import io.github.krakensdk.sandbox.internal.state.StatePart;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The sandbox's whole state, saved and restored from a test: {@code sandbox.state()}. The control
 * plane's {@code exportState}, {@code importState} and {@code resetState} run this code.
 *
 * <pre>{@code
 * SandboxState world = sandbox.state().export();   // after the set-up a suite shares
 * sandbox.state().reset();                          // the seed state: demo keys, balances, books
 * sandbox.state().restore(world);                   // every balance, order, user and webhook back
 * }</pre>
 *
 * <p>Restoring or resetting closes every live WebSocket connection with 1012 (service restart):
 * the subscriptions streamed a state that is gone, so clients reconnect, subscribe again and start
 * from fresh snapshots.
 *
 * <p>The clock never runs backwards: restoring a state moves the clock forward to the time the
 * state was exported at when it shows an earlier time, and leaves it where it is otherwise. Take
 * and restore states between calls, not while clients are calling the sandbox.
 */
public final class StateControls {
  /** The sections that joined the state document after 1.0.0: a document without them imports with the seed's. */
  private static final Set<String> JOINED_SINCE_1_0 = Set.of("derivatives");
  private final Map<String, StatePart> sections;
  private final SandboxTime time;
  private final SandboxState seed;
  /** Closes the live WebSocket connections (1012), whose subscriptions followed the state replaced. */
  private final Runnable replaced;

  StateControls(Map<String, StatePart> sections, SandboxTime time, SandboxState seed, Runnable replaced) {
    this.sections = sections;
    this.time = time;
    this.seed = seed;
    this.replaced = replaced;
  }

  /** The whole state now, as a JSON document. */
  public SandboxState export() {
    return SandboxState.fromJson(StateDocument.write(time.clock().instant(), sections));
  }

  /**
   * Replaces the whole state with {@code state}.
   *
   * @throws IllegalArgumentException naming the member and the rule when {@code state} is not a
   *     state document this sandbox reads (another {@code format}, a member missing or of the
   *     wrong type): the state is then as it was
   */
  public void restore(SandboxState state) {
    Objects.requireNonNull(state, "state == null");
    SandboxState before = export();
    Instant clock;
    try {
      // A document exported before a section joined the state takes that section from the seed.
      clock = StateDocument.read(seed == null ? state.toJson()
          : StateDocument.withMissingSections(state.toJson(), seed.toJson(), JOINED_SINCE_1_0), sections);
    } catch (RuntimeException e) {
      StateDocument.read(before.toJson(), sections); // a document refused half-way changes nothing
      throw e instanceof IllegalArgumentException ? e : new IllegalArgumentException(e.getMessage(), e);
    }
    Instant now = time.clock().instant();
    if (clock.isAfter(now)) {
      time.sleep(Duration.between(now, clock));
    }
    replaced.run();
  }

  /** Restores the state the sandbox started with (its seed): the demo keys, balances, books and users. */
  public void reset() {
    if (seed == null) {
      throw new IllegalStateException("the sandbox is still starting");
    }
    restore(seed);
  }

  @Override
  public String toString() {
    return "StateControls";
  }
}
