package io.github.krakensdk.tests.apigate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiSemanticVersionLevel;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java API gate of {@code mvn verify} (japicmp, configured in the parent POM) on small
 * libraries compiled here: each breaking change fails a minor release, each compatible one
 * passes, a major release may break, and the failure names the class and member.
 */
class JavaApiGateTest {
  private static final Path POM = Path.of("..", "pom.xml");

  /** The released library: a class, an interface, a class removed later, an internal helper. */
  private static final Map<String, String> BASELINE = Map.of(
      "com/example/api/Client.java", """
          package com.example.api;
          public class Client {
            public String get(String id) { return id; }
            public void send(int count) { }
          }""",
      "com/example/api/Signer.java", """
          package com.example.api;
          public interface Signer { String sign(String payload); }""",
      "com/example/api/Keys.java", """
          package com.example.api;
          public class Keys { public static String of(String id) { return id; } }""",
      "com/example/api/internal/Helper.java", """
          package com.example.api.internal;
          public class Helper { public void help(String s) { } }""");

  @TempDir static Path dir;
  static JavaApiGate gate;
  static Path baselineJar;

  @BeforeAll static void setUp() throws Exception {
    gate = JavaApiGate.fromPom(POM);
    baselineJar = jar("baseline", BASELINE);
  }

  record Change(String name, String file, String source) {
    @Override public String toString() { return name; }
  }

  static Stream<Change> breaking() {
    return Stream.of(
        new Change("a public method removed", "com/example/api/Client.java", """
            package com.example.api;
            public class Client { public void send(int count) { } }"""),
        new Change("a parameter type changed", "com/example/api/Client.java", """
            package com.example.api;
            public class Client {
              public String get(String id) { return id; }
              public void send(long count) { }
            }"""),
        new Change("an abstract method added to an interface", "com/example/api/Signer.java", """
            package com.example.api;
            public interface Signer { String sign(String payload); String keyId(); }"""),
        new Change("a class made final", "com/example/api/Client.java", """
            package com.example.api;
            public final class Client {
              public String get(String id) { return id; }
              public void send(int count) { }
            }"""),
        new Change("a class removed", "com/example/api/Keys.java", null));
  }

  static Stream<Change> compatible() {
    return Stream.of(
        new Change("a method added", "com/example/api/Client.java", """
            package com.example.api;
            public class Client {
              public String get(String id) { return id; }
              public void send(int count) { }
              public int size() { return 0; }
            }"""),
        new Change("a class added", "com/example/api/Extra.java", """
            package com.example.api;
            public class Extra { }"""),
        new Change("an internal package changed", "com/example/api/internal/Helper.java", """
            package com.example.api.internal;
            public final class Helper { public int help(long s) { return 0; } }"""),
        new Change("a default method added to an interface", "com/example/api/Signer.java", """
            package com.example.api;
            public interface Signer {
              String sign(String payload);
              default String keyId() { return "default"; }
            }"""));
  }

  @ParameterizedTest(name = "breaking: {0}") @MethodSource("breaking")
  void breakingChangeFailsAMinorRelease(Change change) throws Exception {
    JavaApiGate.Verdict verdict = gate.compare(baselineJar, "1.0.0", variant(change), "1.1.0");
    assertFalse(verdict.passes(), verdict::report);
    assertTrue(verdict.failure().contains("incompatible"), verdict::report);
  }

  @ParameterizedTest(name = "compatible: {0}") @MethodSource("compatible")
  void compatibleChangePassesAMinorRelease(Change change) throws Exception {
    JavaApiGate.Verdict verdict = gate.compare(baselineJar, "1.0.0", variant(change), "1.1.0");
    assertTrue(verdict.passes(), verdict::report);
  }

  @ParameterizedTest(name = "major release: {0}") @MethodSource("breaking")
  void aMajorReleaseMayBreak(Change change) throws Exception {
    JavaApiGate.Verdict verdict = gate.compare(baselineJar, "1.0.0", variant(change), "2.0.0-SNAPSHOT");
    assertTrue(verdict.passes(), verdict::report);
  }

  /** A change that stops a caller's code from linking or compiling needs a major version, whatever japicmp's default rating. */
  @Test void everyIncompatibleChangeTypeNeedsAMajorVersion() {
    Map<JApiCompatibilityChangeType, JApiSemanticVersionLevel> levels = new LinkedHashMap<>();
    for (JApiCompatibilityChangeType type : JApiCompatibilityChangeType.values()) levels.put(type, type.getSemanticVersionLevel());
    for (var o : gate.comparatorOptions(gate.options()).getOverrideCompatibilityChanges()) {
      levels.put(o.getCompatibilityChange(), o.getSemanticVersionLevel());
    }
    List<JApiCompatibilityChangeType> weak = new ArrayList<>();
    for (JApiCompatibilityChangeType type : JApiCompatibilityChangeType.values()) {
      if ((!type.isBinaryCompatible() || !type.isSourceCompatible()) && levels.get(type) != JApiSemanticVersionLevel.MAJOR) {
        weak.add(type);
      }
    }
    assertEquals(List.of(), weak, "add these to overrideCompatibilityChangeParameters in pom.xml");
  }

  @Test void theReportNamesTheClassAndTheMember() throws Exception {
    JavaApiGate.Verdict removed = gate.compare(baselineJar, "1.0.0", variant(breaking().findFirst().orElseThrow()), "1.1.0");
    String report = removed.report();
    assertTrue(report.contains("com.example.api.Client") && report.contains("get"), report);
    assertTrue(report.contains("METHOD_REMOVED"), report);
  }

  @Test void theBuildRunsTheGateOnEveryPublishedModule() {
    assertEquals(List.of("kraken-client-runtime", "kraken-generated-client", "kraken-auth-extensions", "kraken-sdk",
        "kraken-sandbox"), gate.modules());
    assertEquals("${project.basedir}/../api-baseline/${project.artifactId}-${kraken.api.baseline}.jar",
        gate.baselinePathTemplate());
  }

  /** Once a release sets kraken.api.baseline, its jars must be there: a missing one would skip the gate silently. */
  @Test void aNamedBaselineHasAJarPerModule() {
    String version = gate.baselineVersion();
    if (version.equals("none")) return; // before the first release
    List<String> missing = new ArrayList<>();
    for (String module : gate.modules()) {
      Path jar = Path.of("..", "api-baseline", module + "-" + version + ".jar");
      if (!Files.isRegularFile(jar)) missing.add(jar.toString());
    }
    assertEquals(List.of(), missing, "kraken.api.baseline is " + version + " but baseline jars are missing");
  }

  private static Path variant(Change change) throws IOException {
    Map<String, String> sources = new LinkedHashMap<>(BASELINE);
    if (change.source() == null) sources.remove(change.file());
    else sources.put(change.file(), change.source());
    return jar(change.name().replace(' ', '-'), sources);
  }

  /** Compiles the sources with the running JDK's compiler into {@code <name>.jar}. */
  private static Path jar(String name, Map<String, String> sources) throws IOException {
    Path src = Files.createDirectories(dir.resolve(name).resolve("src"));
    Path classes = Files.createDirectories(dir.resolve(name).resolve("classes"));
    List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17"));
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path file = src.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
      args.add(file.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "compiling " + name);
    Path jar = dir.resolve(name + ".jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        zip.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        zip.write(Files.readAllBytes(f));
        zip.closeEntry();
      }
    }
    return jar;
  }
}
