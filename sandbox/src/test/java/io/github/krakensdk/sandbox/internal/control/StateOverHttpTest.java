package io.github.krakensdk.sandbox.internal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * exportState, resetState and importState driven as another language would: raw HTTP and JSON
 * text, no SDK or sandbox type for any call.
 */
class StateOverHttpTest {
  private static final MediaType JSON_TYPE = MediaType.get("application/json");
  private static final JsonAdapter<Object> JSON = new Moshi.Builder().build().adapter(Object.class);
  private final OkHttpClient http = new OkHttpClient();
  private final Sandbox sandbox = Sandbox.builder().clock(MutableClock.at(Instant.parse("2026-11-28T09:00:00Z")))
      .start();
  private final String base = sandbox.baseUrl() + "sandbox/v1/";

  @AfterEach
  void close() {
    sandbox.close();
  }

  @Test
  void exportResetAndImportRoundTripByteForByte() {
    String seedBalances = call("GET", "spot/balances", null, 200);

    // A world: a deposit arrived and credited, a key with a tier, the clock moved on.
    Map<?, ?> deposit = json(call("POST", "spot/deposits",
        "{\"asset\":\"XBT\",\"method\":\"Bitcoin\",\"amount\":\"0.5\"}", 201));
    call("POST", "clock/advance", "{\"seconds\":600}", 200);
    Map<?, ?> key = json(call("POST", "spot/keys", "{\"tier\":\"pro\"}", 201));
    String keyPath = "spot/keys/" + key.get("key");
    String balances = call("GET", "spot/balances", null, 200);
    assertNotEquals(seedBalances, balances);

    String saved = call("GET", "state", null, 200);
    Map<?, ?> document = json(saved);
    assertEquals(1.0, document.get("format"));
    assertEquals("2026-11-28T09:10:00Z", document.get("clock"));

    Map<?, ?> reset = json(call("POST", "reset", null, 200));
    assertEquals("2026-11-28T09:10:00Z", reset.get("now"), "the clock never runs backwards");
    assertEquals(seedBalances, call("GET", "spot/balances", null, 200));
    assertEquals("key", json(call("GET", keyPath, null, 404)).get("field"));
    call("GET", "spot/deposits/" + deposit.get("refid"), null, 404);

    Map<?, ?> imported = json(call("PUT", "state", saved, 200));
    assertEquals("2026-11-28T09:10:00Z", imported.get("now"));
    assertEquals(balances, call("GET", "spot/balances", null, 200));
    assertEquals("pro", json(call("GET", keyPath, null, 200)).get("tier"));
    assertEquals("Success", json(call("GET", "spot/deposits/" + deposit.get("refid"), null, 200)).get("state"));
    assertEquals(saved, call("GET", "state", null, 200), "the document imported, byte for byte");
  }

  @Test
  void aRefusedDocumentIsA400NamingTheMemberAndChangesNothing() {
    String before = call("GET", "state", null, 200);

    Map<?, ?> otherFormat = json(call("PUT", "state", before.replace("\"format\": 1", "\"format\": 2"), 400));
    assertEquals("format", otherFormat.get("field"));

    // The top level has the document's shape; a section lacks a member the sandbox needs.
    Map<?, ?> missing = json(call("PUT", "state",
        "{\"format\":1,\"clock\":\"2026-11-28T09:00:00Z\",\"nonces\":{},\"spot\":{},\"futures\":{},"
            + "\"oauth\":{},\"embed\":{}}", 400));
    assertEquals(400.0, missing.get("status"));
    assertEquals("nonces.last", missing.get("field"), String.valueOf(missing));
    assertEquals("missing", missing.get("rule"));

    Map<?, ?> noSection = json(call("PUT", "state", "{\"format\":1,\"clock\":\"2026-11-28T09:00:00Z\"}", 400));
    assertTrue(String.valueOf(noSection.get("detail")).contains("nonces"), String.valueOf(noSection));

    assertEquals(before, call("GET", "state", null, 200));
  }

  /** One call: JSON text in, the answer's text out, its status checked. */
  private String call(String method, String path, String body, int status) {
    RequestBody requestBody = body != null ? RequestBody.create(body, JSON_TYPE)
        : method.equals("POST") ? RequestBody.create(new byte[0], null) : null;
    Request request = new Request.Builder().url(base + path).method(method, requestBody).build();
    try (Response response = http.newCall(request).execute()) {
      String text = response.body().string();
      assertEquals(status, response.code(), method + " " + path + ": " + text);
      return text;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Map<?, ?> json(String text) {
    try {
      return (Map<?, ?>) JSON.fromJson(text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
