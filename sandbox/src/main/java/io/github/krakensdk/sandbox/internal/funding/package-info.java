/**
 * Spot Funding (Beta), {@code /funding/v1/...} and {@code /funding/v2/deposit/addresses}: the
 * fifth family of the contract ({@code funding.yaml}), served on the legacy funding state of
 * {@code internal.spot.funding} (the same deposits, withdrawals and saved addresses), signed with
 * the Spot keys and their one nonce counter.
 *
 * <p>{@link io.github.krakensdk.sandbox.internal.funding.FundingFamily} authenticates a call and
 * writes the answers and the {@code application/problem+json} refusals; {@link
 * io.github.krakensdk.sandbox.internal.funding.FundingBeta} runs the operations.
 */
package io.github.krakensdk.sandbox.internal.funding;
