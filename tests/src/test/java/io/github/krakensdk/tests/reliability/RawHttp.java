package io.github.krakensdk.tests.reliability;

import java.net.URI;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * HTTP/1.1 over a plain socket, for requests no client library would send: a request target with
 * broken percent-escapes or encoded line breaks exactly as written, bodies of any bytes. One request
 * per connection ({@code Connection: close}); the answer is read to the end.
 *
 * <pre>{@code
 * RawHttp.Answer answer = RawHttp.send(sandbox.baseUrl(), "PATCH", "/b2b/users/%ZZ",
 *     Map.of("Content-Type", "application/json"), body);
 * }</pre>
 */
final class RawHttp {
  private RawHttp() {}

  /** The status, the headers (names lower-cased, values in order) and the body of an answer. */
  record Answer(int status, Map<String, List<String>> headers, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }
  }

  static Answer send(URI base, String method, String target, Map<String, String> headers, byte[] body) {
    Objects.requireNonNull(target, "target == null");
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
      socket.setSoTimeout(30_000);
      socket.setTcpNoDelay(true);
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      head.writeBytes((method + " " + target + " HTTP/1.1\r\n").getBytes(StandardCharsets.ISO_8859_1));
      head.writeBytes(("Host: " + base.getHost() + ":" + base.getPort() + "\r\nConnection: close\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      for (Map.Entry<String, String> header : headers.entrySet()) {
        head.writeBytes((header.getKey() + ": " + header.getValue() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      }
      if (body != null) {
        head.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      }
      head.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
      OutputStream out = socket.getOutputStream();
      out.write(head.toByteArray());
      if (body != null) {
        out.write(body);
      }
      out.flush();
      return read(socket.getInputStream());
    } catch (IOException e) {
      throw new UncheckedIOException("no answer to " + method + " " + target, e);
    }
  }

  private static Answer read(InputStream in) throws IOException {
    byte[] all = in.readAllBytes();
    String text = new String(all, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("no complete answer: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
      headers.computeIfAbsent(name, n -> new java.util.ArrayList<>()).add(lines[i].substring(colon + 1).trim());
    }
    byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
    List<String> encoding = headers.get("transfer-encoding");
    if (encoding != null && encoding.get(0).equalsIgnoreCase("chunked")) {
      body = unchunk(body);
    }
    return new Answer(status, headers, body);
  }

  private static byte[] unchunk(byte[] chunked) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = 0;
    while (at < chunked.length) {
      int lineEnd = indexOf(chunked, at);
      int size = Integer.parseInt(new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).trim(), 16);
      if (size == 0) {
        break;
      }
      out.write(chunked, lineEnd + 2, size);
      at = lineEnd + 2 + size + 2;
    }
    return out.toByteArray();
  }

  private static int indexOf(byte[] bytes, int from) {
    for (int i = from; i + 1 < bytes.length; i++) {
      if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
        return i;
      }
    }
    return bytes.length;
  }
}
