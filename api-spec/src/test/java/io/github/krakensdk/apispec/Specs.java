package io.github.krakensdk.apispec;

import io.github.krakensdk.apispec.gate.CompatibilityGate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the tests find the contract: the {@code kraken.specDir} system property set by the
 * build (surefire and failsafe), else the working directory when it holds {@code spot.yaml}
 * (a test started from the IDE in {@code api-spec}).
 */
public final class Specs {
  private Specs() {}

  public static Path dir() {
    String configured = System.getProperty("kraken.specDir");
    Path dir = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
    if (!Files.isRegularFile(dir.resolve("spot.yaml")) && Files.isRegularFile(dir.resolve("api-spec/spot.yaml"))) {
      dir = dir.resolve("api-spec");
    }
    if (!Files.isRegularFile(dir.resolve("spot.yaml"))) {
      throw new IllegalStateException("no contract in " + dir + "; set -Dkraken.specDir=<api-spec folder>");
    }
    return dir;
  }

  /** The families in build order: spot, futures, oauth, embed, funding. */
  public static List<String> families() {
    return Arrays.asList(System.getProperty("kraken.families", "spot,futures,oauth,embed,funding").split(","));
  }

  public static Contract load(String family) {
    try {
      return Contract.load(dir().resolve(family + ".yaml"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The released copy of {@code family}; for a family no release has had yet, the empty contract
   * of the last release that the gate compares it with ({@code CompatibilityGate.firstRelease}).
   */
  public static Contract baseline(String family) {
    try {
      Path file = dir().resolve("baseline").resolve(family + ".yaml");
      if (!Files.isRegularFile(file)) {
        return CompatibilityGate.firstRelease(load(family), Contract.load(dir().resolve("baseline/spot.yaml")).version());
      }
      return Contract.load(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static List<Contract> all() {
    List<Contract> contracts = new ArrayList<>();
    for (String family : families()) contracts.add(load(family));
    return contracts;
  }
}
