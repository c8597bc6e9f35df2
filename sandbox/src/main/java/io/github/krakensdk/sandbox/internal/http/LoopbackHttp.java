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

  /**
   * The system property that binds the server to another address than 127.0.0.1: the container
   * image sets it to {@code 0.0.0.0}, as {@code docker run -p} forwards to the container's own
   * interface. Nothing else should: the sandbox's demo keys are for the machine it runs on.
   */
  public static final String BIND_ADDRESS = "kraken.sandbox.bindAddress";

  /** A server bound to 127.0.0.1 (or {@link #BIND_ADDRESS}) on {@code port} (0 for a free one), not started. */
  public static HttpServer create(int port) throws IOException {
    String bind = System.getProperty(BIND_ADDRESS);
    InetAddress address = bind == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(bind);
    return HttpServer.create(new InetSocketAddress(address, port), 64);
  }
}
