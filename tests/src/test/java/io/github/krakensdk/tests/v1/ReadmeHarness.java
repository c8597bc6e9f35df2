package io.github.krakensdk.tests.v1;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.tests.client.WireFixture;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * What the README's snippets take from their surroundings, made real against the sandbox: the
 * demo keys, the browser step of the OAuth code flow, and a webhook delivery as a partner's
 * server receives it. {@link ReadmeSnippetsTest} declares the snippets' free variables from it.
 */
public final class ReadmeHarness implements AutoCloseable {
  /** A received webhook: the {@code X-Signature} header and the body bytes, as they arrived. */
  public record Delivery(String signatureHeader, byte[] rawBody) {}

  public final Sandbox sandbox;
  private final OkHttpClient browser = new OkHttpClient.Builder().followRedirects(false).build();
  private final MockWebServer partner = WireFixture.newServer();
  private final List<String> problems = new CopyOnWriteArrayList<>();

  ReadmeHarness(Sandbox sandbox) {
    this.sandbox = sandbox;
  }

  /** The key's secret. */
  public String secret(SandboxKey key) {
    return key.secret();
  }

  /** The sandbox's WebSocket endpoints, Spot v2 and Unified, for {@code KrakenWebSocketClient.builder()}. */
  public io.github.krakensdk.websocket.WebSocketEnvironment webSocketEnvironment() {
    return io.github.krakensdk.websocket.WebSocketEnvironment.of(sandbox.webSocketUrls());
  }

  /** An Earn strategy of the sandbox's demo user. */
  public String strategyId() {
    return "ESDQCOL-WTZEU-NU55QF";
  }

  /** The browser: opens the authorize page, the user consents, and it returns the callback URL. */
  public String browse(URI authorizeUrl) throws IOException {
    try (Response page = browser.newCall(new Request.Builder().url(HttpUrl.get(authorizeUrl)).build()).execute()) {
      if (page.code() != 302) {
        problems.add("the authorize page answered " + page.code());
      }
      return page.header("Location");
    }
  }

  /** Points the webhook at a partner server, asks the sandbox for a test delivery, and returns it as received. */
  public Delivery receiveWebhook(KrakenClient kraken, String webhookId) throws InterruptedException {
    sandbox.embed().setWebhookUrl(webhookId, partner.url("/kraken-webhooks").uri());
    kraken.embed().testWebhook(r -> r.webhookId(webhookId));
    RecordedRequest delivered = WireFixture.take(partner);
    return new Delivery(delivered.getHeaders().get("X-Signature"), delivered.getBody().toByteArray());
  }

  /** What went wrong on the harness's side (an empty list when the snippets ran as written). */
  public List<String> problems() {
    return problems;
  }

  @Override
  public void close() {
    partner.close();
    browser.dispatcher().executorService().shutdown();
    browser.connectionPool().evictAll();
  }
}
