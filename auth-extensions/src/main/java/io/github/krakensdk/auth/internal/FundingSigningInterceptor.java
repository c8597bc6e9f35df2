package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.nonce.NonceSource;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Signs Kraken Spot Funding (Beta) requests ({@code /funding/v1/...}, {@code /funding/v2/...})
 * with a <b>Spot</b> API key: {@code API-Key}, {@code API-Sign} and {@code API-Nonce}, every
 * method (GET and DELETE included).
 *
 * <p>The signature is Embed's ({@link EmbedSigningInterceptor}): the Spot scheme ({@link
 * SpotSigner}) over the path with its query string exactly as sent, and the nonce followed by the
 * exact body bytes, the nonce alone for a request without a body (GET, DELETE, a PUT without a
 * body). The body is not changed. A two-factor password travels in the {@code API-OTP} header,
 * which the caller sets per request (as a Spot request carries its {@code otp} member); it is
 * not signed and passes through as set.
 *
 * <p><b>One key, one counter.</b> The service keeps one nonce per API key for {@code /0/private}
 * (nonce in the body) and {@code /funding} (nonce in the header). Give this interceptor the
 * {@link NonceSource} of the key's {@link SpotSigningInterceptor}, and keep both families' requests
 * of the key in one queue, so that every request of the key carries a higher nonce than the one
 * before it, whichever family it belongs to. {@code KrakenClient} does both.
 *
 * <pre>{@code
 * NonceSource nonces = NonceSource.system();
 * OkHttpClient spot = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).nonceSource(nonces).build())
 *     .build();
 * OkHttpClient funding = spot.newBuilder()
 *     .addNetworkInterceptor(FundingSigningInterceptor.builder(credentials).nonceSource(nonces).build())
 *     .build();
 * }</pre>
 *
 * Install it as a <b>network</b> interceptor, so that every attempt on the wire is signed with a
 * fresh nonce. Only requests of operations whose contract names a security scheme are signed
 * (every Funding (Beta) operation does).
 */
public final class FundingSigningInterceptor implements Interceptor {
  private final SigningSupport support;
  private final NonceHeaderSigning signing;

  private FundingSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("FundingSigningInterceptor", builder);
    this.signing = new NonceHeaderSigning(builder.credentials);
  }

  /** Starts configuring an interceptor that signs with the Spot key {@code credentials}. */
  public static Builder builder(ApiCredentials credentials) {
    return new Builder(credentials);
  }

  /** A builder that starts from this instance's configuration. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    return support.intercept(chain, signing::prepare);
  }

  @Override
  public String toString() {
    return support.toString();
  }

  /** Configures a {@link FundingSigningInterceptor}; every setter returns this builder. */
  public static final class Builder extends SigningBuilder<Builder> {
    Builder(ApiCredentials credentials) {
      super(credentials);
    }

    Builder(FundingSigningInterceptor interceptor) {
      super(interceptor.support);
    }

    /** Builds the configured {@link FundingSigningInterceptor}. */
    public FundingSigningInterceptor build() {
      return new FundingSigningInterceptor(this);
    }
  }
}
