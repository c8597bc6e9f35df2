/**
 * The sandbox exchange's non-trading state: deposits, withdrawals, wallet and subaccount transfers,
 * Earn, data exports, API key and wallet information, credit lines, system status and maintenance.
 *
 * <p>{@link io.github.krakensdk.sandbox.internal.spot.funding.Funding} is the entry point: one call per operationId,
 * taking the caller's {@link io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount} and the parameters as a
 * JSON-like tree, answering the service's {@code result} tree or a
 * {@link io.github.krakensdk.sandbox.internal.spot.funding.FundingException} with its error strings. The HTTP layer
 * (signatures, envelopes, content types) stays outside.
 */
package io.github.krakensdk.sandbox.internal.spot.funding;
