package io.github.krakensdk.benchmarks;

import java.util.List;

/** The flags of every measured JVM, for the benchmarks' {@code @Fork} and for {@link Main}. */
final class Jvm {
  static final String HEAP_MIN = "-Xms1g";
  static final String HEAP_MAX = "-Xmx1g";
  /** Without it the JDK's HTTP servers (the sandbox's too) stall ~40 ms per answer (Nagle). */
  static final String NO_DELAY = "-Dsun.net.httpserver.nodelay=true";
  /** XChange brings SLF4J 2 without a provider: no-op logging, and no start-up warning either. */
  static final String QUIET_SLF4J = "-Dslf4j.internal.verbosity=ERROR";

  static final List<String> FLAGS = List.of(HEAP_MIN, HEAP_MAX, NO_DELAY, QUIET_SLF4J);

  private Jvm() {}
}
