package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

/** The server's end of one upgraded connection in MockWebServer: what the client sent, and a handle to answer. */
final class ServerSocket extends WebSocketListener {
  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
  private final CountDownLatch opened = new CountDownLatch(1);
  private volatile WebSocket socket;

  @Override public void onOpen(WebSocket webSocket, Response response) {
    socket = webSocket;
    opened.countDown();
  }

  @Override public void onMessage(WebSocket webSocket, String text) {
    received.add(text);
  }

  @Override public void onClosing(WebSocket webSocket, int code, String reason) {
    webSocket.close(1000, null);
  }

  /** The next frame the client sent, waiting for it up to 5 seconds. */
  String next() throws InterruptedException {
    String frame = received.poll(5, TimeUnit.SECONDS);
    assertNotNull(frame, "no frame from the client");
    return frame;
  }

  /** A frame the client sent, if one has already arrived. */
  String poll() {
    return received.poll();
  }

  void send(String text) throws InterruptedException {
    awaitOpen();
    socket.send(text);
  }

  void close(int code, String reason) throws InterruptedException {
    awaitOpen();
    socket.close(code, reason);
  }

  void awaitOpen() throws InterruptedException {
    if (!opened.await(5, TimeUnit.SECONDS)) throw new AssertionError("the client did not connect");
  }
}
