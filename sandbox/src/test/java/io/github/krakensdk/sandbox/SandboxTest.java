package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Starting, addressing and describing a sandbox; the extension's parameters; the standalone entry point. */
@ExtendWith(SandboxExtension.class)
class SandboxTest {
  final KrakenClient constructorClient;

  SandboxTest(KrakenClient constructorClient) {
    this.constructorClient = constructorClient;
  }

  @Test
  void theEnvironmentPointsEveryFamilyAtTheSandbox(Sandbox sandbox) {
    Environment environment = sandbox.environment();
    String base = sandbox.baseUrl().toString();
    assertTrue(base.matches("http://127\\.0\\.0\\.1:\\d+/"), base);
    assertEquals(base, environment.spot().toString());
    assertEquals(base, environment.oauth().toString());
    assertEquals(base, environment.embed().toString());
    assertEquals(base + "derivatives/api/v3/", environment.futures().toString());
    assertEquals(base + "demo-futures/derivatives/api/v3/", environment.futuresDemo().toString());
    assertEquals(base + "oauth/authorize", sandbox.environment().oauthAuthorize().toString());
  }

  @Test
  void theExtensionResolvesClientsConfiguredForTheSandbox(KrakenClient kraken, Sandbox sandbox,
      SandboxCredentials credentials) {
    assertEquals(sandbox.credentials(), credentials);
    assertEquals(1, kraken.spot().listAssets(r -> r.asset("XBT")).size());
    assertNotNull(kraken.futures().getNotifications());
    assertNotNull(kraken.embed().listDepositMethods(r -> r.asset("ETH").user(credentials.userIiban())));
    assertNotNull(constructorClient.spot().listAssets(r -> r.asset("ETH")));
  }

  @Test
  void theDescriptionHasEveryBaseUrlAndDemoCredential(Sandbox sandbox) {
    String text = sandbox.describe();
    SandboxCredentials demo = sandbox.credentials();
    for (String expected : List.of(sandbox.baseUrl().toString(), sandbox.baseUrl() + "derivatives/api/v3/",
        sandbox.baseUrl() + "demo-futures/derivatives/api/v3/", demo.spot().key(), demo.spot().secret(),
        demo.futures().key(), demo.futures().secret(), demo.futuresReadOnly().key(), demo.embed().key(),
        demo.embed().secret(), demo.oauthConfidentialClientId(), demo.oauthConfidentialClientSecret(),
        demo.oauthPublicClientId(), demo.redirectUri(), demo.userEmail(), demo.userIiban(), demo.webhookId(),
        demo.disabledWebhookId(), demo.webhookSecret())) {
      assertTrue(text.contains(expected), "missing " + expected + " in\n" + text);
    }
    assertEquals(text, new Raw(sandbox).get("/sandbox").body());
  }

  @Test
  void demoCredentialsAreTheSameInEverySandbox(Sandbox sandbox) {
    try (Sandbox other = Sandbox.builder().start()) {
      assertEquals(sandbox.credentials().spot(), other.credentials().spot());
      assertTrue(other.port() != sandbox.port());
    }
  }

  @Test
  void aGivenPortIsUsed() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    try (Sandbox sandbox = Sandbox.builder().port(port).start()) {
      assertEquals(port, sandbox.port());
    }
  }

  @Test
  void theStandaloneServerPrintsItsUrlsAndServesUntilStopped() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "--port", Integer.toString(port)).redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("Serving until stopped")) {
        lines.add(line);
      }
      String printed = String.join("\n", lines);
      assertTrue(printed.startsWith("Kraken sandbox on http://127.0.0.1:" + port + "/"), printed);
      assertTrue(printed.contains(SandboxCredentials.DEMO.spot().secret()), printed);
      assertTrue(printed.matches("(?s).*Spot WebSocket +ws://127\\.0\\.0\\.1:\\d+/v2 .*")
          && printed.contains("/auth/v2") && printed.contains("/l3/v2"), printed);
      assertFalse(printed.contains("SLF4J"), "no logging warning over the banner: " + printed);
      try (Sandbox probe = Sandbox.builder().start()) {
        Raw.Answer assets = new Raw(probe).send(new okhttp3.Request.Builder()
            .url("http://127.0.0.1:" + port + "/0/public/Assets?asset=XBT").build());
        assertEquals("{\"error\":[],\"result\":{\"XXBT\":{\"aclass\":\"currency\",\"altname\":\"XBT\","
            + "\"decimals\":10,\"display_decimals\":5,\"collateral_value\":1.0,\"status\":\"enabled\"}}}", assets.body());
      }
    } finally {
      process.destroy();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
