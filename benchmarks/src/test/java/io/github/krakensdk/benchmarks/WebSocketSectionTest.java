package io.github.krakensdk.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code --websocket} puts its section into the last full run's file without touching the rest,
 * and the benchmark's frames carry the checksums the book guide's rule gives, computed apart from
 * the client.
 */
final class WebSocketSectionTest {
  private static final String FULL_RUN = "# Benchmarks\n\n## Results\n\nrows\n\n## Targets not met\n\ngaps\n\n"
      + "## Each side of every round\n\nsides\n";

  @Test
  void aFileWithoutTheSectionGetsItBeforeTheDetails() {
    String spliced = WebSocketSection.splice(FULL_RUN, "## WebSocket books\n\nnew figures\n");
    assertEquals("# Benchmarks\n\n## Results\n\nrows\n\n## Targets not met\n\ngaps\n\n"
        + "## WebSocket books\n\nnew figures\n\n## Each side of every round\n\nsides\n", spliced);
  }

  @Test
  void aFileWithTheSectionHasItReplacedAndNothingElse() {
    String once = WebSocketSection.splice(FULL_RUN, "## WebSocket books\n\nold figures\n");
    String twice = WebSocketSection.splice(once, "## WebSocket books\n\nnew figures\n");
    assertEquals(FULL_RUN.replace("## Each side", "## WebSocket books\n\nnew figures\n\n## Each side"), twice);
  }

  @Test
  void theGuidesSnapshotGivesItsPublishedChecksumAndTheUpdatesComeBackToIt() {
    String[] book = WebSocketBookBenchmarks.bookFrames();
    assertTrue(book[0].contains("\"checksum\":3310070434,"), book[0]);
    assertTrue(book[2].contains("\"checksum\":3310070434,"), "update B restores the snapshot: " + book[2]);
    assertTrue(!book[1].contains("\"checksum\":3310070434,"), book[1]);
    String[] level3 = WebSocketBookBenchmarks.level3Frames();
    String snapshotChecksum = level3[0].replaceAll(".*\"checksum\":(\\d+),.*", "$1");
    assertTrue(level3[2].contains("\"checksum\":" + snapshotChecksum + ","), level3[2]);
  }
}
