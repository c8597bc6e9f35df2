package io.github.krakensdk.sandbox;

/**
 * What moved an Embed user's balance ({@link EmbedControls#moveBalance}): the portfolio lists a
 * {@link #TRADE} and its {@link #FEE} as one {@code simple_order}, a {@link #REWARD} as {@code
 * earn_reward}, and a {@link #DEPOSIT} and a {@link #WITHDRAWAL} as themselves.
 */
public enum EmbedMovementKind {
  /** A leg of a trade: what was spent (negative) or received (positive). */
  TRADE("trade"),
  /** A fee of a trade or a withdrawal, taken (negative). */
  FEE("fee"),
  DEPOSIT("deposit"),
  WITHDRAWAL("withdrawal"),
  /** An Earn reward, credited. */
  REWARD("reward");

  private final String text;

  EmbedMovementKind(String text) {
    this.text = text;
  }

  /** The kind as the sandbox records it ({@code trade}). */
  public String text() {
    return text;
  }
}
