package io.github.krakensdk.sandbox;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A partner's webhook endpoint for tests: records each delivery and answers with a set status and body. */
final class Receiver implements AutoCloseable {
  record Delivery(Map<String, List<String>> headers, byte[] body) {
    String header(String name) {
      for (Map.Entry<String, List<String>> header : headers.entrySet()) {
        if (header.getKey().equalsIgnoreCase(name)) {
          return header.getValue().get(0);
        }
      }
      return null;
    }
  }

  final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  Receiver(int status, String answer) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/hooks", exchange -> {
      try (exchange; InputStream in = exchange.getRequestBody()) {
        deliveries.add(new Delivery(Map.copyOf(exchange.getRequestHeaders()), in.readAllBytes()));
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(bytes);
        }
      }
    });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/kraken";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
