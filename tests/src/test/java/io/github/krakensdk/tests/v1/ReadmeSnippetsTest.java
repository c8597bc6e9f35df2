package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LineMap;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
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
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} snippet of the README, read from README.md itself (no second copy), is
 * compiled and run, in the order written, as one method against the sandbox. The snippets are
 * written for a reader: their free variables (keys, IDs, the browser's callback, a received
 * webhook) are declared here from the sandbox's demo data, each just before the first snippet
 * that uses it, and one builder call is pointed at the sandbox instead of production ({@code
 * KrakenClient.builder()}, {@code KrakenWebSocketClient.builder()}; the OAuth authorize page follows
 * from its environment).
 * Nothing else of a snippet is changed. Each snippet shows the imports of every type it names (a
 * reader copies one snippet, not the file), the trading example is what {@code examples/consumer}
 * runs, and the install coordinates name this build's version.
 */
@ExtendWith(SandboxExtension.class)
class ReadmeSnippetsTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  /** Declarations of the snippets' free variables, by name, in terms of {@code harness} (a {@link ReadmeHarness}). */
  private static final Map<String, String> FREE_VARIABLES = new LinkedHashMap<>();

  static {
    FREE_VARIABLES.put("spotKey", "String spotKey = harness.sandbox.credentials().spot().credentials().key();");
    FREE_VARIABLES.put("spotSecret", "String spotSecret = harness.secret(harness.sandbox.credentials().spot());");
    FREE_VARIABLES.put("futuresKey", "String futuresKey = harness.sandbox.credentials().futures().credentials().key();");
    FREE_VARIABLES.put("futuresSecret", "String futuresSecret = harness.secret(harness.sandbox.credentials().futures());");
    FREE_VARIABLES.put("embedKey", "String embedKey = harness.sandbox.credentials().embed().credentials().key();");
    FREE_VARIABLES.put("embedSecret", "String embedSecret = harness.secret(harness.sandbox.credentials().embed());");
    FREE_VARIABLES.put("clientId", "String clientId = harness.sandbox.credentials().oauthPublicClientId();");
    FREE_VARIABLES.put("redirectUri", "String redirectUri = harness.sandbox.credentials().redirectUri();");
    FREE_VARIABLES.put("strategyId", "String strategyId = harness.strategyId();");
    FREE_VARIABLES.put("iiban", "String iiban = harness.sandbox.credentials().userIiban();");
    FREE_VARIABLES.put("webhookId", "String webhookId = harness.sandbox.credentials().webhookId();");
    FREE_VARIABLES.put("webhookSecret", "String webhookSecret = harness.sandbox.credentials().webhookSecret();");
    FREE_VARIABLES.put("callbackUrl", "String callbackUrl = harness.browse(authorization.url());");
    FREE_VARIABLES.put("signatureHeader", "ReadmeHarness.Delivery delivery = harness.receiveWebhook(kraken, webhookId);"
        + " String signatureHeader = delivery.signatureHeader();");
    FREE_VARIABLES.put("rawBody", "byte[] rawBody = delivery.rawBody();");
  }

  @Test
  void everySnippetCompilesAndRuns(Sandbox sandbox, @TempDir Path work) throws Exception {
    List<String> snippets = snippets();
    assertTrue(snippets.size() >= 5, "README has " + snippets.size() + " java snippets");
    String source = program(snippets);
    Path file = work.resolve("src/readme/ReadmeProgram.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, source);
    Path classes = Files.createDirectories(work.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    JavacTask task = (JavacTask) javac.getTask(diagnostics, null, null,
        List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-Xlint:none"),
        null, javac.getStandardFileManager(null, null, null).getJavaFileObjects(file.toFile()));
    List<String> missingImports = new ArrayList<>();
    task.addTaskListener(new TaskListener() {
      @Override
      public void finished(TaskEvent event) {
        if (event.getKind() == TaskEvent.Kind.ANALYZE) {
          missingImports.addAll(importsMissing(task, event.getCompilationUnit(), snippets));
        }
      }
    });
    boolean compiled = task.call();
    assertTrue(compiled, "the README's snippets do not compile:\n" + diagnostics + "\n" + numbered(source));
    assertEquals(List.of(), missingImports, "every snippet shows the imports of the types it names");
    try (ReadmeHarness harness = new ReadmeHarness(sandbox);
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      try {
        loader.loadClass("readme.ReadmeProgram").getMethod("run", ReadmeHarness.class).invoke(null, harness);
      } catch (InvocationTargetException e) {
        throw new AssertionError("a README snippet failed against the sandbox:\n" + numbered(source), e.getCause());
      }
      assertEquals(List.of(), harness.problems(), "what the harness saw go wrong");
    }
  }

  static List<String> snippets() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    List<String> snippets = new ArrayList<>();
    Matcher matcher = JAVA_BLOCK.matcher(readme);
    while (matcher.find()) {
      snippets.add(matcher.group(1));
    }
    return snippets;
  }

  /**
   * One class whose {@code run} method holds the snippets in order, in one scope (a later snippet
   * uses what an earlier one declared), each free variable declared before its first use.
   */
  static String program(List<String> snippets) {
    List<String> imports = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    List<String> declared = new ArrayList<>();
    for (int index = 0; index < snippets.size(); index++) {
      String snippet = snippets.get(index);
      body.append("    // snippet ").append(index).append('\n');
      StringBuilder code = new StringBuilder();
      for (String line : snippet.split("\n")) {
        if (line.startsWith("import ")) {
          imports.add(line);
        } else {
          code.append(line).append('\n');
        }
      }
      String text = code.toString()
          .replace("KrakenClient.builder()", "KrakenClient.builder().environment(harness.sandbox.environment())")
          .replace("KrakenWebSocketClient.builder()",
              "KrakenWebSocketClient.builder().environment(harness.webSocketEnvironment())");
      // Each free variable is declared just before the statement that first names it.
      List<String> lines = new ArrayList<>();
      int statementStart = 0;
      for (String line : text.split("\n")) {
        for (Map.Entry<String, String> free : FREE_VARIABLES.entrySet()) {
          String name = free.getKey();
          if (!declared.contains(name) && Pattern.compile("\\b" + name + "\\b").matcher(line).find()
              && !Pattern.compile("\\b[A-Za-z<>\\[\\]]+ " + name + " =").matcher(line).find()) {
            lines.add(statementStart++, free.getValue());
            declared.add(name);
          }
        }
        lines.add(line);
        String end = line.strip();
        if (end.isEmpty() || end.endsWith(";") || end.endsWith("{") || end.endsWith("}") || end.startsWith("//")) {
          statementStart = lines.size();
        }
      }
      body.append(String.join("\n", lines).indent(4));
    }
    // Only the snippets' own imports: a reader copying them needs no other.
    return "package readme;\n\n"
        + "import io.github.krakensdk.tests.v1.ReadmeHarness;\n"
        + String.join("\n", imports) + "\n\n"
        + "public final class ReadmeProgram {\n"
        + "  public static void run(ReadmeHarness harness) throws Exception {\n"
        + body
        + "  }\n"
        + "}\n";
  }

  /**
   * The types a snippet names without importing them itself (an earlier snippet's import would do
   * for the compiler, not for a reader who copies one snippet): {@code "snippet N: a.b.Type"}.
   */
  static List<String> importsMissing(JavacTask task, CompilationUnitTree unit, List<String> snippets) {
    Trees trees = Trees.instance(task);
    LineMap lines = unit.getLineMap();
    String source;
    try {
      source = unit.getSourceFile().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // The line of each "// snippet N" marker: code below it belongs to snippet N.
    List<Long> starts = new ArrayList<>();
    Matcher marker = Pattern.compile("// snippet (\\d+)").matcher(source);
    while (marker.find()) {
      starts.add(lines.getLineNumber(marker.start()));
    }
    Set<String> missing = new TreeSet<>();
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitIdentifier(IdentifierTree identifier, Void unused) {
        Element element = trees.getElement(getCurrentPath());
        long line = lines.getLineNumber(trees.getSourcePositions().getStartPosition(unit, identifier));
        int snippet = -1;
        for (int i = 0; i < starts.size() && starts.get(i) < line; i++) {
          snippet = i;
        }
        if (snippet >= 0 && element instanceof TypeElement type
            && type.getEnclosingElement().getKind() == ElementKind.PACKAGE) {
          String name = type.getQualifiedName().toString();
          String pkg = name.substring(0, Math.max(0, name.lastIndexOf('.')));
          boolean needsNone = pkg.equals("java.lang") || pkg.equals("readme") || type.getSimpleName().contentEquals("ReadmeHarness");
          if (!needsNone && !snippets.get(snippet).contains("import " + name + ";")) {
            missing.add("snippet " + snippet + ": " + name);
          }
        }
        return super.visitIdentifier(identifier, unused);
      }
    }.scan(unit, null);
    return new ArrayList<>(missing);
  }

  /** The README's trading example is what examples/consumer runs, but for the client pointed at the sandbox. */
  @Test
  void theConsumerRunsTheTradingExample() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    Matcher block = JAVA_BLOCK.matcher(readme.substring(readme.indexOf("\n## Trading example")));
    assertTrue(block.find(), "README has no java snippet under ## Trading example");
    List<String> imports = new ArrayList<>();
    List<String> code = new ArrayList<>();
    for (String line : block.group(1).split("\n")) {
      if (line.startsWith("import ")) imports.add(line);
      else if (!line.isBlank()) code.add(line.replace("KrakenClient.builder()",
          "KrakenClient.builder().environment(sandbox.environment())"));
    }
    String main = Files.readString(Path.of("..", "examples", "consumer", "src", "main", "java", "io", "github",
        "krakensdk", "examples", "consumer", "Main.java"));
    String between = main.substring(main.indexOf("// README: trading example\n") + "// README: trading example\n".length(),
        main.indexOf("// README: end"));
    List<String> consumer = between.stripIndent().lines().filter(line -> !line.isBlank())
        .map(String::stripTrailing).toList();
    assertEquals(code, consumer, "examples/consumer's Main runs the README's trading example as written");
    for (String line : imports) {
      assertTrue(main.contains(line + "\n"), "examples/consumer's Main lacks the README's " + line);
    }
  }

  /** The coordinates of Install are this build's: a reader copying them gets the version the README describes. */
  @Test
  void installNamesTheLastReleaseOrBeforeItTheProjectVersion() throws IOException {
    // Readers install a release from Maven Central: once there is one (the API gate's baseline),
    // the coordinates name it, not the snapshot the project has moved on to.
    String pom = Files.readString(Path.of("..", "pom.xml"));
    Matcher project = Pattern.compile("<artifactId>kraken-sdk-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
    assertTrue(project.find(), "no version in the root pom");
    Matcher baseline = Pattern.compile("<kraken.api.baseline>([^<]+)</kraken.api.baseline>").matcher(pom);
    assertTrue(baseline.find(), "no kraken.api.baseline in the root pom");
    String version = baseline.group(1).equals("none") ? project.group(1) : baseline.group(1);
    String readme = Files.readString(Path.of("..", "README.md"));
    assertTrue(readme.contains("<artifactId>kraken-bom</artifactId>\n      <version>" + version + "</version>"),
        "README's Maven coordinates name " + version);
    assertTrue(readme.contains("platform(\"io.github.krakensdk:kraken-bom:" + version + "\")"),
        "README's Gradle coordinates name " + version);
  }

  private static String numbered(String source) {
    StringBuilder out = new StringBuilder();
    String[] lines = source.split("\n");
    for (int i = 0; i < lines.length; i++) {
      out.append(String.format("%3d  %s%n", i + 1, lines[i]));
    }
    return out.toString();
  }
}
