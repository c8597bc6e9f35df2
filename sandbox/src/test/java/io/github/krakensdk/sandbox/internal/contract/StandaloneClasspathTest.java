package io.github.krakensdk.sandbox.internal.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sandbox runs on what it ships with: its own classes and its runtime classpath ({@code
 * target/runtime-classpath.txt}: no test or {@code provided} dependency, so no kraken-api-spec),
 * loaded apart from the tests' classpath, serves the control plane's document, a control-plane
 * operation and a Kraken call. The tests' own classpath holds kraken-api-spec, so a sandbox that
 * read {@code kraken/openapi/...} at run time would pass every other test and fail here, as the
 * standalone jar would.
 */
class StandaloneClasspathTest {
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void theSandboxOnItsRuntimeClasspathAloneServesTheControlPlaneAndKraken() throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader testLoader = thread.getContextClassLoader();
    try (URLClassLoader runtime = new URLClassLoader(runtimeClasspath(), ClassLoader.getPlatformClassLoader())) {
      assertNull(runtime.getResource("kraken/openapi/sandbox.yaml"), "kraken-api-spec is not on the runtime classpath");
      assertNull(runtime.getResource("kraken/openapi/spot.yaml"), "kraken-api-spec is not on the runtime classpath");
      thread.setContextClassLoader(runtime); // nothing may find the tests' classpath through it either
      Class<?> sandboxClass = Class.forName("io.github.krakensdk.sandbox.Sandbox", true, runtime);
      assertSame(runtime, sandboxClass.getClassLoader());
      Object builder = sandboxClass.getMethod("builder").invoke(null);
      try (AutoCloseable sandbox = (AutoCloseable) builder.getClass().getMethod("start").invoke(builder)) {
        URI base = (URI) sandboxClass.getMethod("baseUrl").invoke(sandbox);

        HttpResponse<String> document = http.send(HttpRequest.newBuilder(base.resolve("sandbox/v1/openapi.yaml")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, document.statusCode(), document.body());
        assertTrue(document.body().startsWith("openapi: 3.0.3") && document.body().contains("operationId: advanceClock"),
            document.body().substring(0, Math.min(80, document.body().length())));

        HttpResponse<String> advanced = http.send(HttpRequest.newBuilder(base.resolve("sandbox/v1/clock/advance"))
            .POST(HttpRequest.BodyPublishers.ofString("{\"seconds\":600}"))
            .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, advanced.statusCode(), advanced.body());
        assertTrue(advanced.body().contains("\"now\""), advanced.body());

        // The compiled sandbox.yaml checks what the control plane is sent.
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(base.resolve("sandbox/v1/spot/deposits"))
            .POST(HttpRequest.BodyPublishers.ofString("{\"asset\":\"XBT\",\"method\":\"Bitcoin\",\"amount\":\"0,5\"}"))
            .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("\"field\":\"amount\""), refused.body());

        HttpResponse<String> time = http.send(HttpRequest.newBuilder(base.resolve("0/public/Time")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, time.statusCode(), time.body());
        assertTrue(time.body().contains("\"unixtime\"") && time.body().contains("\"error\":[]"), time.body());

        // The WebSocket server runs on the runtime classpath too (Java-WebSocket and the SLF4J API):
        // a connection to the public endpoint gets the status message.
        URI webSocket = (URI) sandboxClass.getMethod("spotWebSocketUrl").invoke(sandbox);
        java.util.concurrent.CompletableFuture<String> status = new java.util.concurrent.CompletableFuture<>();
        java.net.http.WebSocket socket = http.newWebSocketBuilder().buildAsync(webSocket, new java.net.http.WebSocket.Listener() {
          @Override
          public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket ws, CharSequence data, boolean last) {
            status.complete(data.toString());
            return null;
          }
        }).get(10, java.util.concurrent.TimeUnit.SECONDS);
        String first = status.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(first.startsWith("{\"channel\":\"status\"") && first.contains("\"system\":\"online\""), first);
        socket.abort();

        // The compiled Spot contract checks what a Kraken call is sent.
        HttpResponse<String> assets = http.send(HttpRequest.newBuilder(base.resolve("0/public/Assets?assetVersion=one"))
            .build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(assets.body().contains("assetVersion"), assets.body());
      }
    } finally {
      thread.setContextClassLoader(testLoader);
    }
  }

  /** {@code target/classes} and the jars of {@code target/runtime-classpath.txt}, as the build wrote them. */
  private static URL[] runtimeClasspath() throws Exception {
    Path file = Path.of("target", "runtime-classpath.txt");
    assertTrue(Files.exists(file), file + " (written by the build's maven-dependency-plugin:build-classpath)");
    List<URL> urls = new ArrayList<>();
    urls.add(Path.of("target", "classes").toUri().toURL());
    String text = Files.readString(file).trim();
    if (!text.isEmpty()) {
      for (String entry : text.split(File.pathSeparator)) {
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    return urls.toArray(URL[]::new);
  }
}
