package io.github.krakensdk.auth.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The digests the signers build on, against published test vectors. */
final class DigestsTest {
  /** RFC 4231, test case 2: key "Jefe". */
  private static final byte[] JEFE = "Jefe".getBytes(UTF_8);
  private static final String RFC4231_2_SHA512 = "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737";
  private static final String RFC4231_2_SHA256 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";

  @Test
  void sha256OfPartsIsTheDigestOfTheirConcatenation() {
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        Digests.hex(Digests.sha256("a".getBytes(UTF_8), "bc".getBytes(UTF_8))));
  }

  @Test
  void aSha256ThatFailedHalfWayLeavesNothingForTheNext() {
    assertThrows(NullPointerException.class, () -> Digests.sha256("a".getBytes(UTF_8), null));
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        Digests.hex(Digests.sha256("abc".getBytes(UTF_8))));
  }

  @Test
  void hmacsMatchRfc4231() {
    byte[][] parts = {"what do ya want ".getBytes(UTF_8), "for nothing?".getBytes(UTF_8)};
    assertEquals(RFC4231_2_SHA512, Digests.hex(Digests.hmacSha512(JEFE, parts)));
    assertEquals(RFC4231_2_SHA512, Digests.hex(Digests.hmacSha512(JEFE).compute(parts)));
    assertEquals(RFC4231_2_SHA256, Digests.hex(Digests.hmacSha256(JEFE, parts)));
  }

  @Test
  void aKeyedHmacKeepsItsOwnCopyOfTheKeyAndHidesIt() {
    byte[] key = JEFE.clone();
    Digests.Hmac hmac = Digests.hmacSha512(key);
    key[0] = 'X'; // the caller's array changes afterwards
    assertEquals(RFC4231_2_SHA512, Digests.hex(hmac.compute("what do ya want for nothing?".getBytes(UTF_8))));
    String description = hmac.toString();
    assertTrue(description.startsWith("Hmac{HmacSHA512, key="), description);
    assertFalse(description.contains("Jefe"), description);
  }
}
