package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.nonce.RequestSequencer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Predicate;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
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
 * By default every request is signed except {@code GET .../history}, the public trade history.
 */
public final class FuturesSigningInterceptor implements Interceptor {
  private final ApiCredentials credentials;
  private final FuturesSigner signer;
  private final NonceSource nonceSource;
  private final RequestSequencer sequencer;
  private final Predicate<Request> signIf;

  private FuturesSigningInterceptor(Builder builder) {
    this.credentials = builder.credentials;
    this.signer = new FuturesSigner(builder.credentials.base64Secret());
    this.nonceSource = builder.nonceSource;
    this.sequencer = builder.sequencer;
    this.signIf = builder.signIf;
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
    SigningSupport.requireNetworkInterceptor(chain, "FuturesSigningInterceptor");
    RequestBody body = request.body();
    byte[] bodyBytes = RequestBodies.bytesOf(body);
    // Send the very bytes that were signed, not a second writeTo() of the caller's body.
    Request toSend =
        body == null ? request : RequestBodies.withBody(request, bodyBytes, body.contentType());
    String query = request.url().encodedQuery();
    byte[] postData =
        bodyBytes.length > 0
            ? bodyBytes
            : query == null ? new byte[0] : query.getBytes(StandardCharsets.UTF_8);
    String endpointPath = request.url().encodedPath();
    return SigningSupport.send(chain, sequencer, () -> {
      String nonce = Long.toUnsignedString(nonceSource.nextNonce());
      Request signed =
          toSend
              .newBuilder()
              .header("APIKey", credentials.key())
              .header("Authent", signer.sign(endpointPath, postData, nonce))
              .header("Nonce", nonce)
              .build();
      return chain.proceed(signed);
    });
  }

  @Override
  public String toString() {
    return "FuturesSigningInterceptor{" + credentials + "}";
  }

  /** Configures a {@link FuturesSigningInterceptor}; every setter returns this builder. */
  public static final class Builder {
    private final ApiCredentials credentials;
    private NonceSource nonceSource = NonceSource.system();
    private RequestSequencer sequencer;
    private Predicate<Request> signIf = FuturesSigningInterceptor::isPrivate;

    Builder(ApiCredentials credentials) {
      this.credentials = Objects.requireNonNull(credentials, "credentials == null");
    }

    Builder(FuturesSigningInterceptor interceptor) {
      this.credentials = interceptor.credentials;
      this.nonceSource = interceptor.nonceSource;
      this.sequencer = interceptor.sequencer;
      this.signIf = interceptor.signIf;
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

    /** Which requests to sign; by default all but {@code GET .../history}. */
    public Builder signIf(Predicate<Request> signIf) {
      this.signIf = Objects.requireNonNull(signIf, "signIf == null");
      return this;
    }

    /** Builds the configured {@link FuturesSigningInterceptor}. */
    public FuturesSigningInterceptor build() {
      return new FuturesSigningInterceptor(this);
    }
  }

  private static boolean isPrivate(Request request) {
    return !(request.method().equals("GET") && request.url().encodedPath().endsWith("/history"));
  }
}
