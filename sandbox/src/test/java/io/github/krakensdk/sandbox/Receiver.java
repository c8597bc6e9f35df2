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
public final class Receiver implements AutoCloseable {
  public record Delivery(Map<String, List<String>> headers, byte[] body) {
    public String header(String name) {
      for (Map.Entry<String, List<String>> header : headers.entrySet()) {
        if (header.getKey().equalsIgnoreCase(name)) {
          return header.getValue().get(0);
        }
      }
      return null;
    }
  }

  public final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  public Receiver(int status, String answer) {
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

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/kraken";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
