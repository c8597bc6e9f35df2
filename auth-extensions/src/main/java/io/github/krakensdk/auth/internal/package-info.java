/**
 * Helpers shared by the public packages of this module: the Spot nonce splice, PEM key
 * reading, HMAC and hashing, request-body snapshots. Not API: these classes are public only
 * so that sibling packages can use them, and they may change in any release.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth.internal;
