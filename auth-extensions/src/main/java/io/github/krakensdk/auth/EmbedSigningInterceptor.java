package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.nonce.RequestSequencer;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Predicate;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
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
 */
public final class EmbedSigningInterceptor implements Interceptor {
  private final ApiCredentials credentials;
  private final SpotSigner signer;
  private final NonceSource nonceSource;
  private final RequestSequencer sequencer;
  private final Predicate<Request> signIf;
  private final String serviceVersion;

  private EmbedSigningInterceptor(Builder builder) {
    this.credentials = builder.credentials;
    this.signer = new SpotSigner(builder.credentials.base64Secret());
    this.nonceSource = builder.nonceSource;
    this.sequencer = builder.sequencer;
    this.signIf = builder.signIf;
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
    Request request = chain.request();
    if (!signIf.test(request)) return chain.proceed(request);
    SigningSupport.requireNetworkInterceptor(chain, "EmbedSigningInterceptor");
    RequestBody body = request.body();
    byte[] bodyBytes = RequestBodies.bytesOf(body);
    Request.Builder base =
        (body == null ? request : RequestBodies.withBody(request, bodyBytes, body.contentType()))
            .newBuilder();
    // A version chosen on the request itself wins over the client-wide default.
    if (serviceVersion != null && request.header("Service-Version") == null) {
      base.header("Service-Version", serviceVersion);
    }
    Request toSend = base.build();
    String pathAndQuery = RequestBodies.pathAndQuery(request.url());
    return SigningSupport.send(chain, sequencer, () -> {
      String nonce = Long.toUnsignedString(nonceSource.nextNonce());
      Request signed =
          toSend
              .newBuilder()
              .header("API-Key", credentials.key())
              .header("API-Sign", signer.sign(pathAndQuery, nonce, bodyBytes))
              .header("API-Nonce", nonce)
              .build();
      return chain.proceed(signed);
    });
  }

  @Override
  public String toString() {
    return "EmbedSigningInterceptor{" + credentials + "}";
  }

  /** Configures an {@link EmbedSigningInterceptor}; every setter returns this builder. */
  public static final class Builder {
    private final ApiCredentials credentials;
    private NonceSource nonceSource = NonceSource.system();
    private RequestSequencer sequencer;
    private Predicate<Request> signIf = request -> true;
    private String serviceVersion;

    Builder(ApiCredentials credentials) {
      this.credentials = Objects.requireNonNull(credentials, "credentials == null");
    }

    Builder(EmbedSigningInterceptor interceptor) {
      this.credentials = interceptor.credentials;
      this.nonceSource = interceptor.nonceSource;
      this.sequencer = interceptor.sequencer;
      this.signIf = interceptor.signIf;
      this.serviceVersion = interceptor.serviceVersion;
    }

    /** Where nonces come from; defaults to {@link NonceSource#system()}. */
    public Builder nonceSource(NonceSource nonceSource) {
      this.nonceSource = Objects.requireNonNull(nonceSource, "nonceSource == null");
      return this;
    }

    /** Turns on the ordered mode; {@code null} (the default) turns it off. */
    public Builder sequencer(RequestSequencer sequencer) {
      this.sequencer = sequencer;
      return this;
    }

    /** Which requests to sign; by default all of them. */
    public Builder signIf(Predicate<Request> signIf) {
      this.signIf = Objects.requireNonNull(signIf, "signIf == null");
      return this;
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
