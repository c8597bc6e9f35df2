/**
 * Plumbing, not API: how the generated services run a call (credentials check, per-key ordering,
 * nonce re-sends, retries, error mapping, result unwrapping, completion off I/O threads) and
 * decode responses, and the {@code IOException}s that carry a failure through OkHttp's
 * interceptors ({@code OutcomeUnknownException}, {@code RequestNotSentException}, {@code
 * KrakenFailureIOException}; a caller sees each as a {@code KrakenException}). Public only so that generated code and {@code KrakenClient} in other
 * packages can reach it; callers must not use it, and it may change in any release.
 */
package io.github.krakensdk.runtime.internal;
