package io.github.krakensdk.sandbox.internal.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** Creates JDK HTTP servers on the loopback interface that answer without Nagle stalls. */
public final class LoopbackHttp {
  static {
    // Read once, when the JDK's server classes initialize: without it every small answer waits for
    // the client's delayed ACK, about 40 ms per call on loopback.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private LoopbackHttp() {}

  /** A server bound to 127.0.0.1 on {@code port} (0 for a free one), not started. */
  public static HttpServer create(int port) throws IOException {
    return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
  }
}
