package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.internal.Secrets;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Signs Kraken Embed (B2B) requests with {@code API-Key}, {@code API-Sign}, {@code API-Nonce}
 * and, when configured, {@code Service-Version}.
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
 *     .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials)
 *         .serviceVersion("2025-04-15")
 *         .build())
 *     .build();
 * }</pre>
 *
 * By default every request is signed.
 */
public final class EmbedSigningInterceptor implements Interceptor {
  private final SigningSupport support;
  private final SpotSigner signer;
  private final String serviceVersion;

  private EmbedSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("EmbedSigningInterceptor", builder);
    this.signer = new SpotSigner(builder.credentials.base64Secret());
    this.serviceVersion = builder.serviceVersion;
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
    Request.Builder base = SigningSupport.withBodyBytes(request, bodyBytes).newBuilder();
    // A version chosen on the request itself wins over the client-wide default.
    if (serviceVersion != null && request.header("Service-Version") == null) {
      base.header("Service-Version", serviceVersion);
    }
    Request toSend = base.build();
    String pathAndQuery = RequestBodies.pathAndQuery(request.url());
    return nonce ->
        toSend
            .newBuilder()
            .header("API-Key", support.credentials.key())
            .header("API-Sign", signer.sign(pathAndQuery, nonce, bodyBytes))
            .header("API-Nonce", nonce)
            .build();
  }

  @Override
  public String toString() {
    return support.toString();
  }

  /**
   * Configures an {@link EmbedSigningInterceptor}; every setter returns this builder. By default
   * it signs every request.
   */
  public static final class Builder extends SigningBuilder<Builder> {
    private String serviceVersion;

    Builder(ApiCredentials credentials) {
      super(credentials, request -> true);
    }

    Builder(EmbedSigningInterceptor interceptor) {
      super(interceptor.support);
      this.serviceVersion = interceptor.serviceVersion;
    }

    /**
     * The {@code Service-Version} header sent with requests that do not set their own, e.g.
     * {@code 2025-04-15}; {@code null} (the default) sends none and the service uses its default.
     */
    public Builder serviceVersion(String serviceVersion) {
      this.serviceVersion =
          serviceVersion == null ? null : Secrets.requireNonBlank(serviceVersion, "serviceVersion");
      return this;
    }

    /** Builds the configured {@link EmbedSigningInterceptor}. */
    public EmbedSigningInterceptor build() {
      return new EmbedSigningInterceptor(this);
    }
  }
}
