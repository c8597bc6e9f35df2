/**
 * The transport policy every request of the SDK follows: {@link
 * io.github.krakensdk.runtime.internal.transport.KrakenHttpClients} configures an OkHttp client that
 * never re-sends a state-changing request on its own and reports one whose outcome is unknown.
 * Not API: it may change in any release. Parameters and return values are non-null unless
 * documented otherwise.
 */
package io.github.krakensdk.runtime.internal.transport;
