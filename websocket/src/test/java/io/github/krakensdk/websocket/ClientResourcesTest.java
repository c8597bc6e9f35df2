package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.model.ExecutionReport;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

/** What the client holds: released on close when it is the client's, kept no longer than it is needed. */
final class ClientResourcesTest extends WebSocketClientTestBase {
  @Test void closeShutsDownTheOkHttpClientTheClientBuilt() {
    KrakenWebSocketClient owner = KrakenWebSocketClient.builder().scheduler(clock).build();
    ExecutorService dispatcher = owner.httpClient().dispatcher().executorService();
    owner.close();
    assertTrue(dispatcher.isShutdown(), "no idle non-daemon OkHttp thread keeps a main alive");
    assertEquals(0, owner.httpClient().connectionPool().connectionCount());
  }

  @Test void aGivenOkHttpClientIsLeftToItsOwner() {
    OkHttpClient given = new OkHttpClient();
    try {
      KrakenWebSocketClient borrower = KrakenWebSocketClient.builder().httpClient(given).scheduler(clock).build();
      borrower.close();
      assertFalse(given.dispatcher().executorService().isShutdown());
    } finally {
      given.dispatcher().executorService().shutdown();
    }
  }

  @Test void anUnsubscribedChannelNoLongerHoldsItsListenerForSequenceNumbers() throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<ChannelSubscription> subscribed = client.spot().executions(p -> {}, message -> {});
    long id = reqId(socket.next());
    socket.send(FacadeChannelsTest.ack("subscribe", id, "{\"channel\":\"executions\"}"));
    ChannelSubscription executions = await(subscribed);
    EndpointCodec codec = client.codec(WebSocketEndpoint.SPOT_PRIVATE);
    assertTrue(codec.tracks("executions"));
    executions.close();
    assertFalse(codec.tracks("executions"));
  }

  @Test void aRefusedSubscribeLeavesNoReaderBehind() throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<Throwable> told = new CompletableFuture<>();
    CompletableFuture<ChannelSubscription> subscribed = client.spot().executions(p -> {},
        new ChannelListener<>() {
          @Override public void onMessage(ChannelMessage<List<ExecutionReport>> message) {
          }

          @Override public void onFailure(Throwable failure) {
            told.complete(failure);
          }
        });
    long id = reqId(socket.next());
    socket.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"EGeneral:Invalid arguments\",\"req_id\":"
        + id + "}");
    failureOf(subscribed);
    told.get(5, TimeUnit.SECONDS); // the listener is told after the reader is let go
    assertFalse(client.codec(WebSocketEndpoint.SPOT_PRIVATE).tracks("executions"));
  }

}
