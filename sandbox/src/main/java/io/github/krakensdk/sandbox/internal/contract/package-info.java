/**
 * The four contracts as the sandbox reads them at run time: compiled by the build from the YAML
 * ({@code ContractCompiler}, in {@code src/build/java}) into {@code contract/<family>.json}, read
 * here with Moshi, and checked by the sandbox's own checker of the part of OpenAPI 3.0 and JSON
 * Schema the contracts use. No YAML or OpenAPI library is needed at run time.
 */
package io.github.krakensdk.sandbox.internal.contract;
