package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.websocket.internal.model.BookMessage;
import io.github.krakensdk.websocket.internal.model.Level3UpdateMessage;
import io.github.krakensdk.websocket.internal.model.PongReply;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.CancelOrderParams;
import io.github.krakensdk.websocket.model.ExecutionsSubscribeParams;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generated-model seams on their own: routing, reply counts, narrowed (un)subscribes, coalescing. */
final class ModelCodecTest {
  private final ModelCodec codec = new ModelCodec();

  private static WsRequest book(String... symbols) {
    return WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of(symbols)).depth(BookDepth.NUMBER_25).snapshot(true).build(), 1L);
  }

  private static String update(String symbol, String price, String qty, long checksum) {
    return "{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"" + symbol + "\",\"bids\":[{\"price\":"
        + price + ",\"qty\":" + qty + "}],\"asks\":[],\"checksum\":" + checksum + "}]}";
  }

  @Test void aRequestsChannelSymbolsAndReplyCount() {
    WsRequest subscribe = book("BTC/USD", "ETH/USD");
    assertEquals("subscribe", codec.method(subscribe));
    assertEquals("book", codec.channel(subscribe));
    assertEquals(List.of("BTC/USD", "ETH/USD"), codec.symbols(subscribe));
    assertEquals(2, codec.expectedReplies(subscribe));
    WsRequest cancel = WebSocketRequests.cancelOrder(CancelOrderParams.builder()
        .orderId(List.of("O1", "O2")).clOrdId(List.of("c1")).build(), 1L);
    assertEquals(3, codec.expectedReplies(cancel), "one reply per id");
    assertNull(codec.channel(cancel));
    WsRequest executions = WebSocketRequests.executionsSubscribe(ExecutionsSubscribeParams.builder().build(), 1L);
    assertEquals(1, codec.expectedReplies(executions), "a channel without pairs is acknowledged once");
  }

  @Test void unsubscribesRepeatTheOptionsAnUnsubscriptionNeedsNotTheRest() {
    WsRequest subscribe = book("BTC/USD", "ETH/USD");
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"],"
        + "\"depth\":25},\"req_id\":9}", codec.write(codec.unsubscribeOf(subscribe), 9, null));
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":25},\"req_id\":9}", codec.write(codec.unsubscribeOf(subscribe, "ETH/USD"), 9, null));
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":25,\"snapshot\":true},\"req_id\":9}", codec.write(codec.subscribeOf(subscribe, "ETH/USD"), 9, null));
    assertThrows(IllegalArgumentException.class, () -> codec.subscribeOf(subscribe, "XBT/EUR"));
    assertThrows(IllegalArgumentException.class, () -> codec.unsubscribeOf(codec.unsubscribeOf(subscribe)));
  }

  @Test void aPongIsAReplyOnItsReqId() throws IOException {
    Inbound<WsMessage> pong = codec.dispatch(
        "{\"method\":\"pong\",\"req_id\":7,\"time_in\":\"2023-09-24T14:10:23.799685Z\","
            + "\"time_out\":\"2023-09-24T14:10:23.799703Z\"}");
    assertEquals("pong", pong.method());
    assertEquals(7, pong.reqId());
    assertInstanceOf(PongReply.class, pong.message());
    assertEquals("{\"method\":\"ping\",\"req_id\":7}", codec.ping(7));
  }

  @Test void anUndescribedReplyStillAnswersItsReqIdAndAnUndescribedChannelIsRefused() throws IOException {
    Inbound<WsMessage> reply = codec.dispatch("{\"method\":\"new_method\",\"success\":true,\"req_id\":4}");
    assertEquals(4, reply.reqId());
    assertEquals(true, reply.success());
    assertThrows(IOException.class, () -> codec.dispatch("{\"channel\":\"new_channel\",\"type\":\"update\"}"));
  }

  @Test void bookUpdatesMergeInOrderKeepingTheNewerChecksumAndASnapshotReplaces() throws IOException {
    Inbound<WsMessage> older = codec.dispatch(update("BTC/USD", "100.0", "1.5", 11));
    Inbound<WsMessage> newer = codec.dispatch(update("BTC/USD", "100.0", "0", 22));
    assertEquals("book BTC/USD", older.coalesceKey());
    BookMessage merged = assertInstanceOf(BookMessage.class, codec.coalesce(older.message(), newer.message()));
    assertEquals(22L, merged.data().get(0).checksum());
    assertEquals(2, merged.data().get(0).bids().size());
    assertEquals("1.5", merged.data().get(0).bids().get(0).qty().toPlainString());
    assertEquals("0", merged.data().get(0).bids().get(1).qty().toPlainString(), "applied in order: removed last");

    WsMessage snapshot = codec.dispatch("{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\","
        + "\"bids\":[],\"asks\":[],\"checksum\":0}]}").message();
    assertSame(snapshot, codec.coalesce(older.message(), snapshot));
    assertNull(codec.coalesce(snapshot, older.message()), "an update cannot merge into a snapshot");
  }

  private static String level3Update(String symbol, String event, String orderId, String qty, long checksum) {
    return "{\"channel\":\"level3\",\"type\":\"update\",\"data\":[{\"symbol\":\"" + symbol + "\",\"bids\":[],"
        + "\"asks\":[{\"event\":\"" + event + "\",\"order_id\":\"" + orderId + "\",\"limit_price\":100.0,"
        + "\"order_qty\":" + qty + "}],\"checksum\":" + checksum + "}]}";
  }

  @Test void level3UpdatesMergeInOrderKeepingTheNewerChecksumAndASnapshotReplaces() throws IOException {
    Inbound<WsMessage> older = codec.dispatch(level3Update("BTC/USD", "add", "OA", "1.5", 11));
    Inbound<WsMessage> newer = codec.dispatch(level3Update("BTC/USD", "delete", "OA", "1.5", 22));
    assertEquals("level3 BTC/USD", older.coalesceKey());
    Level3UpdateMessage merged =
        assertInstanceOf(Level3UpdateMessage.class, codec.coalesce(older.message(), newer.message()));
    assertEquals(22L, merged.data().get(0).checksum());
    assertEquals(2, merged.data().get(0).asks().size());
    assertEquals("add", merged.data().get(0).asks().get(0).event().value());
    assertEquals("delete", merged.data().get(0).asks().get(1).event().value(), "applied in order: deleted last");

    WsMessage snapshot = codec.dispatch("{\"channel\":\"level3\",\"type\":\"snapshot\",\"data\":[{\"symbol\":"
        + "\"BTC/USD\",\"bids\":[],\"asks\":[],\"checksum\":0}]}").message();
    assertSame(snapshot, codec.coalesce(older.message(), snapshot));
    assertNull(codec.coalesce(snapshot, older.message()), "an update cannot merge into a snapshot");
  }
}
