/**
 * Kraken's Spot WebSocket v2 and Unified WebSocket, typed from the contract ({@code
 * api-spec/ws/websocket.yaml}). {@link io.github.krakensdk.websocket.KrakenWebSocketClient} opens
 * one connection per {@link io.github.krakensdk.websocket.WebSocketEndpoint} (URLs from a {@link
 * io.github.krakensdk.websocket.WebSocketEnvironment}) and hands out two generated facades: {@link
 * io.github.krakensdk.websocket.SpotWebSocket} ({@code ws.spot()}) and {@link
 * io.github.krakensdk.websocket.UnifiedWebSocket} ({@code ws.unified()}), with a method per
 * channel and per trading method.
 *
 * <pre>{@code
 * ChannelSubscription trades = ws.spot().trade(params -> params.symbol(List.of("BTC/USD")),
 *     message -> message.data().forEach(trade -> record(trade))).join();
 * OrderBookSubscription books = ws.spot().book(params -> params.symbol(List.of("BTC/USD")),
 *     book -> render(book.bestBid(), book.bestAsk())).join();
 * AddOrderResult placed = ws.spot().addOrder(order -> order.orderType(OrderType.LIMIT).side(Side.BUY)
 *     .symbol("BTC/USD").orderQty(new BigDecimal("0.01")).limitPrice(new BigDecimal("30000"))).join();
 * ChannelSubscription ledgers = ws.unified().ledgers(params -> {}, new ChannelListener<>() {
 *   public void onMessage(ChannelMessage<List<LedgerTransaction>> message) { book(message.data()); }
 *   public void onSequenceGap(SequenceGap gap) { recoverOverRest(gap); } // Ledgers
 * }).join();
 * }</pre>
 *
 * <p>A subscription is a {@link io.github.krakensdk.websocket.ChannelSubscription} (books: {@link
 * io.github.krakensdk.websocket.OrderBookSubscription}, {@link
 * io.github.krakensdk.websocket.Level3BookSubscription}) whose {@code close()} unsubscribes; its
 * messages reach a {@link io.github.krakensdk.websocket.ChannelListener} as {@link
 * io.github.krakensdk.websocket.ChannelMessage}s under a {@link
 * io.github.krakensdk.websocket.Backpressure} policy, gaps in a numbered channel as {@link
 * io.github.krakensdk.websocket.SequenceGap}s. Tokens come from a {@link
 * io.github.krakensdk.websocket.TokenSource}, connection events go to the SDK's {@link
 * io.github.krakensdk.runtime.call.CallListener}, reconnects follow a {@link
 * io.github.krakensdk.websocket.ReconnectPolicy}. The messages' models are in {@code
 * io.github.krakensdk.websocket.model}.
 */
package io.github.krakensdk.websocket;
