package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openapitools.codegen.ClientOptInput;
import org.openapitools.codegen.CodegenConstants;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

/**
 * Runs the generator, configured as {@code generated-client/pom.xml} configures it, on the small
 * contract {@code golden/contract.yaml} and compares every Java file it makes with the committed
 * copy under {@code golden/expected}. {@code -Dgolden.update=true} rewrites the copies instead
 * (codegen-templates/README.md, "Golden output").
 */
final class GoldenOutputTest {
  private static final Path GOLDEN = Path.of(System.getProperty("user.dir"), "src/test/resources/golden");
  private static final Path EXPECTED = GOLDEN.resolve("expected");

  @Test
  void generatedJavaIsTheCommittedCopy(@TempDir Path output) throws IOException {
    Map<String, String> generated = generate(output);
    assertTrue(generated.size() > 20, "files generated: " + generated.keySet());
    if (Boolean.getBoolean("golden.update")) {
      write(generated);
      return;
    }
    Map<String, String> expected = read(EXPECTED);
    assertEquals(expected.keySet(), generated.keySet(),
        "the files generated; after an intended change run with -Dgolden.update=true");
    List<String> differing = new ArrayList<>();
    for (Map.Entry<String, String> file : generated.entrySet()) {
      String want = expected.get(file.getKey());
      if (!want.equals(file.getValue())) {
        differing.add(file.getKey() + " " + firstDifference(want, file.getValue()));
      }
    }
    if (!differing.isEmpty()) {
      fail("generated Java differs from src/test/resources/golden/expected (after an intended change, run with "
          + "-Dgolden.update=true and review the diff):\n" + String.join("\n", differing));
    }
  }

  /** Generates the golden contract into {@code output}; the Java files by path under the source folder. */
  static Map<String, String> generate(Path output) throws IOException {
    CodegenConfigurator configurator = new CodegenConfigurator()
        .setGeneratorName(KrakenJavaCodegen.class.getName())
        .setInputSpec(GOLDEN.resolve("contract.yaml").toString())
        .setOutputDir(output.toString())
        .setValidateSpec(true)
        .setApiPackage("io.github.krakensdk.golden")
        .setModelPackage("io.github.krakensdk.golden.model")
        .addAdditionalProperty(KrakenJavaCodegen.FAMILY, "Golden")
        .addAdditionalProperty("sourceFolder", "src/main/java")
        .addAdditionalProperty("serializationLibrary", "jsonb")
        .addAdditionalProperty("hideGenerationTimestamp", true)
        .addAdditionalProperty("openApiNullable", false)
        .addAdditionalProperty("useBeanValidation", false)
        .addAdditionalProperty("sortParamsByRequiredFlag", false)
        .addAdditionalProperty("dateLibrary", "java8")
        .addTypeMapping("string+decimal", "BigDecimal")
        .addTypeMapping("number+decimal", "BigDecimal")
        .addImportMapping("BigDecimal", "java.math.BigDecimal")
        .addGlobalProperty("skipFormModel", "false");
    ClientOptInput input = configurator.toClientOptInput();
    DefaultGenerator generator = new DefaultGenerator();
    generator.setGeneratorPropertyDefault(CodegenConstants.API_TESTS, "false");
    generator.setGeneratorPropertyDefault(CodegenConstants.MODEL_TESTS, "false");
    generator.setGeneratorPropertyDefault(CodegenConstants.API_DOCS, "false");
    generator.setGeneratorPropertyDefault(CodegenConstants.MODEL_DOCS, "false");
    generator.setGenerateMetadata(false);
    generator.opts(input).generate();
    return read(output.resolve("src/main/java"));
  }

  private static Map<String, String> read(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    if (!Files.isDirectory(root)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(f -> f.toString().endsWith(".java")).toList()) {
        files.put(root.relativize(file).toString().replace('\\', '/'), Files.readString(file));
      }
    }
    return files;
  }

  private static void write(Map<String, String> generated) throws IOException {
    if (Files.isDirectory(EXPECTED)) {
      try (Stream<Path> walk = Files.walk(EXPECTED)) {
        for (Path file : walk.sorted((a, b) -> b.compareTo(a)).toList()) {
          Files.delete(file);
        }
      }
    }
    for (Map.Entry<String, String> file : generated.entrySet()) {
      Path target = EXPECTED.resolve(file.getKey());
      Files.createDirectories(target.getParent());
      Files.writeString(target, file.getValue());
    }
  }

  /** The first line where {@code expected} and {@code actual} differ, both shown. */
  private static String firstDifference(String expected, String actual) {
    String[] want = expected.split("\n", -1);
    String[] got = actual.split("\n", -1);
    for (int i = 0; i < Math.max(want.length, got.length); i++) {
      String a = i < want.length ? want[i] : "<end>";
      String b = i < got.length ? got[i] : "<end>";
      if (!a.equals(b)) {
        return "line " + (i + 1) + ":\n  expected: " + a + "\n  actual:   " + b;
      }
    }
    return "";
  }
}
