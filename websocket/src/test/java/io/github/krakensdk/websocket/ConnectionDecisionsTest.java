package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.internal.Reconnector;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The client keeps the connection decisions that {@code api-spec/ws/websocket.yaml} records in
 * {@code x-kraken-ws-connection}: the budget, the terminal close codes and upgrade statuses, the
 * default reply timeout.
 */
final class ConnectionDecisionsTest {
  @Test void theClientsDefaultsAreTheContractsDecisions() throws Exception {
    Map<String, Object> decisions = decisions();
    assertTrue(String.valueOf(decisions.get("x-kraken-decision")).contains("403"), "the 403 decision is explained");
    assertEquals(decisions.get("attempts-per-window"), ReconnectPolicy.KRAKEN_MAX_ATTEMPTS);
    assertEquals(decisions.get("window-minutes"), ReconnectPolicy.KRAKEN_WINDOW_MINUTES);
    assertEquals(ReconnectPolicy.KRAKEN_MAX_ATTEMPTS, ReconnectPolicy.defaults().maxAttempts());
    assertEquals(Duration.ofMinutes(ReconnectPolicy.KRAKEN_WINDOW_MINUTES), ReconnectPolicy.defaults().window());
    var replyTimeout = KrakenWebSocketClient.Builder.class.getDeclaredField("replyTimeout");
    replyTimeout.setAccessible(true);
    assertEquals(Duration.ofSeconds(((Number) decisions.get("reply-timeout-seconds")).longValue()),
        replyTimeout.get(KrakenWebSocketClient.builder()));
  }

  @Test void theTerminalCodesAndStatusesEndAConnectionAndNothingElseDoes() throws Exception {
    Map<String, Object> decisions = decisions();
    List<?> closeCodes = (List<?>) decisions.get("terminal-close-codes");
    List<?> statuses = (List<?>) decisions.get("terminal-upgrade-statuses");
    assertEquals(List.of(1008), closeCodes);
    assertEquals(List.of(401, 403), statuses);
    for (int code : new int[] {1000, 1001, 1006, 1008, 1011, 1012}) {
      assertEquals(closeCodes.contains(code), !reconnector().closed(code).retry(), "close " + code);
    }
    for (int status : new int[] {401, 403, 404, 429, 500, 503}) {
      assertEquals(statuses.contains(status), !reconnector().failed(OptionalLong.of(status)).retry(), "HTTP " + status);
    }
    assertTrue(reconnector().failed(OptionalLong.empty()).retry(), "a network failure reconnects");
  }

  private static Reconnector reconnector() {
    return new Reconnector(ReconnectPolicy.defaults(), System::nanoTime, RandomGenerator.of("L64X128MixRandom"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> decisions() throws IOException {
    Path path = Path.of("..", "api-spec", "ws", "websocket.yaml");
    if (!Files.exists(path)) path = Path.of("api-spec", "ws", "websocket.yaml");
    try (Reader reader = Files.newBufferedReader(path)) {
      Map<String, Object> root = new Yaml().load(reader);
      return (Map<String, Object>) root.get("x-kraken-ws-connection");
    }
  }
}
