package io.github.krakensdk.tour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.Sandbox;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The tour goes through every operation of the five contracts, and every answer it got matches
 * them; then through its streaming steps.
 */
class TourTest {
  /**
   * The operationIds of the contracts on the classpath (callbacks are the partner's and browser
   * pages the browser's, not operations), sorted; an id two families use ({@code getDepositMethods} of Spot and Embed) is
   * there once per family, as the tour has a line for each.
   */
  static List<String> contractOperations() throws IOException {
    List<String> ids = new ArrayList<>();
    for (String family : List.of("spot", "futures", "oauth", "embed", "funding")) {
      try (InputStream in = TourTest.class.getClassLoader().getResourceAsStream("kraken/openapi/" + family + ".yaml")) {
        OpenAPI api = new OpenAPIV3Parser().readContents(new String(in.readAllBytes(), StandardCharsets.UTF_8))
            .getOpenAPI();
        api.getPaths().values().forEach(path -> path.readOperations().stream()
            .filter(operation -> !isBrowserPage(operation)).map(Operation::getOperationId).forEach(ids::add));
      }
    }
    Collections.sort(ids);
    return ids;
  }

  /**
   * The OAuth authorize pages ({@code x-kraken-browser-page: true}) are opened by a browser, not
   * called: the tour shows the code flow through the sandbox's page, but they are not operations.
   */
  private static boolean isBrowserPage(Operation operation) {
    return operation.getExtensions() != null
        && Boolean.TRUE.equals(operation.getExtensions().get("x-kraken-browser-page"));
  }

  /** The tour's lines: every contract operation, then the streaming steps, sorted. */
  static List<String> tourSteps() throws IOException {
    List<String> steps = new ArrayList<>(contractOperations());
    steps.addAll(StreamingTour.STEPS);
    Collections.sort(steps);
    return steps;
  }

  @Test
  void tourPassesEveryOperationAndEveryAnswerMatchesTheContract() throws IOException {
    List<String> operations = contractOperations();
    List<String> steps = tourSteps();

    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    int failed;
    Sandbox sandbox = Sandbox.builder().earnCompletionDelay(Tour.DELAY).autoEarnSwitchDelay(Tour.DELAY)
        .checkResponses(true).start();
    try (sandbox) {
      failed = Tour.run(new PrintStream(buffer, true, StandardCharsets.UTF_8), sandbox);
    }
    String output = buffer.toString(StandardCharsets.UTF_8);
    List<String> lines = output.lines().toList();
    assertEquals(0, failed, output);
    assertEquals(steps.size() + " passed, 0 failed", lines.get(lines.size() - 1), output);
    for (String readme : List.of("../README.md", "README.md")) {
      String text = Files.readString(Path.of(readme));
      assertTrue(text.contains(steps.size() + " passed, 0 failed"),
          readme + " states the tour's last line, " + steps.size() + " passed, 0 failed");
    }

    List<String> passed = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("PASS ")) {
        passed.add(line.split(" ")[1]);
      }
      assertTrue(!line.startsWith("FAIL "), line);
    }
    Collections.sort(passed);
    assertEquals(steps, passed, "one line per operation and per streaming step: " + output);

    assertEquals(List.of(), sandbox.responseProblems());
    Set<String> checked = sandbox.checkedResponses().stream().map(c -> c.split(" ")[0])
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(new TreeSet<>(operations), checked, "every operation's answers were checked against the contract");
  }
}
