/**
 * The failures the SDK reports, all unchecked: catch {@link
 * io.github.krakensdk.errors.KrakenException} for every one of them, or a subtype for one kind.
 * The service's errors ({@link io.github.krakensdk.errors.KrakenServiceException} and its
 * subtypes), answers the contract does not describe ({@link
 * io.github.krakensdk.errors.UnexpectedResponseException}), network failures ({@link
 * io.github.krakensdk.errors.KrakenTransportException}) and local failures ({@link
 * io.github.krakensdk.errors.KrakenClientException}, never retried). Parameters and return values
 * are non-null unless documented otherwise.
 */
package io.github.krakensdk.errors;
