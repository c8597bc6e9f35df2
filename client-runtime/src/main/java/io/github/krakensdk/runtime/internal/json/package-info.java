/**
 * The JSON set-up of the SDK: the Moshi adapters of decimals, dates, UUIDs, lists, maps and open
 * enums, and {@link io.github.krakensdk.runtime.internal.json.KrakenJson}, which puts them together.
 * Not API: it may change in any release. Parameters and return values are non-null unless
 * documented otherwise.
 */
package io.github.krakensdk.runtime.internal.json;
