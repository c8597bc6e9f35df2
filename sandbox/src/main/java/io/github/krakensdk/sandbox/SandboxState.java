package io.github.krakensdk.sandbox;

import java.util.Objects;

/**
 * The sandbox's whole state as a JSON document ({@code "format": 1}): every family's keys,
 * accounts, balances, orders, trades, ledgers, funding, users, webhooks and their deliveries, the
 * nonces last accepted and the clock. Save its {@link #toJson() text} and start a later test from
 * it, on this sandbox or another one of the same version:
 *
 * <pre>{@code
 * Files.writeString(path, sandbox.state().export().toJson());
 * ...
 * sandbox.state().restore(SandboxState.fromJson(Files.readString(path)));
 * }</pre>
 *
 * <p>Equal states have equal texts: exporting right after an import gives the text imported.
 */
public final class SandboxState {
  private final String json;

  private SandboxState(String json) {
    this.json = json;
  }

  /**
   * The state written in {@code json}, as {@link #toJson()} or the control plane's {@code
   * exportState} gave it. The document is checked when it is restored.
   */
  public static SandboxState fromJson(String json) {
    Objects.requireNonNull(json, "json == null");
    return new SandboxState(json);
  }

  /** The JSON document. */
  public String toJson() {
    return json;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SandboxState that && json.equals(that.json);
  }

  @Override
  public int hashCode() {
    return json.hashCode();
  }

  @Override
  public String toString() {
    return "SandboxState{" + json.length() + " chars}";
  }
}
