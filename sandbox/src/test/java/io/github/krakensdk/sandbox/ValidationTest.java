package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.oauth.OAuthTest;

import okhttp3.HttpUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.SpotSigner;
import java.nio.charset.StandardCharsets;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Requests the contract rejects (the SDK refuses to send them, so they are made by hand) get each
 * family's error envelope: Spot {@code EGeneral:Invalid arguments} with HTTP 200, Futures {@code
 * invalidArgument} or {@code requiredArgumentMissing}, Embed {@code EGeneral:Invalid arguments}
 * with 400, OAuth {@code invalid_request} with 400.
 */
@ExtendWith(SandboxExtension.class)
class ValidationTest {
  static final String SPOT_INVALID = "{\"error\":[\"EGeneral:Invalid arguments:";

  @Test
  void spotQueryParametersOutsideTheContract(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    for (String query : new String[] {"assetVersion=2", "aclass=bonds", "assetVersion=one"}) {
      Raw.Answer answer = raw.get("/0/public/Assets?" + query);
      assertEquals(200, answer.status(), query);
      assertTrue(answer.body().startsWith(SPOT_INVALID), query + ": " + answer.body());
    }
    assertTrue(raw.get("/0/public/Assets?assetVersion=1").body().startsWith("{\"error\":[],\"result\":{"));
  }

  @Test
  void spotBodiesOutsideTheContract(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().spot();
    String[][] cases = {
        {"/0/private/Earn/Deallocate", "\"strategy_id\":\"ESDQCOL-WTZEU-NU55QF\""}, // amount missing
        {"/0/private/Earn/DeallocateStatus", ""}, // strategy_id missing
        {"/0/private/WithdrawCancel", "\"asset\":\"ETH\""}, // refid missing
        {"/0/private/TradeVolume", "\"rebase_multiplier\":\"sideways\""}, // not in the enum
        {"/0/private/TradeVolume", "\"pairs\":\"XBTUSD\""}, // a member the schema does not have
    };
    for (String[] c : cases) {
      Raw.Answer answer = raw.spot(c[0], key, Raw.nonce(), c[1]);
      assertEquals(200, answer.status());
      assertTrue(answer.body().startsWith(SPOT_INVALID), c[0] + " " + c[1] + ": " + answer.body());
    }
  }

  /**
   * Each one-of group of the contract ({@code x-kraken-one-of}: "give txid or cl_ord_id") is
   * enforced from the YAML: a call that gives none of its members is refused
   * as the service refuses it, naming the group's first member ({@code EGeneral:Invalid
   * arguments:txid}), in JSON and in form bodies alike.
   */
  @Test
  void spotOneOfGroupsAreEnforcedAndNamedAsTheServiceNamesThem(Sandbox sandbox) {
    SandboxKey key = sandbox.spot().newKey().issue();
    Raw raw = new Raw(sandbox);
    int groups = 0;
    for (io.github.krakensdk.sandbox.internal.contract.Operation op : ContractValidator.load(Family.SPOT).operations.all()) {
      for (java.util.List<String> group : op.oneOf()) {
        groups++;
        String expected = "{\"error\":[\"EGeneral:Invalid arguments:" + group.get(0) + "\"]}";
        assertEquals(expected, raw.spot(op.path(), key, Raw.nonce(), "").body(), op.operationId());
        assertEquals(expected, form(sandbox, key, op.path(), "").body(), op.operationId() + " as a form");
      }
    }
    assertEquals(3, groups, "cancelOrder, amendOrder and cancelOrderBatch each have one group");
    // One member of the group is enough for the contract: the exchange then looks the order up.
    String byClientId = raw.spot("/0/private/CancelOrder", key, Raw.nonce(), "\"cl_ord_id\":\"no-such-order\"").body();
    assertEquals("{\"error\":[\"EOrder:Unknown order\"]}", byClientId);
  }

  /**
   * A form body (as many clients send it) is checked as the JSON its schema describes: the same
   * answer as JSON when it is right, the same refusal when it is not, never a refusal of the form
   * itself.
   */
  @Test
  void spotFormBodiesAreCheckedLikeTheirJson(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.spot().newKey().issue(); // a counter of its own: this class makes many calls
    String accepted = form(sandbox, key, "/0/private/TradeVolume", "&pair=XBTUSD").body();
    assertTrue(accepted.startsWith("{\"error\":[],\"result\":{"), accepted);
    assertEquals(raw.spot("/0/private/TradeVolume", key, Raw.nonce(), "\"pair\":\"XBTUSD\"").body(), accepted);
    for (String fields : new String[] {"&rebase_multiplier=sideways", "&pairs=XBTUSD", "&pair=XBTUSD&pair=ETHUSD"}) {
      String refused = form(sandbox, key, "/0/private/TradeVolume", fields).body();
      assertTrue(refused.startsWith(SPOT_INVALID), fields + ": " + refused);
      assertFalse(refused.contains("Content-Type"), refused);
    }
    String missing = form(sandbox, key, "/0/private/WithdrawCancel", "&asset=ETH").body();
    assertTrue(missing.startsWith(SPOT_INVALID) && missing.contains("refid"), missing);
  }

  /** A form-encoded Spot call, {@code nonce=<nonce>} then {@code fields}, signed over the form's bytes. */
  static Raw.Answer form(Sandbox sandbox, SandboxKey key, String path, String fields) {
    long nonce = Raw.nonce();
    String form = "nonce=" + nonce + fields;
    String sign = new SpotSigner(key.secret()).sign(path, Long.toString(nonce), form.getBytes(StandardCharsets.UTF_8));
    return new Raw(sandbox).send(new Request.Builder()
        .url(HttpUrl.get(sandbox.baseUrl().resolve(path.substring(1))))
        .header("API-Key", key.key()).header("API-Sign", sign)
        .post(okhttp3.RequestBody.create(form, Raw.FORM)).build());
  }

  @Test
  void futuresArgumentsOutsideTheContract(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().futures();
    Raw.Answer invalid = raw.futures("PUT", "/derivatives/api/v3", "/self-trade-strategy?strategy=REJECT_ALL", key,
        Long.toString(Raw.nonce()));
    assertEquals(400, invalid.status());
    assertTrue(invalid.body().contains("\"result\":\"error\"") && invalid.body().contains("\"error\":\"invalidArgument\""),
        invalid.body());
    Raw.Answer missing = raw.futures("PUT", "/derivatives/api/v3", "/self-trade-strategy", key,
        Long.toString(Raw.nonce()));
    assertTrue(missing.body().contains("\"error\":\"requiredArgumentMissing\""), missing.body());
    Raw.Answer noSymbol = raw.get("/derivatives/api/v3/history");
    assertTrue(noSymbol.body().contains("\"error\":\"requiredArgumentMissing\""), noSymbol.body());
    Raw.Answer badTime = raw.get("/derivatives/api/v3/history?symbol=PF_XBTUSD&lastTime=yesterday");
    assertTrue(badTime.body().contains("\"error\":\"invalidArgument\""), badTime.body());
    Raw.Answer badId = raw.futures("POST", "/derivatives/api/v3", "/assignmentprogram/delete?id=abc", key,
        Long.toString(Raw.nonce()));
    assertTrue(badId.body().contains("\"error\":\"invalidArgument\""), badId.body());
  }

  @Test
  void embedArgumentsOutsideTheContract(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    SandboxKey key = sandbox.credentials().embed();
    String user = Seed.USER_IIBAN;
    String[][] cases = {
        {"GET", "/b2b/portfolio/" + user + "/history?resolution=-1", null},
        {"GET", "/b2b/portfolio/" + user + "/history?start_date=2025-13-01", null},
        {"GET", "/b2b/portfolio/SHORT/history", null},
        {"PUT", "/b2b/earn/" + user + "/auto", null}, // want_enabled missing
        {"PUT", "/b2b/earn/" + user + "/auto?want_enabled=maybe", null},
        {"PATCH", "/b2b/users/" + user, "{\"phone\":\"not a phone\"}"},
        {"PATCH", "/b2b/users/" + user, "{\"residence\":{\"city\":\"Berlin\"}}"}, // line1, postal_code, country missing
        {"PATCH", "/b2b/webhooks/" + Seed.WEBHOOK_ENABLED, "{\"events\":[\"no spaces allowed\"]}"},
        {"GET", "/b2b/funds/deposits/methods/BTC", null}, // user missing
    };
    for (String[] c : cases) {
      Raw.Answer answer = raw.embed(c[0], c[1], c[2], key, Raw.nonce());
      assertEquals(400, answer.status(), c[1] + ": " + answer.body());
      assertTrue(answer.body().startsWith("{\"error\":[\"EGeneral:Invalid arguments:"), c[1] + ": " + answer.body());
    }
  }

  @Test
  void embedServiceVersionMustBeOneTheContractLists(Sandbox sandbox) {
    SandboxKey key = sandbox.credentials().embed();
    String path = "/b2b/earn/" + Seed.USER_IIBAN;
    long nonce = Raw.nonce();
    String sign = new SpotSigner(key.secret()).sign(path, Long.toString(nonce), new byte[0]);
    Request.Builder request = new Request.Builder().url(sandbox.baseUrl() + path.substring(1))
        .header("API-Key", key.key()).header("API-Sign", sign).header("API-Nonce", Long.toString(nonce));
    Raw.Answer old = new Raw(sandbox).send(request.header("Service-Version", "2020-01-01").build());
    assertEquals(400, old.status(), old.body());
    long next = Raw.nonce();
    Raw.Answer current = new Raw(sandbox).send(request.header("Service-Version", "2025-04-15")
        .header("API-Nonce", Long.toString(next))
        .header("API-Sign", new SpotSigner(key.secret()).sign(path, Long.toString(next), new byte[0])).build());
    assertEquals(200, current.status(), current.body());
  }

  @Test
  void oauthTokenRequestsOutsideTheContract(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw.Answer answer = new Raw(sandbox).token(OAuthTest.basic(demo.oauthPublicClientId(), ""),
        "grant_type=refresh_token&refresh_token=abc&colour=blue");
    assertEquals(400, answer.status());
    assertTrue(answer.body().startsWith("{\"error\":\"invalid_request\",\"error_description\":"), answer.body());
  }

  @Test
  void unknownOperationsGetTheFamilysEnvelope(Sandbox sandbox) {
    Raw raw = new Raw(sandbox);
    Raw.Answer spot = raw.get("/0/public/Nothing");
    assertEquals(404, spot.status());
    assertEquals("{\"error\":[\"EGeneral:Unknown method\"]}", spot.body());
    Raw.Answer futures = raw.get("/derivatives/api/v3/nothing");
    assertEquals(404, futures.status());
    assertTrue(futures.body().contains("\"result\":\"error\""), futures.body());
    Raw.Answer embed = raw.get("/b2b/nothing");
    assertEquals(404, embed.status());
    assertEquals("{\"error\":[\"EGeneral:Unknown method\"]}", embed.body());
    Raw.Answer oauth = raw.get("/oauth/nothing");
    assertEquals(404, oauth.status());
    assertTrue(oauth.body().startsWith("{\"error\":\"invalid_request\""), oauth.body());
    assertEquals(404, raw.get("/elsewhere").status());
    // A known path with another method: 405, as the service answers POST on a public endpoint.
    assertEquals(405, raw.send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("0/public/Assets")))
        .post(okhttp3.RequestBody.create(new byte[0], null)).build()).status());
  }
}
