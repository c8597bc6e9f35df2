package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.build.ContractCompiler;
import io.github.krakensdk.sandbox.internal.contract.Contract;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The contracts' YAML (kraken-api-spec, on the test classpath) and changed copies compiled as the build compiles them. */
public final class Contracts {
  private Contracts() {}

  /** The YAML of {@code family}. */
  public static String yaml(Family family) {
    try (InputStream in = Contracts.class.getClassLoader().getResourceAsStream(family.resource())) {
      if (in == null) {
        throw new IllegalStateException(family.resource() + " is not on the test classpath (kraken-api-spec)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code yaml} compiled by the build's {@link ContractCompiler}. */
  public static Contract compile(String yaml) {
    try {
      return Contract.of(ContractCompiler.compile(yaml).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
