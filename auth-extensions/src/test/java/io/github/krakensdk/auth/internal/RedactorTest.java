package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.internal.Redactor;
import io.github.krakensdk.auth.internal.Secrets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Redactor on its own: exact outputs, so that every branch of the scan is pinned (issue 12, mutation testing). */
class RedactorTest {
  private static final String R = Secrets.REDACTED;
  private final Redactor redactor = new Redactor(List.of("API-Sign", "Authorization"), List.of("nonce", "token", "otp"));

  @Test void headersMatchWhateverTheCase() {
    assertTrue(redactor.isSecretHeader("api-sign"));
    assertTrue(redactor.isSecretHeader("AUTHORIZATION"));
    assertFalse(redactor.isSecretHeader("Content-Type"));
    assertFalse(redactor.isSecretHeader("API-Sign2"));
  }

  @Test void jsonStringScalarAndLiteralValues() {
    assertEquals("{\"token\":\"" + R + "\",\"a\":1}", redactor.redactText("{\"token\":\"abc\",\"a\":1}"));
    assertEquals("{\"nonce\" : \"" + R + "\"}", redactor.redactText("{\"nonce\" : 1234567}"));
    assertEquals("{\"nonce\":\"" + R + "\"}", redactor.redactText("{\"nonce\":-1.5e+3}"));
    assertEquals("{\"otp\":\"" + R + "\",\"b\":2}", redactor.redactText("{\"otp\":true,\"b\":2}"));
    assertEquals("{\"otp\":\"" + R + "\"}", redactor.redactText("{\"otp\":FALSE}"));
    assertEquals("{\"otp\":\"" + R + "\"}", redactor.redactText("{\"otp\":null}"));
    assertEquals("{\"TOKEN\":\"" + R + "\"}", redactor.redactText("{\"TOKEN\":\"x\"}"), "names match whatever the case");
  }

  @Test void escapesInsideAStringDoNotEndIt() {
    assertEquals("{\"token\":\"" + R + "\",\"x\":\"y\"}", redactor.redactText("{\"token\":\"a\\\"b\\\\\",\"x\":\"y\"}"));
  }

  @Test void aStringCutOffIsRedactedToTheEnd() {
    assertEquals("{\"token\":\"" + R + "\"", redactor.redactText("{\"token\":\"abc"));
    assertEquals("{\"token\":\"" + R + "\"", redactor.redactText("{\"token\":\"ab\\"));
  }

  @Test void aNumberCutOffAtTheEndIsRedacted() {
    assertEquals("{\"nonce\":\"" + R + "\"", redactor.redactText("{\"nonce\":12"));
  }

  @Test void emptyNamesAreNotSecret() {
    String text = "{\"\":\"v\"}&=x";
    assertEquals(text, redactor.redactText(text));
  }

  @Test void objectsAndArraysAreScannedNotReplaced() {
    assertEquals("{\"token\":{\"token\":\"" + R + "\"}}", redactor.redactText("{\"token\":{\"token\":\"s\"}}"));
    assertEquals("{\"token\":[1]}", redactor.redactText("{\"token\":[1]}"));
    assertEquals("{\"token\":", redactor.redactText("{\"token\":"), "nothing after the colon");
  }

  @Test void everyMemberIsRedactedNotOnlyTheFirst() {
    assertEquals("[{\"token\":\"" + R + "\"},{\"token\":\"" + R + "\"},{\"nonce\":\"" + R + "\"}]",
        redactor.redactText("[{\"token\":\"a\"},{\"token\":\"b\"},{\"nonce\":3}]"));
  }

  @Test void otherMembersAndNamesThatOnlyContainASecretNameStay() {
    String text = "{\"tokens\":\"a\",\"mytoken\":\"b\",\"n\":1}";
    assertEquals(text, redactor.redactText(text));
  }

  @Test void formFieldsAndQueryParameters() {
    assertEquals("nonce=" + R + "&pair=XBTUSD", redactor.redactText("nonce=123&pair=XBTUSD"));
    assertEquals("pair=XBTUSD&otp=" + R, redactor.redactText("pair=XBTUSD&otp=999"));
    assertEquals("/path?token=" + R + "#frag", redactor.redactText("/path?token=abc#frag"));
    assertEquals("GET /x token=" + R + " done", redactor.redactText("GET /x token=abc done"));
    assertEquals("mytoken=abc&tokens=2", redactor.redactText("mytoken=abc&tokens=2"));
  }

  @Test void textWithoutSecretsIsUnchanged() {
    assertEquals("", redactor.redactText(""));
    assertEquals("plain text, a=1", redactor.redactText("plain text, a=1"));
  }

  @Test void aReplacementWithDollarSignsIsLiteral() {
    Redactor dollars = new Redactor(List.of(), List.of("key"));
    assertEquals("key=" + R + "&b=$1", dollars.redactText("key=$1&b=$1"));
  }
}
