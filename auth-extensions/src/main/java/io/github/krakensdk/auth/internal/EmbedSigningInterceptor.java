package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.SpotSigner;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Signs Kraken Embed (B2B) requests with {@code API-Key}, {@code API-Sign} and {@code API-Nonce}.
 * The {@code Service-Version} header is a client setting, not the signer's business: {@code
 * KrakenClient} sets it on every Embed request.
 *
 * <p>The signature is the Spot scheme ({@link SpotSigner}) over the path with its query; the nonce
 * travels in the {@code API-Nonce} header, so the hashed part is the nonce alone for a request
 * without a body (GET, a PUT without a body) and the nonce followed by the exact body bytes for
 * one with a body (PATCH, POST). The body is not changed. Funding (Beta) signs the same way, with
 * a Spot key ({@link FundingSigningInterceptor}).
 *
 * <p>Install it as a <b>network</b> interceptor:
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 *
 * Only requests of operations whose contract names a security scheme are signed (every Embed
 * operation does).
 */
public final class EmbedSigningInterceptor implements Interceptor {
  private final SigningSupport support;
  private final NonceHeaderSigning signing;

  private EmbedSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("EmbedSigningInterceptor", builder);
    this.signing = new NonceHeaderSigning(builder.credentials);
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
    return support.intercept(chain, signing::prepare);
  }

  @Override
  public String toString() {
    return support.toString();
  }

  /** Configures an {@link EmbedSigningInterceptor}; every setter returns this builder. */
  public static final class Builder extends SigningBuilder<Builder> {
    Builder(ApiCredentials credentials) {
      super(credentials);
    }

    Builder(EmbedSigningInterceptor interceptor) {
      super(interceptor.support);
    }

    /** Builds the configured {@link EmbedSigningInterceptor}. */
    public EmbedSigningInterceptor build() {
      return new EmbedSigningInterceptor(this);
    }
  }
}
