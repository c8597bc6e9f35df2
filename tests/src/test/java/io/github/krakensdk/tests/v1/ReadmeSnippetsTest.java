package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import java.io.IOException;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * KrakenClient.builder()}; the OAuth authorize page follows from its environment).
 * Nothing else of a snippet is changed.
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
    boolean compiled = javac.getTask(diagnostics, null, null,
        List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-Xlint:none"),
        null, javac.getStandardFileManager(null, null, null).getJavaFileObjects(file.toFile())).call();
    assertTrue(compiled, "the README's snippets do not compile:\n" + diagnostics + "\n" + numbered(source));
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
    for (String snippet : snippets) {
      StringBuilder code = new StringBuilder();
      for (String line : snippet.split("\n")) {
        if (line.startsWith("import ")) {
          imports.add(line);
        } else {
          code.append(line).append('\n');
        }
      }
      String text = code.toString()
          .replace("KrakenClient.builder()", "KrakenClient.builder().environment(harness.sandbox.environment())");
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

  private static String numbered(String source) {
    StringBuilder out = new StringBuilder();
    String[] lines = source.split("\n");
    for (int i = 0; i < lines.length; i++) {
      out.append(String.format("%3d  %s%n", i + 1, lines[i]));
    }
    return out.toString();
  }
}
