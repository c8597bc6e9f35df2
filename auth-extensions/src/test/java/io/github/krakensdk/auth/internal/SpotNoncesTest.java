package io.github.krakensdk.auth.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

final class SpotNoncesTest {
  private static String json(String body) throws JsonException {
    return new String(
        SpotNonces.putIntoJson(body.getBytes(StandardCharsets.UTF_8), "5"), StandardCharsets.UTF_8);
  }

  private static String form(String body) {
    return new String(
        SpotNonces.putIntoForm(body.getBytes(StandardCharsets.UTF_8), "5"), StandardCharsets.UTF_8);
  }

  @Test
  void jsonNonceGoesFirstAndNothingElseChanges() throws Exception {
    assertEquals("{\"nonce\":5,\"a\":1}", json("{\"a\":1}"));
    assertEquals(
        "{\"nonce\":5, \"b\" : [1, 2.50, {\"c\":null}] }", json("{ \"b\" : [1, 2.50, {\"c\":null}] }"));
    assertEquals("{\"nonce\":5}", json("{}"));
    assertEquals(" {\"nonce\":5} \n", json(" {} \n"));
    assertEquals("{\"nonce\":5}", json(""));
    // Number formatting, escapes and non-ASCII text survive byte for byte.
    assertEquals(
        "{\"nonce\":5,\"amount\":\"0.10\",\"x\":1.0E+2,\"s\":\"\\u00e9 漢 😀\"}",
        json("{\"amount\":\"0.10\",\"x\":1.0E+2,\"s\":\"\\u00e9 漢 😀\"}"));
  }

  @Test
  void existingTopLevelNonceIsReplacedInPlace() throws Exception {
    assertEquals("{ \"a\":1, \"nonce\" : 5 , \"b\":2}", json("{ \"a\":1, \"nonce\" : 123 , \"b\":2}"));
    assertEquals("{\"nonce\":5}", json("{\"nonce\":\"old\"}"));
    assertEquals("{\"nonce\":5}", json("{\"nonce\":{\"deep\":[1,2]}}"));
    // A name written with an escape is still the member "nonce".
    assertEquals("{\"n\\u006fnce\":5}", json("{\"n\\u006fnce\":null}"));
    // A nested nonce is data, not the request's nonce.
    assertEquals("{\"nonce\":5,\"x\":{\"nonce\":1}}", json("{\"x\":{\"nonce\":1}}"));
  }

  @Test
  void notAStrictJsonObjectIsRefused() {
    for (String bad : new String[] {"[1]", "1", "\"s\"", "{\"a\":1,}", "{\"a\":1} x", "{'a':1}",
        "{\"nonce\":1,\"nonce\":2}", "{\"a\":01}", "{"}) {
      assertThrows(JsonException.class, () -> json(bad), bad);
    }
    // Malformed UTF-8 cannot be re-encoded to the same bytes, so it is refused too.
    assertThrows(JsonException.class,
        () -> SpotNonces.putIntoJson(new byte[] {'{', '"', (byte) 0xC3, '"', ':', '1', '}'}, "5"));
  }

  @Test
  void formNonceGoesFirstOrReplacesTheField() {
    assertEquals("nonce=5", form(""));
    assertEquals("nonce=5&pair=XBTUSD", form("pair=XBTUSD"));
    assertEquals("a=1&nonce=5&b=2", form("a=1&nonce=old&b=2"));
    assertEquals("nonce=5", form("nonce"));
    assertEquals("nonce=5&xnonce=1&nonce2=3", form("xnonce=1&nonce2=3"));
    assertThrows(IllegalArgumentException.class, () -> form("nonce=1&nonce=2"));
  }

  @Test
  void formBytesOutsideAsciiAreKept() {
    byte[] body = {'a', '=', (byte) 0xFF, (byte) 0x80};
    byte[] expected = {'n', 'o', 'n', 'c', 'e', '=', '5', '&', 'a', '=', (byte) 0xFF, (byte) 0x80};
    assertArrayEquals(expected, SpotNonces.putIntoForm(body, "5"));
  }
}
