package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md lists every vendor extension and value through which the generator classes and the
 * templates talk; this keeps the list and the code in step, both ways.
 */
final class ExtensionsDocumentedTest {
  private static final Path MODULE = Path.of(System.getProperty("user.dir"));
  private static final Path JAVA = MODULE.resolve("src/main/java/io/github/krakensdk/codegen");
  private static final Path TEMPLATES = MODULE.resolve("src/main/resources/kraken-java");
  private static final Path CONVENTIONS = MODULE.resolve("../api-spec/CONVENTIONS.md");

  /** {@code vendorExtensions.x-name} in a Mustache tag ({{x}}, {{{x}}}, {{#x}}, {{^x}}, {{/x}}). */
  private static final Pattern TEMPLATE_EXTENSION = Pattern.compile("vendorExtensions\\.(x-[a-z0-9-]+)");
  /** Any string literal naming an extension in the generator's Java. */
  private static final Pattern JAVA_EXTENSION = Pattern.compile("\"(x-[a-z0-9-]+)\"");
  /** A value the generator hands the templates beside the stock ones. */
  private static final Pattern JAVA_VALUE =
      Pattern.compile("(?:additionalProperties|result|enumVar)\\.put\\(\"([A-Za-z]+)\"");
  /** A table row of README.md: its first cell a name in backticks, then the other cells. */
  private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z0-9-]+)` \\|(.*)\\|$");

  @Test
  void everyExtensionTheCodeUsesIsDocumentedAndEveryDocumentedOneIsUsed() {
    Set<String> used = new TreeSet<>(templateExtensions().keySet());
    used.addAll(javaMatches(JAVA_EXTENSION));
    Set<String> documented = new TreeSet<>(rows("x-").keySet());

    Set<String> undocumented = new TreeSet<>(used);
    undocumented.removeAll(documented);
    assertEquals(Set.of(), undocumented, "used by the generator or a template, not listed in codegen-templates/README.md");
    Set<String> unused = new TreeSet<>(documented);
    unused.removeAll(used);
    assertEquals(Set.of(), unused, "listed in codegen-templates/README.md, used by no template and no generator class");
  }

  @Test
  void everyValueTheGeneratorAddsIsDocumentedAndEveryDocumentedOneIsUsed() {
    Set<String> set = javaMatches(JAVA_VALUE);
    Set<String> documented = new TreeSet<>(rows("").keySet());
    documented.removeIf(name -> name.startsWith("x-"));
    assertEquals(set, documented, "the values of codegen-templates/README.md and the generator's put(...) calls");
  }

  /** The templates a row names under "read by" do read it (a row cannot keep a reader that left). */
  @Test
  void theReadersARowNamesReadIt() {
    Map<String, String> templates = templateTexts();
    List<String> wrong = new ArrayList<>();
    rows("").forEach((name, cells) -> {
      String readBy = cells.size() > 1 ? cells.get(1) : "";
      Matcher reader = Pattern.compile("`([A-Za-z]+)`").matcher(readBy);
      while (reader.find()) {
        String text = templates.get(reader.group(1));
        Pattern use = name.startsWith("x-")
            ? Pattern.compile("vendorExtensions\\." + Pattern.quote(name) + "\\b")
            : Pattern.compile("\\{\\{[#^/]?" + Pattern.quote(name) + "\\b");
        if (text != null && !use.matcher(text).find()) {
          wrong.add(name + " is not read by " + reader.group(1) + ".mustache");
        }
      }
    });
    assertEquals(List.of(), wrong);
  }

  /** Generator-made extensions are {@code x-gen-}, and {@code x-kraken-} ones are the contract's, in CONVENTIONS.md. */
  @Test
  void prefixesTellWhoSetsAnExtension() throws IOException {
    String conventions = Files.readString(CONVENTIONS);
    String readme = readme();
    String contract = section(readme, "## Contract extensions the generator reads");
    String generated = section(readme, "## Generator extensions (`x-gen-`)");
    List<String> wrong = new ArrayList<>();
    for (String name : rowsOf(contract).keySet()) {
      if (!name.startsWith("x-kraken-") && !name.equals("x-aliases")) {
        wrong.add(name + ": a contract extension starts with x-kraken-");
      }
      if (!conventions.contains("`" + name)) {
        wrong.add(name + ": a contract extension the generator reads, not described in api-spec/CONVENTIONS.md");
      }
    }
    rowsOf(generated).forEach((name, cells) -> {
      if (!name.startsWith("x-gen-")) {
        wrong.add(name + ": a generator extension starts with x-gen-");
      }
      // The class named first under "set by" holds the name.
      Matcher setter = Pattern.compile("`([A-Z][A-Za-z]+)\\.").matcher(cells.get(0));
      if (!setter.find() || !javaText(setter.group(1)).contains("\"" + name + "\"")) {
        wrong.add(name + ": its \"set by\" class does not hold the name");
      }
    });
    for (String name : javaMatches(JAVA_EXTENSION)) {
      if (!name.startsWith("x-kraken-") && !name.startsWith("x-gen-") && !rowsOf(readme).containsKey(name)) {
        wrong.add(name + ": neither x-kraken- nor x-gen-");
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(conventions.contains("codegen-templates/README.md"), "CONVENTIONS.md links to the generator's list");
  }

  private static Map<String, List<String>> templateExtensions() {
    Map<String, List<String>> found = new LinkedHashMap<>();
    templateTexts().forEach((template, text) -> {
      Matcher matcher = TEMPLATE_EXTENSION.matcher(text);
      while (matcher.find()) {
        found.computeIfAbsent(matcher.group(1), name -> new ArrayList<>()).add(template);
      }
    });
    return found;
  }

  private static Map<String, String> templateTexts() {
    Map<String, String> texts = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(TEMPLATES)) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(".mustache")) {
          texts.put(name.substring(0, name.length() - ".mustache".length()), Files.readString(file));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertTrue(texts.size() > 10, "templates found under " + TEMPLATES);
    return texts;
  }

  private static Set<String> javaMatches(Pattern pattern) {
    Set<String> found = new TreeSet<>();
    try (Stream<Path> files = Files.list(JAVA)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher matcher = pattern.matcher(Files.readString(file));
        while (matcher.find()) {
          found.add(matcher.group(1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  private static String javaText(String simpleName) {
    try {
      Path file = JAVA.resolve(simpleName + ".java");
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String readme() {
    try {
      return Files.readString(MODULE.resolve("README.md"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The rows of README.md whose name starts with {@code prefix}: name to the cells after it. */
  private static Map<String, List<String>> rows(String prefix) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    rowsOf(readme()).forEach((name, cells) -> {
      if (name.startsWith(prefix)) {
        rows.put(name, cells);
      }
    });
    return rows;
  }

  /** The table rows of {@code markdown}. */
  private static Map<String, List<String>> rowsOf(String markdown) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (String line : markdown.split("\n")) {
      Matcher row = ROW.matcher(line.strip());
      if (row.matches()) {
        List<String> cells = new ArrayList<>();
        for (String cell : row.group(2).split("\\|")) {
          cells.add(cell.strip());
        }
        if (rows.put(row.group(1), cells) != null) {
          throw new AssertionError(row.group(1) + " is listed twice in codegen-templates/README.md");
        }
      }
    }
    return rows;
  }

  private static String section(String markdown, String heading) {
    int start = markdown.indexOf(heading);
    assertTrue(start >= 0, "README.md has the section " + heading);
    int end = markdown.indexOf("\n## ", start + heading.length());
    return end < 0 ? markdown.substring(start) : markdown.substring(start, end);
  }
}
