package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The acceptance of the published public-service variant: a Python client generated from it with
 * the stock generator (the build does, into {@code target/other-languages/python-public-service})
 * reads a TradeVolume answer in the public service's member names with its fee tiers filled, while
 * the client generated from the contract itself cannot, which is why the variant is published.
 * The members come from the contract's {@code x-kraken-public-service}, so a new renamed member is
 * checked too. Runs {@code python3}; skipped, saying why, where it or the generated client's
 * libraries (pydantic 2, urllib3, python-dateutil, typing-extensions) are missing.
 */
final class PublicServiceVariantPythonTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Decodes the body on stdin with the generated TradeVolumeResponse; prints what it read. */
  private static final String DECODE = String.join("\n",
      "import json, sys",
      "from kraken_spot.models.trade_volume_response import TradeVolumeResponse",
      "body = sys.stdin.read()",
      "try:",
      "    answer = TradeVolumeResponse.from_json(body)",
      "    tiers = {pair: tier.model_dump() for pair, tier in (answer.result.fees or {}).items()}",
      "    print(json.dumps({'decoded': True, 'fees': tiers}))",
      "except Exception as e:",
      "    print(json.dumps({'decoded': False, 'error': type(e).__name__ + ': ' + str(e)[:400]}))");

  private static String python;

  @BeforeAll static void python() throws IOException, InterruptedException {
    python = "python3";
    Run probe = run(null, "import sys, pydantic, urllib3, dateutil, typing_extensions\n"
        + "sys.exit(0 if int(pydantic.VERSION.split('.')[0]) >= 2 else 3)", "");
    Assumptions.assumeTrue(probe != null, "SKIPPED: python3 is not on the PATH; the public-service variant's"
        + " Python client is generated but not run");
    Assumptions.assumeTrue(probe.exit() == 0, "SKIPPED: python3 lacks what the generated client imports (pydantic 2,"
        + " urllib3, python-dateutil, typing-extensions): " + probe.output().strip());
  }

  @Test void theVariantsPythonClientReadsTheServicesFeeTiers() throws Exception {
    Map<String, String> members = feeMembers();
    JsonNode read = decode("python-public-service", body(members));
    assertTrue(read.path("decoded").asBoolean(), () -> "the variant's client failed: " + read);
    JsonNode tier = read.path("fees").path("XXBTZUSD");
    int value = 1;
    for (String serviceName : members.values()) {
      assertEquals(decimal(value++), tier.path(serviceName).asText(null),
          () -> serviceName + " of the variant's FeeTierInfo: " + tier);
    }
  }

  @Test void theContractsPythonClientCannotReadThem() throws Exception {
    Map<String, String> members = feeMembers();
    JsonNode read = decode("python", body(members));
    if (read.path("decoded").asBoolean()) {
      // Read at all: then every fee tier member is missing.
      JsonNode tier = read.path("fees").path("XXBTZUSD");
      for (String contractName : members.keySet()) {
        assertTrue(tier.path(contractName).isNull() || tier.path(contractName).isMissingNode(),
            () -> contractName + " was read from the service's names by the contract's client: " + tier);
      }
    } else {
      assertTrue(read.path("error").asText().contains("ValidationError"), () -> "an unexpected failure: " + read);
    }
  }

  /** The renamed members of FeeTierInfo, contract name to service name, from the contract. */
  private static Map<String, String> feeMembers() {
    Map<String, String> members = new LinkedHashMap<>();
    for (PublicService.Divergence d : PublicService.of(Specs.load("spot")).divergences()) {
      if (d.kind() == PublicService.Kind.MEMBER && d.schema().equals("FeeTierInfo")) {
        members.put(d.contractForm(), d.serviceForms().get(0));
      }
    }
    assertFalse(members.isEmpty(), "spot.yaml renames no member of FeeTierInfo any more: this test has nothing to prove");
    return members;
  }

  /** A TradeVolume answer in the service's member names: each renamed member a distinct decimal. */
  private static String body(Map<String, String> members) throws IOException {
    ObjectNode tier = JSON.createObjectNode().put("fee", "0.2400");
    int value = 1;
    for (String serviceName : members.values()) tier.put(serviceName, decimal(value++));
    ObjectNode result = JSON.createObjectNode().put("currency", "ZUSD").put("volume", "1250.5000");
    result.putObject("fees").set("XXBTZUSD", tier);
    result.putObject("fees_maker").set("XXBTZUSD", tier.deepCopy());
    ObjectNode body = JSON.createObjectNode();
    body.putArray("error");
    body.set("result", result);
    return JSON.writeValueAsString(body);
  }

  private static String decimal(int n) {
    return n + ".5000";
  }

  private static JsonNode decode(String generated, String body) throws IOException, InterruptedException {
    Path client = Path.of(System.getProperty("kraken.otherLanguagesDir",
        Specs.dir().resolve("target/other-languages").toString())).resolve(generated).resolve("spot");
    assertTrue(Files.isDirectory(client.resolve("kraken_spot")), "no " + client + ": the build generates it (mvn verify)");
    Run run = run(client, DECODE, body);
    assertTrue(run != null && run.exit() == 0, () -> "python3 failed: " + (run == null ? "" : run.output()));
    List<String> lines = run.output().strip().lines().toList();
    return JSON.readTree(lines.get(lines.size() - 1));
  }

  private record Run(int exit, String output) {}

  /** Runs {@code script} with {@code pythonPath} on the module path; null when python3 cannot be started. */
  private static Run run(Path pythonPath, String script, String stdin) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(python, "-c", script).redirectErrorStream(true);
    if (pythonPath != null) builder.environment().put("PYTHONPATH", pythonPath.toString());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      return null;
    }
    process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return new Run(-1, output + "\n(timed out)");
    }
    return new Run(process.exitValue(), output);
  }
}
