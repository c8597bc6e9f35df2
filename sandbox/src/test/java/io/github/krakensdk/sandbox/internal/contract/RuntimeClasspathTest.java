package io.github.krakensdk.sandbox.internal.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The sandbox is light to depend on: what a project that uses it in-process gets with it (its
 * runtime classpath, as the build resolves it into {@code target/runtime-classpath.txt}) is at most
 * 19 jars besides the sandbox's own, none of them an OpenAPI, YAML or JSON Schema library: the
 * contracts are compiled at build time. Since 1.1.0 the WebSocket server (Java-WebSocket) brings
 * the SLF4J API with it, and only the API: no logging binding is passed on.
 */
class RuntimeClasspathTest {
  private static final int MOST_JARS = 20;
  private static final List<String> HEAVY = List.of("swagger", "jackson", "guava", "rhino", "snakeyaml",
      "json-schema", "atlassian", "kraken-api-spec");

  @Test
  void aProjectUsingTheSandboxGetsAtMostTwentyJarsAndNoneOfTheHeavyOnes() throws IOException {
    List<String> entries = classpath();
    assertTrue(entries.size() + 1 <= MOST_JARS,
        (entries.size() + 1) + " jars with the sandbox's own, more than " + MOST_JARS + ": " + entries);
    for (String entry : entries) {
      String name = Path.of(entry).getFileName().toString().toLowerCase(Locale.ROOT);
      for (String heavy : HEAVY) {
        assertTrue(!name.contains(heavy) && !entry.toLowerCase(Locale.ROOT).contains("/" + heavy),
            entry + " is on the sandbox's runtime classpath (" + heavy + ")");
      }
    }
    for (String entry : entries) {
      String name = Path.of(entry).getFileName().toString().toLowerCase(Locale.ROOT);
      assertTrue(!name.contains("slf4j") || name.startsWith("slf4j-api-"),
          entry + ": the SLF4J API comes with Java-WebSocket, never a binding (the application chooses its logging)");
    }
    assertTrue(entries.stream().anyMatch(entry -> entry.contains("java-websocket")),
        "the Spot WebSocket server's library: " + entries);
    assertTrue(entries.stream().anyMatch(entry -> entry.contains("kraken-sdk")),
        "Sandbox.newClient() returns a KrakenClient: kraken-sdk comes with the sandbox; " + entries);
  }

  @Test
  void theCompiledContractsAreWhereTheSandboxReadsThem() {
    for (String family : List.of("spot", "futures", "oauth", "embed")) {
      assertTrue(Contract.load(family).all().size() > 0, family);
    }
    Operation addOrder = Contract.load("spot").find("POST", "/0/private/AddOrder");
    assertTrue(addOrder.signed() && addOrder.acceptsForm(), "AddOrder: signed, JSON or form");
    assertTrue(addOrder.bodySchema().getProperties().containsKey("ordertype"), "its body schema, references resolved");
  }

  private static List<String> classpath() throws IOException {
    Path file = Path.of("target", "runtime-classpath.txt");
    assertTrue(Files.exists(file), file + " (written by the build's maven-dependency-plugin:build-classpath)");
    String text = Files.readString(file).trim();
    return text.isEmpty() ? List.of() : Arrays.stream(text.split(File.pathSeparator)).toList();
  }
}
