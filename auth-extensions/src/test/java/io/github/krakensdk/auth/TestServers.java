package io.github.krakensdk.auth;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ServerSocketFactory;
import mockwebserver3.MockWebServer;

/** MockWebServers whose accepted sockets have TCP_NODELAY set. */
public final class TestServers {
  private TestServers() {}

  /**
   * A server (not started: {@code @StartStop} starts it) that answers without the ~40 ms stall of
   * Nagle's algorithm meeting delayed ACKs on loopback, which would make the suites slow.
   */
  public static MockWebServer noDelay() {
    MockWebServer server = new MockWebServer();
    server.setServerSocketFactory(new NoDelayServerSocketFactory());
    return server;
  }

  private static final class NoDelayServerSocketFactory extends ServerSocketFactory {
    @Override
    public ServerSocket createServerSocket() throws IOException {
      return new NoDelayServerSocket();
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      ServerSocket socket = new NoDelayServerSocket();
      socket.bind(new java.net.InetSocketAddress(port));
      return socket;
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
      ServerSocket socket = new NoDelayServerSocket();
      socket.bind(new java.net.InetSocketAddress(port), backlog);
      return socket;
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address)
        throws IOException {
      ServerSocket socket = new NoDelayServerSocket();
      socket.bind(new java.net.InetSocketAddress(address, port), backlog);
      return socket;
    }
  }

  private static final class NoDelayServerSocket extends ServerSocket {
    NoDelayServerSocket() throws IOException {
      super();
    }

    @Override
    public Socket accept() throws IOException {
      Socket socket = super.accept();
      socket.setTcpNoDelay(true);
      return socket;
    }
  }
}
