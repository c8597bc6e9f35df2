package io.github.krakensdk.sandbox.internal;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.SandboxKey;
import java.time.Instant;

/**
 * What the internal packages may do with the root package's types beyond their public API:
 * issue a {@link SandboxKey} and move a {@link MutableClock} forward only. The root package
 * installs the one implementation when {@link SandboxKey} is initialized, so these stay out of
 * the published API.
 */
public abstract class RootAccess {
  private static volatile RootAccess instance;

  /** Called once, by {@link SandboxKey}'s static initializer. */
  public static void install(RootAccess access) {
    instance = access;
  }

  public static RootAccess get() {
    RootAccess access = instance;
    if (access == null) {
      try {
        Class.forName(SandboxKey.class.getName(), true, SandboxKey.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      access = instance;
    }
    return access;
  }

  /** A key the sandbox issues. */
  public abstract SandboxKey newKey(String key, String secret);

  /** Moves {@code clock} to {@code instant} if it reads earlier; never back. */
  public abstract void advanceTo(MutableClock clock, Instant instant);
}
