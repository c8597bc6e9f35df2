package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.json.OpenEnum;

/** An error-code type for runtime tests, standing in for a generated one. */
final class TestCodes {
  private TestCodes() {}

  /** Every code unknown, its text kept. */
  record Code(String value) implements OpenEnum {
    @Override
    public boolean isKnown() {
      return false;
    }
  }
}
