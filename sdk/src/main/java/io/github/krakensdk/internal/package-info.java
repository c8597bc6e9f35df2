/**
 * Plumbing of {@link io.github.krakensdk.KrakenClient}, not API: the pacing of Spot order calls
 * by the trading engine's counters ({@link io.github.krakensdk.internal.TradingPacing}). Public
 * only so that the client's wiring in another package can reach it; callers must not use it, and
 * it may change in any release.
 */
package io.github.krakensdk.internal;
