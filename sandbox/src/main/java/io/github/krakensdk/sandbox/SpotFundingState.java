package io.github.krakensdk.sandbox;

import java.util.Objects;

/**
 * Where a Spot deposit or withdrawal of the sandbox's test user stands, as {@link SpotControls}
 * reads it. A deposit is {@link #SETTLED} (received, confirming), then {@link #SUCCESS}; a
 * withdrawal is {@link #INITIAL}, {@link #PENDING}, {@link #SETTLED}, then {@link #SUCCESS}, or
 * {@link #FAILURE}, or {@link #CANCELLED} (which WithdrawStatus shows as {@code Failure}).
 */
public enum SpotFundingState {
  INITIAL("Initial"),
  PENDING("Pending"),
  SETTLED("Settled"),
  SUCCESS("Success"),
  FAILURE("Failure"),
  CANCELLED("Cancelled");

  private final String text;

  SpotFundingState(String text) {
    this.text = text;
  }

  /** The state as the control plane writes it ({@code Settled}). */
  public String text() {
    return text;
  }

  /** The state written {@code text} ({@code Settled}) or named {@code name} ({@code SETTLED}). */
  static SpotFundingState of(String text) {
    Objects.requireNonNull(text, "text == null");
    for (SpotFundingState state : values()) {
      if (state.text.equals(text) || state.name().equals(text)) {
        return state;
      }
    }
    throw new IllegalStateException("unknown funding state " + text);
  }
}
