package io.github.krakensdk.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails the test class during which OkHttp reports a leaked connection ("A connection to ... was
 * leaked. Did you forget to close a response body?"): a response body some code never closed. It
 * applies to every class of this module without being named (registered in {@code
 * META-INF/services}, switched on in {@code junit-platform.properties}).
 *
 * <p>OkHttp finds a leak only when a garbage collection has dropped the abandoned call and its
 * connection pool next cleans up, so the class that fails may be a later one than the class that
 * leaked; the failure carries where the leaked response was created (OkHttp records it because
 * this extension turns its logger to {@code FINE}). A class that owns its client can find a leak at
 * once by checking that every pooled connection is idle when it is done ({@code
 * RequestValidationTest} does).
 */
public final class NoLeakedConnections implements AfterAllCallback {
  /** Held here: a logger that nothing references may be collected with its level and handler. */
  private static final Logger OKHTTP = Logger.getLogger("okhttp3.OkHttpClient");
  private static final LeakRecorder RECORDER = new LeakRecorder();

  static {
    // At FINE, OkHttp keeps the stack of each call's creation to report with a leak.
    OKHTTP.setLevel(Level.FINE);
    OKHTTP.addHandler(RECORDER);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    List<LogRecord> leaks = RECORDER.drain();
    if (leaks.isEmpty()) {
      return;
    }
    AssertionError failure = new AssertionError(leaks.size() + " connection(s) leaked (reported during "
        + context.getDisplayName() + "): " + leaks.get(0).getMessage());
    for (LogRecord leak : leaks) {
      if (leak.getThrown() != null) {
        failure.addSuppressed(leak.getThrown()); // where the unclosed response was created
      }
    }
    throw failure;
  }

  /** Keeps OkHttp's leak reports until the next test class ends. */
  private static final class LeakRecorder extends Handler {
    private final List<LogRecord> leaks = new ArrayList<>();

    LeakRecorder() {
      setLevel(Level.ALL);
    }

    @Override
    public synchronized void publish(LogRecord record) {
      String message = record.getMessage();
      if (message != null && message.contains("was leaked")) {
        leaks.add(record);
      }
    }

    synchronized List<LogRecord> drain() {
      List<LogRecord> drained = List.copyOf(leaks);
      leaks.clear();
      return drained;
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
