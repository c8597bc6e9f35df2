package io.github.krakensdk.sandbox.internal.contract;

import java.util.List;

/**
 * A parameter of an operation.
 *
 * @param in {@code query}, {@code header} or {@code path}.
 * @param serviceNames other names the public service reads the header under ({@code
 *     x-kraken-public-service}), empty when none.
 * @param alternatives other forms the service takes for the value besides {@code schema} ({@code
 *     x-kraken-service-alternatives}), empty when none.
 */
public record Parameter(String name, String in, boolean required, Schema schema, List<String> serviceNames,
    List<Schema> alternatives) {}
