package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.websocket.internal.JsonRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request made while the connection is down waits for it no longer than the reply timeout,
 * counted from the call: a method fails as not sent, a subscribe fails and is forgotten. Here the
 * connection waits on a token that does not come.
 */
final class WaitingForTheConnectionTest extends WebSocketClientTestBase {
  private final CompletableFuture<String> token = new CompletableFuture<>();

  @BeforeEach void tokenThatDoesNotCome() {
    client.close();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> token)
        .completionExecutor(completion)
        .replyTimeout(Duration.ofSeconds(10))
        .callListener(recordingListener())
        .scheduler(clock)
        .random(new SplittableRandom(25))
        .build();
  }

  @Test void aMethodNeverSentFailsAsNotSentAtTheReplyTimeoutOfTheCall() throws Exception {
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<Map<String, Object>>> cancelAll = connection.send(JsonRequest.of("cancel_all", Map.of()));
    clock.advance(Duration.ofSeconds(10).minusNanos(1));
    Thread.yield();
    assertFalse(cancelAll.isDone());
    clock.advance(Duration.ofNanos(1));
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(cancelAll));
    assertFalse(failure.outcomeUnknown(), "never sent: safe to send again");
    assertEquals("cancel_all", failure.operationId());
    assertTrue(failure.getMessage().contains("no connection to SPOT_PRIVATE within PT10S of the call (not connected yet)"),
        failure.getMessage());

    // When the connection comes at last, the failed request is not sent.
    ServerSocket socket = upgrade();
    token.complete("late");
    connection.send(JsonRequest.of("ping", Map.of()));
    assertTrue(socket.next().startsWith("{\"method\":\"ping\""));
  }

  @Test void aSubscribeNotAcknowledgedAtTheReplyTimeoutOfTheCallFailsAndIsForgotten() throws Exception {
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<Subscription> balances = connection.subscribe(JsonRequest.subscribe("balances", Map.of()),
        message -> {});
    clock.advance(Duration.ofSeconds(10));
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(balances));
    assertFalse(failure.outcomeUnknown());
    assertEquals(List.of(), connection.subscriptions(), "nothing left to send on the next connection");

    ServerSocket socket = upgrade();
    token.complete("late");
    connection.send(JsonRequest.of("ping", Map.of()));
    assertTrue(socket.next().startsWith("{\"method\":\"ping\""), "the subscribe is not sent");
  }

  @Test void aRequestSentInTimeGetsTheWholeReplyTimeoutFromItsSending() throws Exception {
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<Map<String, Object>>> cancelAll = connection.send(JsonRequest.of("cancel_all", Map.of()));
    clock.advance(Duration.ofSeconds(9));
    ServerSocket socket = upgrade();
    token.complete("in time");
    String frame = socket.next();
    clock.advance(Duration.ofSeconds(9)); // 18 s after the call, 9 s after the sending
    socket.send("{\"method\":\"cancel_all\",\"result\":{\"count\":0},\"success\":true,\"req_id\":" + reqId(frame) + "}");
    assertEquals(1, await(cancelAll).size());
  }
}
