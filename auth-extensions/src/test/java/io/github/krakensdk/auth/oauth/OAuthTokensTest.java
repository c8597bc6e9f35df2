package io.github.krakensdk.auth.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** OAuthTokens' value semantics, expiry boundary and redacted toString (issue 12, mutation testing). */
class OAuthTokensTest {
  private static final Instant EXPIRES = Instant.parse("2026-01-01T00:15:00Z");
  private final OAuthTokens tokens = OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-1")
      .expiresAt(EXPIRES).tokenType("bearer").scope("account.info:basic").build();

  @Test void accessorsReturnWhatWasGiven() {
    assertEquals("access-1", tokens.accessToken());
    assertEquals("refresh-1", tokens.refreshToken());
    assertEquals(EXPIRES, tokens.expiresAt());
    assertEquals("bearer", tokens.tokenType());
    assertEquals("account.info:basic", tokens.scope());
  }

  @Test void requiredParts() {
    assertThrows(RuntimeException.class, () -> OAuthTokens.builder().tokenType("bearer").build());
    assertThrows(RuntimeException.class, () -> OAuthTokens.builder().accessToken(" ").tokenType("bearer").build());
    NullPointerException e = assertThrows(NullPointerException.class, () -> OAuthTokens.builder().accessToken("a")
        .build());
    assertEquals("tokenType == null", e.getMessage());
  }

  @Test void expiresWithinIsInclusiveAtTheMargin() {
    Duration margin = Duration.ofSeconds(30);
    assertFalse(tokens.expiresWithin(margin, EXPIRES.minusSeconds(31)));
    assertTrue(tokens.expiresWithin(margin, EXPIRES.minusSeconds(30)), "exactly at the margin counts");
    assertTrue(tokens.expiresWithin(margin, EXPIRES.minusSeconds(29)));
    assertTrue(tokens.expiresWithin(margin, EXPIRES.plusSeconds(60)), "already expired");
    assertFalse(OAuthTokens.builder().accessToken("a").tokenType("bearer").build().expiresWithin(margin, EXPIRES),
        "unknown lifetime");
  }

  @Test void toBuilderKeepsTheRest() {
    OAuthTokens rotated = tokens.toBuilder().refreshToken("refresh-2").build();
    assertEquals("refresh-2", rotated.refreshToken());
    assertEquals(OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-2").expiresAt(EXPIRES)
        .tokenType("bearer").scope("account.info:basic").build(), rotated);
    assertNull(tokens.toBuilder().refreshToken(null).build().refreshToken());
  }

  @Test void equalityCoversEveryPart() {
    OAuthTokens same = OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-1").expiresAt(EXPIRES)
        .tokenType("bearer").scope("account.info:basic").build();
    assertEquals(tokens, same);
    assertEquals(tokens.hashCode(), same.hashCode());
    assertNotEquals(tokens, OAuthTokens.builder().accessToken("access-2").refreshToken("refresh-1").expiresAt(EXPIRES)
        .tokenType("bearer").scope("account.info:basic").build());
    assertNotEquals(tokens, OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-2").expiresAt(EXPIRES)
        .tokenType("bearer").scope("account.info:basic").build());
    assertNotEquals(tokens, OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-1")
        .expiresAt(EXPIRES.plusSeconds(1)).tokenType("bearer").scope("account.info:basic").build());
    assertNotEquals(tokens, OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-1").expiresAt(EXPIRES)
        .tokenType("mac").scope("account.info:basic").build());
    assertNotEquals(tokens, OAuthTokens.builder().accessToken("access-1").refreshToken("refresh-1").expiresAt(EXPIRES)
        .tokenType("bearer").scope("other").build());
    assertNotEquals(tokens.hashCode(), OAuthTokens.builder().accessToken("access-2").refreshToken("refresh-1")
        .expiresAt(EXPIRES).tokenType("bearer").scope("x").build().hashCode());
    assertFalse(tokens.equals("access-1"));
    assertFalse(tokens.equals(null));
  }

  @Test void toStringHidesBothTokens() {
    assertEquals("OAuthTokens{accessToken=██, refreshToken=██, expiresAt=2026-01-01T00:15:00Z, tokenType=bearer, "
        + "scope=account.info:basic}", tokens.toString());
    assertEquals("OAuthTokens{accessToken=██, refreshToken=none, expiresAt=null, tokenType=bearer, scope=null}",
        OAuthTokens.builder().accessToken("a").tokenType("bearer").build().toString());
  }
}
