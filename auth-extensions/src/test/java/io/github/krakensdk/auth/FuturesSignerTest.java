package io.github.krakensdk.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

final class FuturesSignerTest {
  static final String SECRET = SpotSignerTest.SECRET;

  @Test
  void matchesTheReferenceReading() throws Exception {
    FuturesSigner signer = new FuturesSigner(SECRET);
    assertEquals(
        Reference.futuresAuthent(SECRET, "strategy=REJECT_TAKER", "1700000000000001", "/api/v3/self-trade-strategy"),
        signer.sign("/api/v3/self-trade-strategy", "strategy=REJECT_TAKER", "1700000000000001"));
    assertEquals(
        Reference.futuresAuthent(SECRET, "", "", "/api/v3/notifications"),
        signer.sign("/api/v3/notifications", "", ""));
  }

  @Test
  void derivativesPrefixIsOptional() {
    FuturesSigner signer = new FuturesSigner(SECRET);
    assertEquals(
        signer.sign("/api/v3/pnlpreferences", "", "42"),
        signer.sign("/derivatives/api/v3/pnlpreferences", "", "42"));
    // Only a whole leading segment is stripped.
    assertNotEquals(
        signer.sign("/api/v3/x", "", "42"), signer.sign("/derivativesx/api/v3/x", "", "42"));
  }

  @Test
  void orderOfTheSignedPartsMatters() {
    FuturesSigner signer = new FuturesSigner(SECRET);
    // postData + nonce + path: moving characters between parts must change the signature only
    // when the concatenation changes.
    assertEquals(signer.sign("/api/v3/a", "x=1", "2"), signer.sign("/api/v3/a", "x=12", ""));
    assertNotEquals(signer.sign("/api/v3/a", "x=1", "2"), signer.sign("/api/v3/a", "x=2", "1"));
  }

  @Test
  void refusesBadSecretsWithoutEchoingThem() {
    String secret = "abc$def";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new FuturesSigner(secret));
    assertFalse(e.getMessage().contains(secret));
    assertFalse(e.getMessage().contains("$"));
  }
}
