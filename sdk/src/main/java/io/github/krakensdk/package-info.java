/**
 * {@link io.github.krakensdk.KrakenClient}, the entry point of the SDK. Parameters and return
 * values are non-null unless documented otherwise.
 */
package io.github.krakensdk;
