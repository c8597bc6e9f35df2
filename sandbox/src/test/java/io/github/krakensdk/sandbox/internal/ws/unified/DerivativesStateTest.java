package io.github.krakensdk.sandbox.internal.ws.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxState;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The derivatives market in the sandbox's state document: its section is exported with the
 * others, and a document exported before the market joined the state (no {@code derivatives}
 * member) still imports, the market starting from the seed. What the market keeps across export,
 * reset and restore (an open order, a position) is checked end to end by the tests module's
 * {@code UnifiedAgainstSandboxTest}.
 */
class DerivativesStateTest {
  private static final JsonAdapter<Map<String, Object>> JSON = new Moshi.Builder().build()
      .adapter(Types.newParameterizedType(Map.class, String.class, Object.class));

  private Sandbox sandbox;

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
  }

  @AfterEach
  void stop() {
    sandbox.close();
  }

  @Test
  @SuppressWarnings("unchecked")
  void theMarketIsASectionOfTheStateDocument() throws IOException {
    Map<String, Object> document = JSON.fromJson(sandbox.state().export().toJson());
    Map<String, Object> market = (Map<String, Object>) document.get("derivatives");
    assertNotNull(market, "a derivatives section beside " + document.keySet());
    Map<String, Object> books = (Map<String, Object>) market.get("books");
    assertEquals(List.of("PF_XBTUSD", "PF_ETHUSD", "PF_SOLUSD"), List.copyOf(books.keySet()));
    Map<String, Object> xbt = (Map<String, Object>) books.get("PF_XBTUSD");
    assertEquals(12, size(xbt.get("bids")), "the maker's 12 levels a side");
    assertEquals(12, size(xbt.get("asks")));
    assertEquals(3 * 24, size(market.get("open")), "the maker's orders of the three contracts");
  }

  /** Entries of a map written as an object, or as an array of [key, value] pairs (decimal keys). */
  private static int size(Object json) {
    return json instanceof Map<?, ?> map ? map.size() : ((List<?>) json).size();
  }

  @Test
  void aDocumentWithoutTheMarketImportsWithTheSeedMarket() throws IOException {
    String before = sandbox.state().export().toJson();
    int section = before.indexOf(",\n  \"derivatives\": ");
    assertTrue(section > 0 && before.endsWith("}\n}\n"), "the last section");
    String older = before.substring(0, section) + "\n}\n"; // as a 1.0.0 sandbox exported it
    assertFalse(older.contains("\"derivatives\""));
    sandbox.state().restore(SandboxState.fromJson(older));
    Map<String, Object> after = JSON.fromJson(sandbox.state().export().toJson());
    assertEquals(JSON.fromJson(before).get("derivatives"), after.get("derivatives"), "the seed's market");
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> sandbox.state().restore(SandboxState.fromJson(older.replace("\"embed\": ", "\"embedded\": "))));
    assertEquals("embed: missing", missing.getMessage(), "a section of 1.0.0 is still required");
  }
}
