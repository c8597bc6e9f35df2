/**
 * Multi-call flows over the family services of {@link io.github.krakensdk.KrakenClient} that the
 * contract cannot state: walking back through a futures market's trades by time ({@link
 * io.github.krakensdk.flows.FuturesTradeHistory}), and deallocating from Earn and waiting for it to
 * complete ({@link io.github.krakensdk.flows.EarnDeallocation}). Paging is generated from the
 * contract instead: each operation marked {@code x-kraken-pagination} has {@code ...Pages} and
 * {@code ...PagesAsync} methods on its service ({@link io.github.krakensdk.paging.Pages}). Each call
 * a flow makes fails as the service method it uses does. Parameters and return values are non-null
 * unless documented otherwise.
 */
package io.github.krakensdk.flows;
