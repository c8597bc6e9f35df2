package io.github.krakensdk.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * The "WebSocket books" section of BENCHMARKS.md (issue 25): a book and a level-3 update through
 * the client's real path ({@link WebSocketBookBenchmarks}) against the reader's floor, the
 * book's apply-and-checksum alone ({@link BookBenchmarks}) for reference, and the Java peers
 * checked. Rendered by the full run, or alone by {@code --websocket} (with the line that says
 * which run its figures come from) into an existing file.
 */
final class WebSocketSection {
  static final String HEADING = "## WebSocket books";

  private WebSocketSection() {}

  /** Whether {@code jmh} holds this section's benchmarks. */
  static boolean present(Map<String, Measured> jmh) {
    return jmh.containsKey("WebSocketBookBenchmarks.bookUpdate");
  }

  /**
   * The section, from {@code heading} to the paragraph on peers; {@code provenance} (null in the
   * full run) says where its figures come from when they are not the rest of the file's.
   */
  static String render(Map<String, Measured> jmh, String provenance) {
    Measured book = get(jmh, "WebSocketBookBenchmarks.bookUpdate");
    Measured bookWalk = get(jmh, "WebSocketBookBenchmarks.bookUpdateMoshiWalk");
    Measured level3 = get(jmh, "WebSocketBookBenchmarks.level3Update");
    Measured level3Walk = get(jmh, "WebSocketBookBenchmarks.level3UpdateMoshiWalk");
    Measured apply = jmh.get("BookBenchmarks.applyUpdateAndChecksum");
    Measured checksum = jmh.get("BookBenchmarks.checksumOnly");
    String[] bookFrames = WebSocketBookBenchmarks.bookFrames();
    String[] level3Frames = WebSocketBookBenchmarks.level3Frames();

    StringBuilder md = new StringBuilder();
    md.append(HEADING).append("\n\n");
    if (provenance != null) {
      md.append(provenance).append("\n\n");
    }
    md.append("Issue 25: one Spot WebSocket v2 message through the client's real path, from the frame's text as ")
        .append("OkHttp hands it over: `ModelCodec.dispatch` (the generated `WebSocketCodec` into the generated ")
        .append("message models), then the subscription's feed (`BookFeed`, `Level3Feed`): the message applied to ")
        .append("the symbol's book, the CRC32 of its top 10 levels computed and compared with the message's, the ")
        .append("immutable copy made and handed to the listener. The floor is the reader's, as for REST's decoding ")
        .append("(target 3): the Moshi walk of the same frame, every token read, numbers as their text, nothing ")
        .append("built. Updates alternate between two frames, the second restoring the book the first changed, so ")
        .append("every message's checksum is verified (a mismatch stops the benchmark); the set-up computes every ")
        .append("checksum from the digits itself, and checks the book guide's published one (3310070434). Ratios ")
        .append("are of times, client ÷ floor; the range is that of the JMH errors. On a loaded machine (see the ")
        .append("load above) the times and ratios are noisy; the bytes per message, from JMH's GC profiler, are ")
        .append("not, and are the figures to compare between runs.\n\n")
        .append("| What | Client's path | Floor: Moshi walk of the same frame | Ratio |\n")
        .append("|---|---|---|---|\n");
    md.append("| `book` update, BTC/USD at depth 10 (the guide's snapshot), 3 levels (a new best bid pushing the ")
        .append("tenth out, two quantities), ").append(sizes(bookFrames)).append(", decoded, applied and checksummed | ")
        .append(perMessage(book)).append(" | ").append(perMessage(bookWalk)).append(" | ")
        .append(ratio(book, bookWalk)).append(" |\n");
    md.append("| `level3` update, BTC/USD at depth 10 (10 levels a side, 2–3 orders each), 3 order events (a ")
        .append("delete and an add moving the best ask's first order to the back of its queue, a modify), ")
        .append(sizes(level3Frames)).append(", decoded, applied and checksummed | ")
        .append(perMessage(level3)).append(" | ").append(perMessage(level3Walk)).append(" | ")
        .append(ratio(level3, level3Walk)).append(" |\n");
    if (apply != null && checksum != null) {
      md.append("| Reference: `book` update applied and checksummed without decoding (`BookBenchmarks`: depth 100, ")
          .append("2 levels) | ").append(perMessage(apply)).append(" | the CRC32 alone of the same book: ")
          .append(perMessage(checksum)).append(" | ").append(ratio(apply, checksum)).append(" |\n");
    }
    md.append("\n**Peers.** No Java or Kotlin client that speaks Spot WebSocket v2 keeps a book and checks its ")
        .append("checksum, so there is no peer column. Checked: XChange (`xchange-stream-kraken`) speaks v1 only; ")
        .append("`io.github.ngchinhow:kraken-websockets` (GitHub ngchinhow/kraken-api) speaks v2 and decodes ")
        .append("`book` messages into objects, but keeps no book and verifies no checksum (and targets Java 21; ")
        .append("it is not in the project's list of Maven Central packages); the other Java Kraken clients found ")
        .append("(nyg/kraken-api-java, rubenafo/jkraken) are REST or v1. The peers that keep and check v2 books ")
        .append("are not Java (python-kraken-sdk, Kraken.Net, the Rust kraken-ws-sdk).\n");
    return md.toString();
  }

  /**
   * {@code markdown} with this section replaced by {@code section}, or inserted before the
   * per-round details when it has none.
   */
  static String splice(String markdown, String section) {
    int start = markdown.indexOf(HEADING + "\n");
    if (start >= 0) {
      int end = markdown.indexOf("\n## ", start + HEADING.length());
      return markdown.substring(0, start) + section + (end < 0 ? "" : markdown.substring(end));
    }
    int before = markdown.indexOf("\n## Each side of every round");
    if (before < 0) {
      return markdown + "\n" + section;
    }
    return markdown.substring(0, before + 1) + section + markdown.substring(before);
  }

  private static Measured get(Map<String, Measured> jmh, String name) {
    Measured measured = jmh.get(name);
    if (measured == null) {
      throw new IllegalStateException("no result for " + name + " in this run");
    }
    return measured;
  }

  private static String sizes(String[] frames) {
    return String.format(Locale.ROOT, "frames of %d and %d B", frames[1].getBytes(StandardCharsets.UTF_8).length,
        frames[2].getBytes(StandardCharsets.UTF_8).length);
  }

  private static String perMessage(Measured measured) {
    String bytes = Double.isNaN(measured.allocBytesPerOp()) ? ""
        : String.format(Locale.ROOT, ", %,.0f B", measured.allocBytesPerOp());
    return String.format(Locale.ROOT, "%.2f µs%s per message (%,.0f messages/s)", measured.micros(), bytes,
        measured.opsPerSecond());
  }

  /** {@code a}'s time over {@code b}'s, with the range their JMH errors allow. */
  private static String ratio(Measured a, Measured b) {
    return String.format(Locale.ROOT, "**%.2f×** (%.2f–%.2f) the time", b.opsPerSecond() / a.opsPerSecond(),
        b.low() / a.high(), b.high() / a.low());
  }
}
