/**
 * Multi-call flows over the family services of {@link io.github.krakensdk.KrakenClient}: the paged
 * Spot operations as lazy walks, by {@code ofs} and {@code count} ({@link
 * io.github.krakensdk.flows.ClosedOrderPages}, {@link io.github.krakensdk.flows.TradesHistoryPages},
 * {@link io.github.krakensdk.flows.LedgerPages}) or by {@code since} and {@code last} ({@link
 * io.github.krakensdk.flows.RecentTradePages}, {@link io.github.krakensdk.flows.OhlcPages}, {@link
 * io.github.krakensdk.flows.RecentSpreadPages}); paging through a user's portfolio history ({@link
 * io.github.krakensdk.flows.PortfolioHistoryPages}), walking back through a futures market's trades
 * ({@link io.github.krakensdk.flows.FuturesTradeHistory}), and deallocating from Earn and waiting
 * for it to complete ({@link io.github.krakensdk.flows.EarnDeallocation}). Each call a flow makes
 * fails as the service method it uses does. Parameters and return values are non-null unless
 * documented otherwise.
 */
package io.github.krakensdk.flows;
