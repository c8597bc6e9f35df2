/**
 * How the generated services run a call: retries, error mapping, result unwrapping. Used by
 * generated code; callers configure it through {@code KrakenClient}. Parameters are non-null
 * unless documented otherwise.
 */
package io.github.krakensdk.runtime.call;
