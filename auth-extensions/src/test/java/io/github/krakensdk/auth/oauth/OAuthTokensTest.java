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
  private final OAuthTokens tokens = new OAuthTokens("access-1", "refresh-1", EXPIRES, "bearer", "account.info:basic");

  @Test void accessorsReturnWhatWasGiven() {
    assertEquals("access-1", tokens.accessToken());
    assertEquals("refresh-1", tokens.refreshToken());
    assertEquals(EXPIRES, tokens.expiresAt());
    assertEquals("bearer", tokens.tokenType());
    assertEquals("account.info:basic", tokens.scope());
  }

  @Test void requiredParts() {
    assertThrows(RuntimeException.class, () -> new OAuthTokens(null, null, null, "bearer", null));
    assertThrows(RuntimeException.class, () -> new OAuthTokens(" ", null, null, "bearer", null));
    NullPointerException e = assertThrows(NullPointerException.class, () -> new OAuthTokens("a", null, null, null, null));
    assertEquals("tokenType == null", e.getMessage());
  }

  @Test void expiresWithinIsInclusiveAtTheMargin() {
    Duration margin = Duration.ofSeconds(30);
    assertFalse(tokens.expiresWithin(margin, EXPIRES.minusSeconds(31)));
    assertTrue(tokens.expiresWithin(margin, EXPIRES.minusSeconds(30)), "exactly at the margin counts");
    assertTrue(tokens.expiresWithin(margin, EXPIRES.minusSeconds(29)));
    assertTrue(tokens.expiresWithin(margin, EXPIRES.plusSeconds(60)), "already expired");
    assertFalse(new OAuthTokens("a", null, null, "bearer", null).expiresWithin(margin, EXPIRES), "unknown lifetime");
  }

  @Test void withRefreshTokenKeepsTheRest() {
    OAuthTokens rotated = tokens.withRefreshToken("refresh-2");
    assertEquals("refresh-2", rotated.refreshToken());
    assertEquals(new OAuthTokens("access-1", "refresh-2", EXPIRES, "bearer", "account.info:basic"), rotated);
    assertNull(tokens.withRefreshToken(null).refreshToken());
  }

  @Test void equalityCoversEveryPart() {
    OAuthTokens same = new OAuthTokens("access-1", "refresh-1", EXPIRES, "bearer", "account.info:basic");
    assertEquals(tokens, same);
    assertEquals(tokens.hashCode(), same.hashCode());
    assertNotEquals(tokens, new OAuthTokens("access-2", "refresh-1", EXPIRES, "bearer", "account.info:basic"));
    assertNotEquals(tokens, new OAuthTokens("access-1", "refresh-2", EXPIRES, "bearer", "account.info:basic"));
    assertNotEquals(tokens, new OAuthTokens("access-1", "refresh-1", EXPIRES.plusSeconds(1), "bearer", "account.info:basic"));
    assertNotEquals(tokens, new OAuthTokens("access-1", "refresh-1", EXPIRES, "mac", "account.info:basic"));
    assertNotEquals(tokens, new OAuthTokens("access-1", "refresh-1", EXPIRES, "bearer", "other"));
    assertNotEquals(tokens.hashCode(), new OAuthTokens("access-2", "refresh-1", EXPIRES, "bearer", "x").hashCode());
    assertFalse(tokens.equals("access-1"));
    assertFalse(tokens.equals(null));
  }

  @Test void toStringHidesBothTokens() {
    assertEquals("OAuthTokens{accessToken=██, refreshToken=██, expiresAt=2026-01-01T00:15:00Z, tokenType=bearer, "
        + "scope=account.info:basic}", tokens.toString());
    assertEquals("OAuthTokens{accessToken=██, refreshToken=none, expiresAt=null, tokenType=bearer, scope=null}",
        new OAuthTokens("a", null, null, "bearer", null).toString());
  }
}
