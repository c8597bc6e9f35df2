package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.errors.RequestSigningException;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.internal.SpotNonces;
import io.github.krakensdk.errors.RequestSigningException;
import io.github.krakensdk.runtime.internal.JsonRequestBody;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Signs Kraken Spot private requests: puts a fresh nonce into the body and sets {@code API-Key}
 * and {@code API-Sign} over the path with its query and the exact body bytes sent.
 *
 * <p>The nonce goes in as a form field ({@code nonce=...}, first, or in place of an existing
 * {@code nonce} field) or, for a JSON body, as the number member {@code "nonce":...} (first, or
 * replacing an existing top-level {@code nonce}). Nothing else in the body changes. An empty body
 * becomes the form {@code nonce=...}. Other body types fail with {@link
 * RequestSigningException} before anything is sent (carried out of OkHttp by a {@link
 * io.github.krakensdk.runtime.internal.KrakenFailureIOException}).
 *
 * <p>Install it as a <b>network</b> interceptor: OkHttp calls network interceptors for every
 * attempt, so a redirected or re-authenticated request is signed again with a new nonce.
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 *
 * Only requests of operations whose contract names a security scheme are signed (the generated
 * Retrofit method's {@code @Security}, or a {@code RequestSecurity} tag on a hand-built request);
 * public operations pass through untouched and carry no credentials.
 */
public final class SpotSigningInterceptor implements Interceptor {
  private static final MediaType FORM = MediaType.get("application/x-www-form-urlencoded");

  private final SigningSupport support;
  private final SpotSigner signer;

  private SpotSigningInterceptor(Builder builder) {
    this.support = new SigningSupport("SpotSigningInterceptor", builder);
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
    if (!SigningSupport.permitsBody(request.method())) {
      throw new RequestSigningException(
          "Spot private requests carry their nonce in the body; use POST, not "
              + request.method());
    }
    RequestBody body = request.body();
    MediaType type = body == null ? null : body.contentType();
    byte[] bytes = RequestBodies.bytesOf(body);
    boolean json = RequestBodies.isJson(type);
    if (!json && !RequestBodies.isForm(type) && !(type == null && bytes.length == 0)) {
      throw new RequestSigningException(
          "Spot private request bodies must be application/x-www-form-urlencoded or"
              + " application/json, not " + type);
    }
    MediaType sentType = type != null ? type : FORM;
    // A body the SDK encoded from a request record needs no second parse to take its nonce.
    boolean encoded = body instanceof JsonRequestBody;
    return nonce -> {
      byte[] sent = json ? putIntoJson(bytes, nonce, encoded) : putIntoForm(bytes, nonce);
      String signature = signer.sign(RequestBodies.pathAndQuery(request.url()), nonce, sent);
      return RequestBodies.withBody(request, sent, sentType)
          .header("API-Key", support.credentials.key())
          .header("API-Sign", signature)
          .build();
    };
  }

  private static byte[] putIntoJson(byte[] body, String nonce, boolean encoded) {
    try {
      return encoded ? SpotNonces.putIntoEncodedJson(body, nonce) : SpotNonces.putIntoJson(body, nonce);
    } catch (IllegalArgumentException e) {
      throw new RequestSigningException(
          "cannot add the nonce: the JSON body is not a strict JSON object (" + e.getMessage() + ")");
    }
  }

  private static byte[] putIntoForm(byte[] body, String nonce) {
    try {
      return SpotNonces.putIntoForm(body, nonce);
    } catch (IllegalArgumentException e) {
      throw new RequestSigningException("cannot add the nonce: " + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return support.toString();
  }

  /**
   * Configures a {@link SpotSigningInterceptor}; every setter returns this builder.
   */
  public static final class Builder extends SigningBuilder<Builder> {
    Builder(ApiCredentials credentials) {
      super(credentials);
    }

    Builder(SpotSigningInterceptor interceptor) {
      super(interceptor.support);
    }

    /** Builds the configured {@link SpotSigningInterceptor}. */
    public SpotSigningInterceptor build() {
      return new SpotSigningInterceptor(this);
    }
  }

}
