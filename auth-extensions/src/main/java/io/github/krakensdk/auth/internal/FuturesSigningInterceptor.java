package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.FuturesSigner;
import io.github.krakensdk.auth.internal.RequestBodies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Signs Kraken Futures private requests with the headers {@code APIKey}, {@code Authent} and
 * {@code Nonce}.
 *
 * <p>{@code postData} is the request body when there is a non-empty one (a form POST), and
 * otherwise the encoded query string exactly as it appears in the URL (e.g. {@code PUT
 * /self-trade-strategy?strategy=...}); the endpoint path is signed without its leading {@code
 * /derivatives}. Full-access and read-only keys are used the same way; which operations a key may
 * call is the service's business.
 *
 * <p>Install it as a <b>network</b> interceptor, so that every attempt carries a fresh nonce:
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(FuturesSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 *
 * Only requests of operations whose contract names a security scheme are signed (the generated
 * Retrofit method's {@code @Security}, or a {@code RequestSecurity} tag on a hand-built request);
 * public operations, such as the trade history, pass through untouched.
 */
public final class FuturesSigningInterceptor implements Interceptor {
  private final SigningSupport support;
  private final FuturesSigner signer;

  private FuturesSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("FuturesSigningInterceptor", builder);
    this.signer = FuturesSigner.of(builder.credentials);
  }

  /** Starts configuring an interceptor that signs with {@code credentials}. */
  public static Builder builder(ApiCredentials credentials) {
    return new Builder(credentials);
  }

  /** A builder that starts from this instance's configuration. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    return support.intercept(chain, this::prepare);
  }

  private SigningSupport.Prepared prepare(Request request) throws IOException {
    byte[] bodyBytes = RequestBodies.bytesOf(request.body());
    String query = request.url().encodedQuery();
    byte[] postData =
        bodyBytes.length > 0
            ? bodyBytes
            : query == null ? new byte[0] : query.getBytes(StandardCharsets.UTF_8);
    String endpointPath = request.url().encodedPath();
    return nonce ->
        SigningSupport.withBodyBytes(request, bodyBytes)
            .header("APIKey", support.credentials.key())
            .header("Authent", signer.sign(endpointPath, postData, nonce))
            .header("Nonce", nonce)
            .build();
  }

  @Override
  public String toString() {
    return support.toString();
  }

  /**
   * Configures a {@link FuturesSigningInterceptor}; every setter returns this builder.
   */
  public static final class Builder extends SigningBuilder<Builder> {
    Builder(ApiCredentials credentials) {
      super(credentials);
    }

    Builder(FuturesSigningInterceptor interceptor) {
      super(interceptor.support);
    }

    /** Builds the configured {@link FuturesSigningInterceptor}. */
    public FuturesSigningInterceptor build() {
      return new FuturesSigningInterceptor(this);
    }
  }

}
