package io.github.krakensdk.flows;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.runtime.call.RetryPolicy;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/**
 * A MockWebServer without Nagle's stall, and a real {@link KrakenClient} whose Spot, Futures and
 * Embed families all point at it. The no-delay factory repeats auth-extensions' TestServers: test
 * classes are not shared between modules.
 */
final class FlowServers {
  static final ApiCredentials CREDENTIALS = new ApiCredentials("key",
      Base64.getEncoder().encodeToString("flows-test-secret".getBytes(StandardCharsets.UTF_8)));

  private FlowServers() {}

  /** A server, not started ({@code @StartStop} starts it), without Nagle stalls. */
  static MockWebServer noDelay() {
    return TestServers.noDelay();
  }

  /** A client with credentials for every family, each family's base URL on {@code server}. */
  static KrakenClient client(MockWebServer server) {
    Environment environment = Environment.PRODUCTION.toBuilder()
        .spot(server.url("/").toString())
        .futures(server.url("/derivatives/api/v3/").toString())
        .embed(server.url("/").toString())
        .build();
    return KrakenClient.builder()
        .environment(environment)
        .spotCredentials(CREDENTIALS)
        .futuresCredentials(CREDENTIALS)
        .embedCredentials(CREDENTIALS)
        .retryPolicy(RetryPolicy.none()) // each enqueued answer is one call: a failed page is the walk's failure
        .build();
  }

  static MockResponse json(String body) {
    return json(200, body);
  }

  static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .setHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
