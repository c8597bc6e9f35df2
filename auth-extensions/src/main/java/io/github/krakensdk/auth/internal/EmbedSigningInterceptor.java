package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.internal.RequestBodies;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Signs Kraken Embed (B2B) requests with {@code API-Key}, {@code API-Sign} and {@code API-Nonce}.
 * The {@code Service-Version} header is a client setting, not the signer's business: {@code
 * KrakenClient} sets it on every Embed request.
 *
 * <p>The signature is the Spot scheme ({@link SpotSigner}) over the path with its query; the nonce
 * travels in the {@code API-Nonce} header, so the hashed part is the nonce alone for a request
 * without a body (GET, a PUT without a body) and the nonce followed by the exact body bytes for
 * one with a body (PATCH, POST). The body is not changed.
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
  private final SpotSigner signer;

  private EmbedSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("EmbedSigningInterceptor", builder);
    this.signer = SpotSigner.of(builder.credentials);
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
    String pathAndQuery = RequestBodies.pathAndQuery(request.url());
    return nonce ->
        SigningSupport.withBodyBytes(request, bodyBytes)
            .header("API-Key", support.credentials.key())
            .header("API-Sign", signer.sign(pathAndQuery, nonce, bodyBytes))
            .header("API-Nonce", nonce)
            .build();
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
