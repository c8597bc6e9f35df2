/**
 * Nonces for signed requests and the ordered mode that keeps one key's requests in nonce order.
 *
 * <p>Kraken rejects a nonce that is not higher than one it has already seen for the same key,
 * and repeated invalid nonces can lock a key out for a while. {@link
 * io.github.krakensdk.auth.nonce.NonceSource#system()} is strictly increasing across every
 * thread of the process and never goes back when the wall clock does. Several processes that
 * share one key need a shared source of their own (a database sequence, a lock file), plugged in
 * through {@link io.github.krakensdk.auth.nonce.NonceSource}.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth.nonce;
