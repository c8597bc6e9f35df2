package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.RequestBodies;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.auth.nonce.RequestSequencer;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.runtime.transport.KrakenFailureIOException;
import java.io.IOException;
import java.util.function.Predicate;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * What the three signing interceptors share: the settings from {@link SigningBuilder} and the
 * steps around computing a signature. Each interceptor only prepares its request and signs it.
 */
final class SigningSupport {
  final ApiCredentials credentials;
  final NonceSource nonceSource;
  final RequestSequencer sequencer;
  final Predicate<Request> signIf;
  private final String name;

  SigningSupport(String name, SigningBuilder<?> builder) {
    this.name = name;
    this.credentials = builder.credentials;
    this.nonceSource = builder.nonceSource;
    this.sequencer = builder.sequencer;
    this.signIf = builder.signIf;
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
   * Passes requests that {@code signIf} rejects through untouched; signs the others with a fresh
   * nonce, in nonce order when a sequencer is configured. A {@link RequestSigningException} (any
   * {@link KrakenException}) leaves as a {@link KrakenFailureIOException}: OkHttp lets only
   * {@code IOException}s out of an interceptor without ending an asynchronous call's thread.
   */
  Response intercept(Interceptor.Chain chain, Preparation preparation) throws IOException {
    Request request = chain.request();
    if (!signIf.test(request)) return chain.proceed(request);
    requireNetworkInterceptor(chain);
    try {
      // Prepare before taking the key in ordered mode: reading a body needs no nonce and may be slow.
      Prepared prepared = preparation.prepare(request);
      RequestSequencer.Exchange<Response> exchange =
          () -> chain.proceed(prepared.sign(Long.toUnsignedString(nonceSource.nextNonce())));
      return sequencer == null ? exchange.run() : sequencer.inOrder(chain.call(), exchange);
    } catch (KrakenException e) {
      throw new KrakenFailureIOException(e);
    }
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
   * {@code request} carrying exactly {@code bodyBytes}, read from its body: the very bytes that
   * were signed are sent, not a second {@code writeTo()} of the caller's body.
   */
  static Request withBodyBytes(Request request, byte[] bodyBytes) {
    RequestBody body = request.body();
    return body == null ? request : RequestBodies.withBody(request, bodyBytes, body.contentType());
  }

  static boolean permitsBody(String method) {
    return !method.equals("GET") && !method.equals("HEAD");
  }

  @Override
  public String toString() {
    return name + "{" + credentials + "}";
  }
}
