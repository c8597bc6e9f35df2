/**
 * Multi-call flows over the family services of {@link io.github.krakensdk.KrakenClient}: paging
 * through a user's portfolio history ({@link io.github.krakensdk.flows.PortfolioHistoryPages}),
 * walking back through a futures market's trades ({@link
 * io.github.krakensdk.flows.FuturesTradeHistory}), and deallocating from Earn and waiting for it
 * to complete ({@link io.github.krakensdk.flows.EarnDeallocation}). Each call a flow makes fails
 * as the service method it uses does. Parameters and return values are non-null unless
 * documented otherwise.
 */
package io.github.krakensdk.flows;
