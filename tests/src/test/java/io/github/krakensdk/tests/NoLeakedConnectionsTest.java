package io.github.krakensdk.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The guard against response bodies left open: OkHttp's leak report fails the test class. */
class NoLeakedConnectionsTest {
  @StartStop
  private final MockWebServer server = new MockWebServer();

  private final NoLeakedConnections guard = new NoLeakedConnections();
  private final Logger okhttp = Logger.getLogger("okhttp3.OkHttpClient");

  /** The leaks made here on purpose reach the guard but not the console, where a real one would show. */
  @BeforeEach
  void quiet() {
    okhttp.setUseParentHandlers(false);
  }

  @AfterEach
  void loud() {
    okhttp.setUseParentHandlers(true);
  }

  @Test
  void aBodyLeftOpenFailsTheClassWithWhereItsResponseWasCreated() throws Exception {
    OkHttpClient client = new OkHttpClient();
    try {
      leakOneResponse(client);
      AssertionError failure = null;
      // OkHttp finds the leak once a collection has dropped the call and the pool cleans up, which
      // the next connection it opens sets off.
      for (int attempt = 0; attempt < 50 && failure == null; attempt++) {
        System.gc();
        server.enqueue(new MockResponse.Builder().body("ok").build());
        try (Response closed = client.newCall(new Request.Builder().url(server.url("/")).build()).execute()) {
          closed.body().string();
        }
        TimeUnit.MILLISECONDS.sleep(20);
        try {
          guard.afterAll(context());
        } catch (AssertionError reported) {
          failure = reported;
        }
      }
      assertTrue(failure != null, "OkHttp never reported the leaked connection");
      assertTrue(failure.getMessage().contains("leaked"), failure.getMessage());
      assertTrue(failure.getSuppressed().length > 0, "the report carries where the response was created");
      assertTrue(stackMentions(failure.getSuppressed()[0], "leakOneResponse"), "points at the leaking method");
    } finally {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  @Test
  void nothingReportedPassesAndAReportIsCountedOnce() {
    assertDoesNotThrow(() -> guard.afterAll(context()));
    okhttp.log(Level.WARNING,
        "A connection to http://localhost/ was leaked. Did you forget to close a response body?");
    assertThrows(AssertionError.class, () -> guard.afterAll(context()));
    assertDoesNotThrow(() -> guard.afterAll(context()), "the next class starts clean");
  }

  /** Executes a call and drops its response without closing the body. */
  private void leakOneResponse(OkHttpClient client) throws Exception {
    server.enqueue(new MockResponse.Builder().body("never read").build());
    Response response = client.newCall(new Request.Builder().url(server.url("/leak")).build()).execute();
    assertTrue(response.isSuccessful());
  }

  private static boolean stackMentions(Throwable thrown, String method) {
    for (StackTraceElement element : thrown.getStackTrace()) {
      if (element.getMethodName().equals(method)) {
        return true;
      }
    }
    return false;
  }

  private static ExtensionContext context() {
    return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(),
        new Class<?>[] {ExtensionContext.class}, (proxy, method, args) -> {
          if (method.getName().equals("getDisplayName")) {
            return "NoLeakedConnectionsTest";
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }
}
