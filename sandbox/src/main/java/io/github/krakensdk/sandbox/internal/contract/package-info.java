/**
 * The documents the sandbox serves, as it reads them at run time: the four Kraken contracts and
 * the control plane's {@code sandbox.yaml}, compiled by the build from the YAML ({@code
 * ContractCompiler}, in {@code src/build/java}) into {@code <name>.json} beside these classes (and
 * {@code sandbox.yaml} copied as written, which the control plane serves), read here with Moshi,
 * and checked by the sandbox's own checker of the part of OpenAPI 3.0 and JSON Schema they use. No
 * YAML or OpenAPI library, and no kraken-api-spec, is needed at run time.
 */
package io.github.krakensdk.sandbox.internal.contract;
