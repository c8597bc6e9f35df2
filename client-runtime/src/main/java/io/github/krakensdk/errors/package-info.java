/**
 * The failures an SDK call can end with. Catch {@link io.github.krakensdk.errors.KrakenException}
 * for all of them, or a subtype for one kind. Parameters and return values are non-null unless
 * documented otherwise.
 */
package io.github.krakensdk.errors;
