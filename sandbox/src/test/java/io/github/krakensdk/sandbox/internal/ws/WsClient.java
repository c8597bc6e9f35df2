package io.github.krakensdk.sandbox.internal.ws;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.squareup.moshi.JsonReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import okio.Buffer;

/**
 * A plain WebSocket client for the tests (OkHttp's): it queues every frame the server sends, read
 * as a tree whose numbers are {@link BigDecimal}s made from their literal text (so that
 * {@code 0.01000000} keeps its digits), and checks each against the contract's schema of its
 * channel or method ({@link FrameSchemas}).
 */
final class WsClient implements Closeable {
  /** How long {@link #next} waits for a frame before it fails the test. */
  static final Duration PATIENCE = Duration.ofSeconds(30);
  private static final OkHttpClient HTTP = new OkHttpClient.Builder().readTimeout(Duration.ZERO).build();

  final BlockingQueue<Map<String, Object>> frames = new LinkedBlockingQueue<>();
  final List<String> texts = new CopyOnWriteArrayList<>();
  final List<String> problems = new CopyOnWriteArrayList<>();
  final BlockingQueue<String> closed = new LinkedBlockingQueue<>();
  private final List<Map<String, Object>> pending = new ArrayList<>();
  private final WebSocket socket;

  WsClient(URI url) {
    socket = HTTP.newWebSocket(new Request.Builder().url(url.toString()).build(), new WebSocketListener() {
      @Override
      public void onMessage(WebSocket webSocket, String text) {
        texts.add(text);
        try {
          problems.addAll(FrameSchemas.check(text));
        } catch (RuntimeException e) {
          problems.add(e + " checking " + text);
        }
        frames.add(parse(text));
      }

      @Override
      public void onClosing(WebSocket webSocket, int code, String reason) {
        closed.add(code + " " + reason);
        webSocket.close(1000, null);
      }

      @Override
      public void onFailure(WebSocket webSocket, Throwable t, Response response) {
        closed.add("failure " + (response == null ? t.toString() : response.code() + " " + t));
      }
    });
  }

  void send(String json) {
    assertTrue(socket.send(json), "sent " + json);
  }

  /**
   * The next frame that matches; the frames passed over stay for later calls (an update of one
   * channel may come before another's), except heartbeats. Returns as soon as it comes; fails after
   * {@link #PATIENCE} (generous: a loaded 2-core machine may take seconds to run a pump).
   */
  Map<String, Object> next(Predicate<Map<String, Object>> wanted, String what) {
    for (java.util.Iterator<Map<String, Object>> it = pending.iterator(); it.hasNext(); ) {
      Map<String, Object> frame = it.next();
      if (wanted.test(frame)) {
        it.remove();
        return frame;
      }
    }
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    List<Object> skipped = new ArrayList<>();
    while (true) {
      long left = deadline - System.nanoTime();
      Map<String, Object> frame;
      try {
        frame = left <= 0 ? null : frames.poll(left, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      if (frame == null) {
        return fail("no " + what + " within " + PATIENCE.toSeconds() + " s; skipped " + skipped + "; received " + texts.size() + " frames, "
            + closed + ", last " + texts.subList(Math.max(0, texts.size() - 3), texts.size()) + ", problems " + problems);
      }
      if (wanted.test(frame)) {
        return frame;
      }
      skipped.add(frame);
      if (!"heartbeat".equals(frame.get("channel"))) {
        pending.add(frame);
      }
    }
  }

  Map<String, Object> next(String channel, String type) {
    return next(frame -> channel.equals(frame.get("channel")) && type.equals(frame.get("type")), channel + " " + type);
  }

  /** The next reply to a request of {@code reqId}. */
  Map<String, Object> reply(long reqId) {
    return next(frame -> frame.containsKey("method") && new BigDecimal(reqId).equals(frame.get("req_id")),
        "reply to req_id " + reqId);
  }

  @Override
  public void close() {
    socket.close(1000, "done");
  }

  static Map<String, Object> parse(String text) {
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> map = (Map<String, Object>) read(JsonReader.of(new Buffer().writeUtf8(text)));
      return map;
    } catch (IOException e) {
      throw new UncheckedIOException(text, e);
    }
  }

  private static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          map.put(reader.nextName(), read(reader));
        }
        reader.endObject();
        return map;
      }
      case BEGIN_ARRAY -> {
        List<Object> list = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          list.add(read(reader));
        }
        reader.endArray();
        return list;
      }
      case NUMBER -> {
        return new BigDecimal(reader.nextString()); // the literal, every digit kept
      }
      case STRING -> {
        return reader.nextString();
      }
      case BOOLEAN -> {
        return reader.nextBoolean();
      }
      default -> {
        return reader.nextNull();
      }
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object value) {
    return (List<Object>) value;
  }
}
