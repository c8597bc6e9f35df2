package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The signing interceptors describe themselves without their secret, and copy their builders (issue 12, mutation testing). */
final class SigningInterceptorDescriptionTest {
  private final ApiCredentials credentials = new ApiCredentials("the-key", SpotSignerTest.SECRET);

  @Test void toStringNamesTheInterceptorAndHidesTheSecret() {
    for (Object interceptor : new Object[] {
        SpotSigningInterceptor.builder(credentials).build(),
        FuturesSigningInterceptor.builder(credentials).build(),
        EmbedSigningInterceptor.builder(credentials).build(),
        FundingSigningInterceptor.builder(credentials).build()}) {
      String text = interceptor.toString();
      assertTrue(text.startsWith(interceptor.getClass().getSimpleName() + "{"), text);
      assertTrue(text.endsWith("{" + credentials + "}"), text);
      assertFalse(text.contains(SpotSignerTest.SECRET), text);
    }
  }

  @Test void newBuilderStartsFromTheInstance() {
    SpotSigningInterceptor spot = SpotSigningInterceptor.builder(credentials).build();
    assertEquals(spot.toString(), spot.newBuilder().build().toString());
    FuturesSigningInterceptor futures = FuturesSigningInterceptor.builder(credentials).build();
    assertEquals(futures.toString(), futures.newBuilder().build().toString());
    FundingSigningInterceptor funding = FundingSigningInterceptor.builder(credentials).build();
    assertEquals(funding.toString(), funding.newBuilder().build().toString());
  }

  @Test void theFuturesSignerHidesItsSecret() {
    assertEquals("FuturesSigner{secret=██}", new FuturesSigner(SpotSignerTest.SECRET).toString());
  }
}
