package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.errors.RequestSigningException;
import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.errors.RequestSigningException;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * What the signing interceptors share: the settings from {@link SigningBuilder} and the
 * steps around computing a signature. Each interceptor only prepares its request and signs it.
 */
final class SigningSupport {
  final ApiCredentials credentials;
  final NonceSource nonceSource;
  private final String name;

  SigningSupport(String name, SigningBuilder<?> builder) {
    this.name = name;
    this.credentials = builder.credentials;
    this.nonceSource = builder.nonceSource;
  }

  /** What an interceptor does before a nonce is drawn: check and read the request. */
  @FunctionalInterface
  interface Preparation {
    Prepared prepare(Request request) throws IOException;
  }

  /** A checked and read request; signs it with {@code nonce}, returning what goes on the wire. */
  @FunctionalInterface
  interface Prepared {
    Request sign(String nonce) throws IOException;
  }

  /**
   * Passes requests of public operations through untouched (see {@link RequestSecurity}: the
   * contract's security requirement, never the URL); signs the others with a fresh nonce. Keeping
   * a key's requests in nonce order is the caller's part (the SDK's client queues them before
   * they reach OkHttp), so nothing here waits. A {@link RequestSigningException} (any
   * {@link KrakenException}) leaves as a {@link KrakenFailureIOException}: OkHttp lets only
   * {@code IOException}s out of an interceptor without ending an asynchronous call's thread.
   */
  Response intercept(Interceptor.Chain chain, Preparation preparation) throws IOException {
    Request request = chain.request();
    if (!RequestSecurity.of(request).authenticated()) {
      return chain.proceed(request);
    }
    requireNetworkInterceptor(chain);
    Request signed;
    try {
      // Prepare first: reading a body needs no nonce, so the nonce is drawn as late as possible.
      Prepared prepared = preparation.prepare(request);
      signed = prepared.sign(Long.toUnsignedString(nonceSource.nextNonce()));
    } catch (KrakenException e) {
      throw new KrakenFailureIOException(e);
    }
    return chain.proceed(signed);
  }

  /**
   * Application interceptors run once per call, but OkHttp may put several attempts on the wire
   * (redirects, authentication retries); each needs a fresh nonce, so only a network interceptor
   * signs correctly. An application chain has no connection, which is how misuse shows.
   */
  private void requireNetworkInterceptor(Interceptor.Chain chain) {
    if (chain.connection() == null) {
      throw new IllegalStateException(
          name
              + " must be installed with OkHttpClient.Builder.addNetworkInterceptor(...),"
              + " so that every attempt on the wire is signed with a fresh nonce");
    }
  }

  /**
   * A builder of {@code request} carrying exactly {@code bodyBytes}, read from its body: the very
   * bytes that were signed are sent, not a second {@code writeTo()} of the caller's body.
   */
  static Request.Builder withBodyBytes(Request request, byte[] bodyBytes) {
    RequestBody body = request.body();
    return body == null ? request.newBuilder() : RequestBodies.withBody(request, bodyBytes, body.contentType());
  }

  static boolean permitsBody(String method) {
    return !method.equals("GET") && !method.equals("HEAD");
  }

  @Override
  public String toString() {
    return name + "{" + credentials + "}";
  }
}
