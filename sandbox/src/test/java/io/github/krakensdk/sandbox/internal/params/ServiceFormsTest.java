package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.OAuthFastApiKeyTest;

import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.oauth.OAuthTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.WireProfile;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.oauth.model.FastApiKey;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sandbox accepts the public service's forms as well as the contract's ({@code
 * x-kraken-public-service}): the listing of fast API keys at the service's singular path, the Embed
 * version under each of the service's header names, and refuses a version sent twice with two values.
 */
class ServiceFormsTest {
  @RegisterExtension
  static final SandboxExtension extension = new SandboxExtension();

  @Test
  void theFastApiKeysAreListedAtTheContractsPathAndAtTheServices(Sandbox sandbox) throws IOException {
    List<String> paths = new CopyOnWriteArrayList<>();
    OkHttpClient recording = new OkHttpClient.Builder().addNetworkInterceptor(chain -> {
      paths.add(chain.request().method() + " " + chain.request().url().encodedPath());
      return chain.proceed(chain.request());
    }).build();
    List<String> names = null;
    for (WireProfile profile : WireProfile.values()) {
      SandboxCredentials demo = sandbox.credentials();
      try (KrakenClient kraken = sandbox.newClientBuilder().httpClient(recording).wireProfile(profile)
          .oauth(demo.oauthConfidentialClient(), new InMemoryTokenStore()).build()) {
        kraken.oauthTokens().completeAuthorization(OAuthTest.code(sandbox, demo.oauthConfidentialClientId(),
            demo.redirectUri(), OAuthFastApiKeyTest.READ), demo.redirectUri());
        List<String> listed = kraken.oauth().listFastApiKeys().stream().map(FastApiKey::apiKeyName).toList();
        assertTrue(!listed.isEmpty(), profile + ": the seeded keys");
        if (names != null) assertEquals(names, listed, profile + ": the same listing");
        names = listed;
      }
    }
    assertTrue(paths.contains("GET /oauth/fast-api-keys") && paths.contains("GET /oauth/fast-api-key"), paths::toString);
  }

  @Test
  void theEmbedVersionIsReadUnderEachOfTheServicesNames(Sandbox sandbox) {
    for (String header : List.of("Service-Version", "Kraken-Version", "Payward-Version")) {
      Raw.Answer unknown = embedEarn(sandbox, header, "2020-01-01", null, null);
      assertEquals(400, unknown.status(), header + ": a version the contract does not list: " + unknown.body());
      Raw.Answer listed = embedEarn(sandbox, header, "2025-04-15", null, null);
      assertEquals(200, listed.status(), header + ": " + listed.body());
    }
    Raw.Answer both = embedEarn(sandbox, "Kraken-Version", "2025-04-15", "Payward-Version", "2025-04-15");
    assertEquals(200, both.status(), both.body());
  }

  @Test
  void oneVersionSentUnderTwoNamesWithTwoValuesIsRefused(Sandbox sandbox) {
    Raw.Answer answer = embedEarn(sandbox, "Service-Version", "2025-04-15", "Payward-Version", "2024-01-01");
    assertEquals(400, answer.status(), answer.body());
    assertTrue(answer.body().contains("EGeneral:Invalid arguments") && answer.body().contains("Payward-Version"),
        answer.body());
  }

  /** {@code GET /b2b/earn/{user}} signed with the demo partner key, with one or two version headers. */
  private static Raw.Answer embedEarn(Sandbox sandbox, String header, String value, String header2, String value2) {
    SandboxKey key = sandbox.credentials().embed();
    String path = "/b2b/earn/" + Seed.USER_IIBAN;
    String nonce = Long.toString(Raw.nonce());
    Request.Builder request = new Request.Builder().url(sandbox.baseUrl() + path.substring(1))
        .header("API-Key", key.key()).header("API-Nonce", nonce)
        .header("API-Sign", new SpotSigner(key.secret()).sign(path, nonce, new byte[0]))
        .header(header, value);
    if (header2 != null) request.header(header2, value2);
    return new Raw(sandbox).send(request.build());
  }
}
