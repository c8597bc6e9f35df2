package io.github.krakensdk.sandbox.internal;

import io.github.krakensdk.sandbox.Sandbox;

import java.time.Clock;
import java.time.Duration;

/**
 * What a {@link Sandbox.Builder} configured, as the families read it.
 *
 * @param spotRateLimits whether Spot keys' REST call counters refuse calls over their maximum.
 * @param withdrawalStep how long a new Spot withdrawal stays in each of Initial, Pending and Settled.
 * @param embedVerificationDelay how long a submitted Embed verification stays pending.
 */
public record Settings(Clock clock, Duration earnCompletionDelay, Duration autoEarnSwitchDelay, Duration webhookTimeout,
    boolean spotRateLimits, Duration withdrawalStep, Duration embedVerificationDelay) {}
