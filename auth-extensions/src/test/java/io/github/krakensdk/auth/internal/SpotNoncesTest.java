package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.internal.SpotNonces;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

final class SpotNoncesTest {
  private static String json(String body) {
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
  void theScanFindsTheTopLevelMemberWhateverItsNeighboursHold() {
    // Strings holding quotes, escaped backslashes, braces, commas and colons, and nested values,
    // before and after the nonce.
    assertEquals("{\"a\":\"\\\\\",\"b\":[{\"nonce\":\"}],:\"}],\"nonce\":5,\"c\":{\"d\":[\"\\\"\"]}}",
        json("{\"a\":\"\\\\\",\"b\":[{\"nonce\":\"}],:\"}],\"nonce\":[{\"x\":\"\\\"}\"}],\"c\":{\"d\":[\"\\\"\"]}}"));
    assertEquals("{\"nonce\"\t:\r\n5\n}", json("{\"nonce\"\t:\r\n\"a,b\"\n}"));
    assertEquals("{\"x\":true,\"nonce\":5}", json("{\"x\":true,\"nonce\":-1.5e+3}"));
  }

  @Test
  void notAStrictJsonObjectIsRefused() {
    String[] bad = {
      "[1]", "1", "\"s\"", "null", " ", "{", "}", "{\"a\":1,}", "{\"a\":1} x", "{} {}", "{'a':1}",
      "{a:1}", "{\"nonce\":1,\"nonce\":2}", "{\"n\\u006fnce\":1,\"nonce\":2}", "{\"a\":01}",
      "{\"a\":[1,]}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":1e}", "{\"a\":+1}",
      "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":tru}", "{\"a\":nul}", "{\"a\":\"abc}",
      "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":[1 2]}", "{\"a\" 1}", "{\"a\":1 \"b\":2}",
      "{\"a\":1}// c", "/* c */{}", "{# c\n}", "\u00a0{}"
    };
    for (String text : bad) {
      assertThrows(IllegalArgumentException.class, () -> json(text), () -> "accepted: " + text);
    }
    // Malformed UTF-8 cannot be re-encoded to the same bytes, so it is refused too.
    assertThrows(IllegalArgumentException.class,
        () -> SpotNonces.putIntoJson(new byte[] {'{', '"', (byte) 0xC3, '"', ':', '1', '}'}, "5"));
  }

  @Test
  void deepNestingIsRefusedWithoutOverflowingTheStack() {
    char[] deep = new char[100_000];
    Arrays.fill(deep, '[');
    assertThrows(IllegalArgumentException.class, () -> json("{\"a\":" + new String(deep)));
  }

  @Test
  void messagesNeverQuoteTheBody() {
    for (String secret : new String[] {
        "{\"otp\":\"tok-SECRET-123\",}", "{\"otp\":\"tok-SECRET-123\" x}", "{\"otp\":tok-SECRET-123}"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> json(secret));
      assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
      assertFalse(e.getMessage().contains("setLenient"), e.getMessage());
    }
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

  private static String encoded(String body) {
    return new String(
        SpotNonces.putIntoEncodedJson(body.getBytes(StandardCharsets.UTF_8), "5"), StandardCharsets.UTF_8);
  }

  @Test
  void anEncodedBodyTakesTheNonceAsItsFirstMemberWithoutBeingParsed() {
    assertEquals("{\"nonce\":5}", encoded("{}"));
    assertEquals("{\"nonce\":5,\"a\":1}", encoded("{\"a\":1}"));
    // Not parsed again: the SDK wrote it (a leading zero, which the checked path refuses, stays).
    assertEquals("{\"nonce\":5,\"a\":01}", encoded("{\"a\":01}"));
  }

  @Test
  void anEncodedBodyThatIsNotPlainTakesTheCheckedPath() {
    assertEquals("{\"nonce\":5}", encoded(""));
    assertEquals("{\"nonce\":5}", encoded("{"  + "\"nonce\":1}"));
    assertEquals("{\"a\":1,\"nonce\":5}", encoded("{\"a\":1,\"nonce\":1}"));
    assertEquals(" {\"nonce\":5,\"a\":1}", encoded(" {\"a\":1}"));
    // "nonce" anywhere, even as the last bytes, sends the body through the checks.
    assertThrows(IllegalArgumentException.class, () -> encoded("{\"a\":\"nonce\""));
    assertThrows(IllegalArgumentException.class, () -> encoded("{\"a\":\"x\",\"nonce\""));
    assertEquals("{\"nonce\":5,\"a\":\"nonc\"}", encoded("{\"a\":\"nonc\"}"));
    assertEquals("{\"nonce\":5,\"a\":\"nonce\"}", encoded("{\"a\":\"nonce\"}"));
  }

  @Test
  void anEncodedBodyTakesANonceOutsideAsciiAsUtf8() {
    // A nonce is digits, but a caller's nonce source may hand anything: the fast path writes bytes
    // as they are only for ASCII, and anything else goes in as UTF-8, as the checked path writes it.
    assertEquals("{\"nonce\":\u00e95,\"a\":1}", encoded("{\"a\":1}", "\u00e95"));
    assertEquals("{\"nonce\":\u0080}", encoded("{}", "\u0080"));
    assertEquals("{\"nonce\":\u007f,\"a\":1}", encoded("{\"a\":1}", "\u007f"));
  }

  @Test
  void aFormNonceIsWrittenAsIso88591() {
    assertArrayEquals(new byte[] {'n', 'o', 'n', 'c', 'e', '=', (byte) 0xFF}, SpotNonces.putIntoForm(new byte[0], "\u00ff"));
    assertArrayEquals(new byte[] {'n', 'o', 'n', 'c', 'e', '=', '?'}, SpotNonces.putIntoForm(new byte[0], "\u0100"));
  }

  private static String encoded(String body, String nonce) {
    return new String(
        SpotNonces.putIntoEncodedJson(body.getBytes(StandardCharsets.UTF_8), nonce), StandardCharsets.UTF_8);
  }
}
