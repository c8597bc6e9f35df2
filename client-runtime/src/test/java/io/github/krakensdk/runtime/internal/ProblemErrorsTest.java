package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.GET;

/**
 * The {@code problem} envelope (Funding): an error status with {@code application/problem+json},
 * whose code is the tag of {@code type} after its last {@code :}, becomes the same exceptions as
 * the other families' errors.
 */
final class ProblemErrorsTest {
  private static final ErrorModel ERRORS = ErrorModel.problem(TestCodes.Code::new, Map.of(
      "InvalidKey", ErrorModel.Kind.AUTHENTICATION,
      "InvalidNonce", ErrorModel.Kind.NONCE_REJECTED,
      "RateLimitExceeded", ErrorModel.Kind.RATE_LIMITED));
  private static final Operation LIST_WITHDRAWALS = new Operation("listFundingWithdrawalsV1", true, true, ERRORS);

  interface Api {
    @GET("funding/v1/withdrawals")
    Call<ResponseBody> withdrawals();
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final Calls calls = Calls.builder(new Moshi.Builder().build())
      .retryPolicy(RetryPolicy.none())
      .warnings((operationId, warnings) -> { })
      .build();

  private Api api() {
    return new Retrofit.Builder().baseUrl(server.url("/")).build().create(Api.class);
  }

  private void answer(int status, String body) {
    server.enqueue(new MockResponse.Builder().code(status)
        .setHeader("Content-Type", "application/problem+json").body(body).build());
  }

  private KrakenServiceException failure() {
    return assertThrows(KrakenServiceException.class,
        () -> calls.execute(LIST_WITHDRAWALS, api()::withdrawals, null, body -> body));
  }

  @Test
  void anUnknownKeyIsAnAuthenticationFailureWithTheTagAsItsCode() {
    answer(401, "{\"type\":\"tag:kraken.com,2025:InvalidKey\",\"status\":401,\"title\":\"API: Invalid key\","
        + "\"data\":null,\"source\":\"Gateway\"}");
    KrakenServiceException e = failure();
    assertInstanceOf(AuthenticationException.class, e);
    assertEquals("InvalidKey", e.code().value());
    assertEquals(List.of("InvalidKey"), e.errors());
    assertEquals("API: Invalid key", e.errorDescription(), "without detail, the title describes the error");
    assertEquals(401, e.httpStatus());
    assertEquals("listFundingWithdrawalsV1", e.operationId());
  }

  @Test
  void theDetailDescribesAnInvalidArgumentAndTheCodeIsNotMarked() {
    answer(400, "{\"type\":\"tag:kraken.com,2025:InvalidArguments\",\"status\":400,\"title\":\"General: Invalid"
        + " arguments\",\"detail\":\"limit: must be at most 500, was 800\",\"source\":\"Funding\"}");
    KrakenServiceException e = failure();
    assertEquals(KrakenServiceException.class, e.getClass());
    assertEquals("InvalidArguments", e.code().value());
    assertEquals("limit: must be at most 500, was 800", e.errorDescription());
  }

  @Test
  void aRejectedNonceIsNamedByItsCodeWhateverTheStatus() {
    // The client re-signs and re-sends after a rejected nonce: every attempt gets the same answer.
    for (int i = 0; i < 5; i++) {
      answer(400, "{\"type\":\"tag:kraken.com,2025:InvalidNonce\",\"status\":400,\"title\":\"API: Invalid nonce\"}");
    }
    assertInstanceOf(NonceRejectedException.class, failure());
  }

  @Test
  void aRateLimitIsNamedByItsCodeWhateverTheStatus() {
    for (int i = 0; i < 5; i++) {
      answer(400, "{\"type\":\"tag:kraken.com,2025:RateLimitExceeded\",\"status\":400,\"title\":\"API: Rate"
          + " limit exceeded\"}");
    }
    assertInstanceOf(RateLimitedException.class, failure());
  }

  @Test
  void aBodyWithoutTypeIsReadAsSpotErrorsOrIsUnexpected() {
    server.enqueue(new MockResponse.Builder().code(404).setHeader("Content-Type", "application/json")
        .body("{\"error\":[\"EGeneral:Unknown method\"]}").build());
    KrakenServiceException spotStyle = failure();
    assertEquals(List.of("EGeneral:Unknown method"), spotStyle.errors());
    assertEquals("EGeneral:Unknown method", spotStyle.code().value());

    answer(500, "{\"title\":\"no type\"}");
    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class,
        () -> calls.execute(LIST_WITHDRAWALS, api()::withdrawals, null, body -> body));
    assertEquals(500, e.httpStatus());
  }

  @Test
  void theCodeIsTheTagAfterTheLastColon() {
    assertEquals("InvalidKey", ErrorModel.problemCode("tag:kraken.com,2025:InvalidKey"));
    assertEquals("Plain", ErrorModel.problemCode("Plain"));
  }

  @Test
  void aSuccessIsTheWholeBodyEvenWithAResultMember() {
    // Funding's deleteFundingAddressV1 answers {"result": true}: no envelope, nothing to unwrap.
    Map<String, Object> body = Map.of("result", true);
    assertEquals(body, ERRORS.resultOf(body));
    assertSame(Envelope.none(), ERRORS.envelopeOf(body));
  }
}
