package io.github.krakensdk.sandbox;

import java.time.Clock;
import java.time.Duration;

/** What a {@link Sandbox.Builder} configured, as the families read it. */
record Settings(Clock clock, Duration earnCompletionDelay, Duration autoEarnSwitchDelay, Duration webhookTimeout) {}
