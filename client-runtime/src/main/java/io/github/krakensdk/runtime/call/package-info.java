/**
 * How calls behave, as a caller configures it through {@code KrakenClient}: the {@link
 * io.github.krakensdk.runtime.call.RetryPolicy} and the {@link
 * io.github.krakensdk.runtime.call.WarningListener}. Parameters are non-null unless documented
 * otherwise.
 */
package io.github.krakensdk.runtime.call;
