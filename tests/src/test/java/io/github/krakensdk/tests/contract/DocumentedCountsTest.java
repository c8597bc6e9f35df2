package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every count of the contract's things that a document states is the contract's: the number of
 * families (and of contract files), the operations of a family, and the tour's last line, which
 * counts every operation. A count of operations that names no family, or of anything else the
 * contract holds, cannot be checked and fails here: state it so that it can be, or leave it out.
 */
class DocumentedCountsTest {
  /** The documents people read, beside the repository root. */
  private static final List<String> DOCUMENTS = List.of("README.md", "CONTRIBUTING.md", "RELEASING.md",
      "CHANGELOG.md", "sandbox/README.md", "api-spec/CONVENTIONS.md", "codegen-templates/README.md",
      "RELIABILITY.md", "MUTATION.md");

  private static final String NUMBER = "\\b(\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
      + "|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\\b";
  private static final List<String> WORDS = List.of("zero", "one", "two", "three", "four", "five", "six", "seven",
      "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
      "eighteen", "nineteen", "twenty");

  /** "four families", "the four YAML files", "all four contracts". */
  private static final Pattern FAMILIES = Pattern.compile(NUMBER
      + " (?:released |YAML |API |contract )?(families|contracts|files)\\b", Pattern.CASE_INSENSITIVE);
  /** "six operations", "61 operations". */
  private static final Pattern OPERATIONS = Pattern.compile(NUMBER + " ([a-zA-Z-]+ )?operations\\b",
      Pattern.CASE_INSENSITIVE);
  /**
   * The tour's streaming steps, after its one step per operation ({@code ws:book}, {@code
   * ws:add_order}: {@code StreamingTour.STEPS} in the tour module, whose {@code TourTest} checks the
   * READMEs against the steps themselves).
   */
  private static final int STREAMING_STEPS = 2;
  /** The tour's last line. */
  private static final Pattern TOUR = Pattern.compile("\\b(\\d+) passed, 0 failed");

  @Test
  void countsOfTheContractAreTheContracts() throws IOException {
    Map<Family, Integer> operations = new EnumMap<>(Family.class);
    int total = 0;
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      int count = contract.operations().size() + contract.multipartOperations().size();
      operations.put(family, count);
      total += count;
    }
    long contractFiles;
    try (var files = Files.list(Path.of("..", "api-spec"))) {
      // sandbox.yaml is the sandbox's control plane, published beside the contracts but no Kraken family.
      contractFiles = files.filter(f -> f.getFileName().toString().endsWith(".yaml"))
          .filter(f -> !f.getFileName().toString().equals("sandbox.yaml")).count();
    }
    assertEquals(Family.values().length, contractFiles, "one contract file per family in api-spec/");

    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (String document : DOCUMENTS) {
      Path path = Path.of("..", document);
      if (!Files.exists(path)) {
        wrong.add(document + " is missing");
        continue;
      }
      List<String> lines = Files.readAllLines(path);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String where = document + ":" + (i + 1) + ": ";
        for (Matcher m = FAMILIES.matcher(line); m.find(); checked++) {
          if (value(m.group(1)) != Family.values().length) {
            wrong.add(where + "\"" + m.group() + "\", but the contract has " + Family.values().length + " families");
          }
        }
        for (Matcher m = TOUR.matcher(line); m.find(); checked++) {
          if (Integer.parseInt(m.group(1)) != total + STREAMING_STEPS) {
            wrong.add(where + "\"" + m.group() + "\", but the tour passes one step per operation and "
                + STREAMING_STEPS + " streaming steps: " + (total + STREAMING_STEPS));
          }
        }
        for (Matcher m = OPERATIONS.matcher(line); m.find(); checked++) {
          int stated = value(m.group(1));
          List<Family> named = Arrays.stream(Family.values())
              .filter(f -> line.contains(f.displayName())).toList();
          boolean ok = stated == total || named.stream().anyMatch(f -> operations.get(f) == stated);
          if (!ok) {
            wrong.add(where + "\"" + m.group() + "\" is neither the contract's " + total
                + " operations nor those of a family named on the line " + operations);
          }
        }
      }
    }
    assertEquals(List.of(), wrong, "counts that are not the contract's");
    assertTrue(checked >= 5, "only " + checked + " counts found: the patterns no longer match the documents");
  }

  private static int value(String number) {
    int word = WORDS.indexOf(number.toLowerCase(Locale.ROOT));
    return word >= 0 ? word : Integer.parseInt(number);
  }
}
