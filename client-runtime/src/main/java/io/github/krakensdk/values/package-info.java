/**
 * Typed values of Kraken's order forms, which travel as text: {@link
 * io.github.krakensdk.values.OrderPrice} (an absolute price or an offset: {@code 27500.5},
 * {@code +5}, {@code -2%}, {@code #2%}), {@link io.github.krakensdk.values.OrderTime} ({@code 0},
 * {@code +3600}, a Unix time) and {@link io.github.krakensdk.values.OrderFlag} (the
 * comma-separated {@code oflags}).
 *
 * <pre>{@code
 * kraken.spot().addOrder(r -> r.pair("XBTUSD")
 *     .side(OrderSide.BUY)
 *     .orderType(OrderType.TRAILING_STOP)
 *     .volume(new BigDecimal("0.01"))
 *     .price(OrderPrice.percent(new BigDecimal("2")))       // "+2%"
 *     .flags(Set.of(OrderFlag.FCIQ))                        // "fciq"
 *     .expireTime(OrderTime.after(Duration.ofHours(1))));  // "+3600"
 * }</pre>
 *
 * <p>Each value's {@code toString()} is exactly what goes on the wire.
 */
package io.github.krakensdk.values;
