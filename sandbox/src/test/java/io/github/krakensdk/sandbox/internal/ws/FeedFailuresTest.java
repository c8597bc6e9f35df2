package io.github.krakensdk.sandbox.internal.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a feed throws is logged with its connection, not swallowed; a refusal nobody reads is given up. */
class FeedFailuresTest {
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  };
  private boolean useParentHandlers;

  @BeforeEach
  void listen() {
    useParentHandlers = FeedFailures.LOGGER.getUseParentHandlers();
    FeedFailures.LOGGER.setUseParentHandlers(false); // the expected warnings stay out of the build's output
    FeedFailures.LOGGER.addHandler(handler);
  }

  @AfterEach
  void stopListening() {
    FeedFailures.LOGGER.removeHandler(handler);
    FeedFailures.LOGGER.setUseParentHandlers(useParentHandlers);
  }

  @Test
  void aFeedThatThrowsIsLoggedWithItsConnectionAndEndpointAndTheOtherFeedsGoOn() {
    FeedFailures failures = new FeedFailures(42, "/unified/v2/private");
    IllegalStateException broken = new IllegalStateException("no such account");
    List<String> polled = new ArrayList<>();
    failures.guard("ledgers null", () -> {
      throw broken;
    });
    failures.guard("positions null", () -> polled.add("positions"));

    assertEquals(List.of("positions"), polled);
    assertEquals(1, records.size());
    LogRecord record = records.get(0);
    assertEquals(Level.WARNING, record.getLevel());
    assertEquals("WebSocket connection 42 at /unified/v2/private: the ledgers null feed failed (1 failure on this"
        + " connection)", record.getMessage());
    assertSame(broken, record.getThrown());
  }

  @Test
  void aFeedThatFailsOnEveryPollIsLoggedAtItsFirstTenthAndHundredthFailure() {
    FeedFailures failures = new FeedFailures(7, "/v2");
    for (int i = 0; i < 150; i++) {
      failures.guard("book BTC/USD", () -> {
        throw new ArithmeticException("/ by zero");
      });
    }
    assertEquals(150, failures.count());
    assertEquals(List.of("(1 failure", "(10 failures", "(100 failures"), records.stream()
        .map(r -> r.getMessage().substring(r.getMessage().indexOf('('), r.getMessage().indexOf(" on this"))).toList());
  }

  @Test
  void aRefusalTheClientDoesNotReadIsGivenUpAndTheChannelClosed() {
    StalledChannel stalled = new StalledChannel(0);
    assertFalse(SpotWebSocketServer.writeWithin(stalled, ByteBuffer.wrap(new byte[100]), Duration.ofMillis(5)));
    assertFalse(stalled.isOpen(), "closed unanswered");

    StalledChannel slow = new StalledChannel(3); // takes 3 bytes a write
    ByteBuffer answer = ByteBuffer.wrap(new byte[100]);
    assertTrue(SpotWebSocketServer.writeWithin(slow, answer, Duration.ofSeconds(30)));
    assertEquals(0, answer.remaining());
    assertTrue(slow.isOpen());
  }

  /** A channel that takes {@code perWrite} bytes a write (0: a client that never reads). */
  private static final class StalledChannel implements ByteChannel {
    private final int perWrite;
    private boolean open = true;

    StalledChannel(int perWrite) {
      this.perWrite = perWrite;
    }

    @Override
    public int write(ByteBuffer source) throws IOException {
      int taken = Math.min(perWrite, source.remaining());
      source.position(source.position() + taken);
      return taken;
    }

    @Override
    public int read(ByteBuffer destination) {
      return 0;
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }
  }
}
