/**
 * How calls behave, as a caller configures it through {@code KrakenClient}: the {@link
 * io.github.krakensdk.runtime.call.RetryPolicy}, the {@link
 * io.github.krakensdk.runtime.call.WarningListener} and the {@link
 * io.github.krakensdk.runtime.call.CallListener} (with what it sees, {@link
 * io.github.krakensdk.runtime.call.CallAttempt} and {@link
 * io.github.krakensdk.runtime.call.CallOutcome}); and the {@link
 * io.github.krakensdk.runtime.call.BinaryDownload} a call with a binary answer hands back.
 * Parameters are non-null unless documented otherwise.
 */
package io.github.krakensdk.runtime.call;
