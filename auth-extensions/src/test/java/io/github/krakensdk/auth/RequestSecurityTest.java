package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import io.github.krakensdk.runtime.internal.retrofit.Security;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.util.Random;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Interceptor;
import okhttp3.RequestBody;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Response;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.GET;
import retrofit2.http.POST;
import retrofit2.http.PUT;
import retrofit2.http.Query;
import retrofit2.http.Tag;

/**
 * The signers act on the security requirement the generated Retrofit method declares with
 * {@code @Security} (as the contract's operations do), never on the URL.
 */
final class RequestSecurityTest {
  /** Methods annotated as the generated ones are, one per kind of requirement. */
  interface Api {
    @Security(schemes = {"ApiKey", "ApiSign"}, scopes = {})
    @POST("0/private/WithdrawCancel")
    Call<ResponseBody> spotPrivate(@Body RequestBody body);

    @Security(schemes = {}, scopes = {})
    @POST("0/private/Looks/Private")
    Call<ResponseBody> publicOnAPrivateLookingPath(@Body RequestBody body);

    @Security(schemes = {}, scopes = {})
    @GET("0/public/Assets")
    Call<ResponseBody> spotPublic(@Query("asset") String asset);

    @Security(schemes = {"APIKey", "Authent", "Nonce"}, scopes = {})
    @PUT("derivatives/api/v3/self-trade-strategy")
    Call<ResponseBody> futuresPrivate(@Query("strategy") String strategy, @Body RequestBody empty);

    @Security(schemes = {}, scopes = {})
    @GET("derivatives/api/v3/history")
    Call<ResponseBody> futuresPublic(@Query("symbol") String symbol);

    @Security(schemes = {"ApiKey", "ApiSign", "ApiNonce"}, scopes = {})
    @GET("b2b/users/{user}")
    Call<ResponseBody> embedPrivate(@retrofit2.http.Path("user") String user);

    /** No annotation: a request tag decides, as for a raw call. */
    @POST("0/private/Balance")
    Call<ResponseBody> unannotated(@Body RequestBody body, @Tag RequestSecurity security);

    /** The annotation wins over a tag. */
    @Security(schemes = {}, scopes = {})
    @POST("0/private/Balance")
    Call<ResponseBody> publicDespiteATag(@Body RequestBody body, @Tag RequestSecurity security);
  }

  @StartStop final MockWebServer server = TestServers.noDelay();

  private final ApiCredentials credentials = new ApiCredentials("the-key", Reference.randomSecret(new Random(41), 64));

  private Api api(Interceptor signer) {
    return new Retrofit.Builder()
        .baseUrl(server.url("/"))
        .client(KrakenHttpClients.newBuilder().addNetworkInterceptor(signer).build())
        .build()
        .create(Api.class);
  }

  private RecordedRequest send(Call<ResponseBody> call) throws Exception {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    Response<ResponseBody> response = call.execute();
    assertEquals(200, response.code());
    response.body().close();
    return server.takeRequest();
  }

  private static RequestBody form(String text) {
    return RequestBody.create(text, okhttp3.MediaType.get("application/x-www-form-urlencoded"));
  }

  @Test
  void aSpotMethodWithApiKeyAndApiSignIsSigned() throws Exception {
    Api spot = api(SpotSigningInterceptor.builder(credentials).nonceSource(() -> 42L).build());
    RecordedRequest signed = send(spot.spotPrivate(form("asset=XBT&refid=R1")));
    assertEquals("the-key", signed.getHeaders().get("API-Key"));
    assertEquals("nonce=42&asset=XBT&refid=R1", signed.getBody().utf8());
    assertEquals(Reference.spotSign(credentials.base64Secret(), "/0/private/WithdrawCancel", "42",
        signed.getBody().toByteArray()), signed.getHeaders().get("API-Sign"));
  }

  @Test
  void aMethodWithoutSchemesPassesUnsigned() throws Exception {
    Api spot = api(SpotSigningInterceptor.builder(credentials).build());
    RecordedRequest assets = send(spot.spotPublic("XBT"));
    assertNull(assets.getHeaders().get("API-Key"));
    assertNull(assets.getHeaders().get("API-Sign"));
    RecordedRequest privateLooking = send(spot.publicOnAPrivateLookingPath(form("a=1")));
    assertNull(privateLooking.getHeaders().get("API-Key"), "the path does not matter");
    assertEquals("a=1", privateLooking.getBody().utf8(), "no nonce put in");

    Api futures = api(FuturesSigningInterceptor.builder(credentials).build());
    RecordedRequest history = send(futures.futuresPublic("PF_XBTUSD"));
    assertNull(history.getHeaders().get("APIKey"));
    assertNull(history.getHeaders().get("Authent"));
  }

  @Test
  void futuresAndEmbedMethodsWithSchemesAreSigned() throws Exception {
    Api futures = api(FuturesSigningInterceptor.builder(credentials).nonceSource(() -> 7L).build());
    RecordedRequest strategy = send(futures.futuresPrivate("REJECT_TAKER", RequestBody.create(new byte[0], null)));
    assertEquals("the-key", strategy.getHeaders().get("APIKey"));
    assertEquals(Reference.futuresAuthent(credentials.base64Secret(), "strategy=REJECT_TAKER", "7",
        "/derivatives/api/v3/self-trade-strategy"), strategy.getHeaders().get("Authent"));

    Api embed = api(EmbedSigningInterceptor.builder(credentials).nonceSource(() -> 9L).build());
    RecordedRequest user = send(embed.embedPrivate("AA00000000000000"));
    assertEquals("the-key", user.getHeaders().get("API-Key"));
    assertEquals("9", user.getHeaders().get("API-Nonce"));
    assertEquals(Reference.spotSign(credentials.base64Secret(), "/b2b/users/AA00000000000000", "9", new byte[0]),
        user.getHeaders().get("API-Sign"));
  }

  @Test
  void withoutAnAnnotationTheRequestTagDecides() throws Exception {
    Api spot = api(SpotSigningInterceptor.builder(credentials).build());
    assertNotNull(send(spot.unannotated(form("a=1"), RequestSecurity.AUTHENTICATED)).getHeaders().get("API-Sign"));
    assertNull(send(spot.unannotated(form("a=1"), null)).getHeaders().get("API-Sign"), "no tag: public");
    assertNull(send(spot.unannotated(form("a=1"), RequestSecurity.PUBLIC)).getHeaders().get("API-Sign"));
    RecordedRequest annotated = send(spot.publicDespiteATag(form("a=1"), RequestSecurity.AUTHENTICATED));
    assertNull(annotated.getHeaders().get("API-Sign"), "the contract's requirement wins");
    assertTrue(annotated.getBody().utf8().equals("a=1"));
  }
}
