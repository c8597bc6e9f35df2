/**
 * How a transport failure reaches the caller. A state-changing request is never re-sent by the
 * transport, and one whose outcome is unknown is reported as such; {@link
 * io.github.krakensdk.runtime.transport.TransportFailures} turns the {@code IOException} of a call
 * into the {@code KrakenException} its caller sees.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.runtime.transport;
