package io.github.krakensdk.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SpotFundingState;
import io.github.krakensdk.sandbox.WebhookDelivery;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderStatus;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The control plane driven from Python with the client the stock OpenAPI Generator ("python")
 * makes of {@code api-spec/sandbox.yaml} (this module's build generates it into {@code
 * target/python/sandbox}): {@code python3} runs {@code sandbox_control_plane.py} (a test resource)
 * against a sandbox started as the standalone server starts it (defaults, a free port), and the
 * sandbox's state is then read back from Java. sandbox/README.md shows that script's control-plane
 * part, verbatim. Where {@code python3} or the client's libraries are missing, the test is skipped
 * and says what is missing.
 */
class SandboxPythonClientTest {
  private static final String SCRIPT = "sandbox_control_plane.py";
  private static final String DEMO_WEBHOOK = "WH7K2M-QP4XD-ZR8TNA";
  /** What the generated client imports beyond the standard library (its requirements.txt). */
  private static final String CHECK_PYTHON = String.join("\n",
      "import importlib.util, sys",
      "missing = [] if sys.version_info >= (3, 9) else ['Python 3.9 or later (this is %d.%d)' % sys.version_info[:2]]",
      "for module, package in (('urllib3', 'urllib3'), ('pydantic', 'pydantic'), ('dateutil', 'python-dateutil'),",
      "                        ('typing_extensions', 'typing-extensions')):",
      "    if importlib.util.find_spec(module) is None:",
      "        missing.append('the Python package ' + package)",
      "if not missing:",
      "    import pydantic",
      "    if int(pydantic.VERSION.split('.')[0]) < 2:",
      "        missing.append('pydantic 2 (this is pydantic ' + pydantic.VERSION + ')')",
      "print('; '.join(missing))");

  @Test
  void thePythonClientDrivesTheSandbox() throws Exception {
    assumePython();
    Path client = Path.of(requiredProperty("kraken.pythonClientDir"));
    assertTrue(Files.isRegularFile(client.resolve("kraken_sandbox/api/sandbox_api.py")),
        "no generated client in " + client + " (the build generates it in generate-test-resources)");

    // The script approves the verification it submits; the sandbox's own approval (after 1 s by
    // default) must not win that race on a slow machine.
    try (Sandbox sandbox = Sandbox.builder().checkResponses(true)
        .embedVerificationDelay(Duration.ofHours(1)).start()) {
      BigDecimal xbtBefore = sandbox.spot().balances().get("XXBT");
      Instant started = sandbox.time().now();

      Map<String, String> made = runScript(client, sandbox.baseUrl().toString().replaceAll("/$", ""));

      // The world the script left (exported, reset, imported), read from Java.
      assertEquals(SpotFundingState.SUCCESS, sandbox.spot().depositState(made.get("deposit")));
      // The deposit's 0.5 and the resting buy's 0.01.
      assertEquals(0, xbtBefore.add(new BigDecimal("0.51")).compareTo(sandbox.spot().balances().get("XXBT")),
          "XXBT " + xbtBefore + " → " + sandbox.spot().balances().get("XXBT"));
      assertFalse(sandbox.time().now().isBefore(started.plus(Duration.ofSeconds(600))), "the clock was advanced");
      try (KrakenClient kraken = sandbox.newClient()) {
        OrderInfo order = kraken.spot().queryOrders(r -> r.txid(made.get("order"))).get(made.get("order"));
        assertNotNull(order, "QueryOrders does not know " + made.get("order"));
        assertEquals(OrderStatus.CLOSED, order.status());
        assertEquals(0, new BigDecimal("0.01").compareTo(order.volumeExecuted()), "executed " + order.volumeExecuted());
      }
      assertTrue(sandbox.embed().verified(made.get("user")), made.get("user") + " is verified");
      List<String> deliveries = new ArrayList<>();
      for (WebhookDelivery delivery : sandbox.embed().webhookDeliveries(DEMO_WEBHOOK)) {
        deliveries.add(delivery.eventType() + " " + delivery.status());
      }
      assertTrue(deliveries.contains("user.verified DELIVERED"), "deliveries " + deliveries);
      // Every answer the Python client read matched sandbox.yaml.
      assertEquals(List.of(), sandbox.responseProblems());
    }
  }

  @Test
  void theReadmeShowsTheScriptVerbatim() throws IOException, URISyntaxException {
    String readme = Files.readString(Path.of(requiredProperty("kraken.sandboxReadme")), StandardCharsets.UTF_8);
    String script = Files.readString(script(), StandardCharsets.UTF_8);
    int start = readme.indexOf("```python\n");
    assertTrue(start >= 0, "sandbox/README.md has no Python snippet");
    int end = readme.indexOf("\n```", start + 10);
    String snippet = readme.substring(start + "```python\n".length(), end + 1);
    // Pieces of the script, in its order; a line "# ..." stands for what the README leaves out.
    int from = 0;
    for (String piece : snippet.split("(?m)^# \\.\\.\\.\n")) {
      int at = script.indexOf(piece, from);
      assertTrue(at >= from, "the README's Python snippet is not " + SCRIPT + " verbatim here:\n" + piece);
      from = at + piece.length();
    }
    assertTrue(snippet.contains("sandbox.import_state(saved)"), "the README's snippet is the whole story");
    assertTrue(readme.contains(getClass().getSimpleName()), "the README names the test that runs its snippet");
  }

  /** Runs the script against {@code baseUrl}; its exit code must be 0. Returns the ids it printed. */
  private Map<String, String> runScript(Path client, String baseUrl) throws Exception {
    Path log = client.resolveSibling("sandbox_control_plane.log");
    ProcessBuilder builder = new ProcessBuilder("python3", script().toString(), baseUrl)
        .redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("PYTHONPATH", client.toString());
    builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
    Process python = builder.start();
    if (!python.waitFor(2, TimeUnit.MINUTES)) {
      python.destroyForcibly();
      fail(SCRIPT + " did not end within two minutes:\n" + Files.readString(log));
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, python.exitValue(), SCRIPT + " failed:\n" + output);
    Map<String, String> made = new LinkedHashMap<>();
    for (String line : output.lines().toList()) {
      String[] words = line.split(" ");
      if (words.length == 2 && List.of("deposit", "order", "user").contains(words[0])) {
        made.put(words[0], words[1]);
      }
    }
    assertEquals(List.of("deposit", "order", "user"), List.copyOf(made.keySet()), output);
    return made;
  }

  /** Skips the test, saying what is missing, where python3 or the client's libraries are not there. */
  private static void assumePython() throws InterruptedException {
    String missing;
    try {
      Process check = new ProcessBuilder("python3", "-c", CHECK_PYTHON).redirectErrorStream(true).start();
      if (!check.waitFor(1, TimeUnit.MINUTES)) {
        check.destroyForcibly();
        missing = "a python3 that answers (python3 -c did not end within a minute)";
      } else {
        String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        missing = check.exitValue() != 0 ? "a working python3 (" + out + ")" : out;
      }
    } catch (IOException e) {
      missing = "python3 on the PATH (" + e.getMessage() + ")";
    }
    Assumptions.assumeTrue(missing.isEmpty(), "The stock Python client of sandbox.yaml needs " + missing
        + "; install them (pip install urllib3 pydantic python-dateutil) to run this test");
  }

  private Path script() throws URISyntaxException {
    var url = getClass().getClassLoader().getResource(SCRIPT);
    assertNotNull(url, SCRIPT + " is not on the test classpath");
    return Path.of(url.toURI());
  }

  private static String requiredProperty(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException("-D" + name + " is not set (the module's surefire configuration sets it)");
    }
    return value;
  }
}
