package io.github.krakensdk.auth;

import io.github.krakensdk.auth.nonce.RequestSequencer;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/** What the three signing interceptors share. */
final class SigningSupport {
  private SigningSupport() {}

  /**
   * Application interceptors run once per call, but OkHttp may put several attempts on the wire
   * (redirects, authentication retries); each needs a fresh nonce, so only a network interceptor
   * signs correctly. An application chain has no connection, which is how misuse shows.
   */
  static void requireNetworkInterceptor(Interceptor.Chain chain, String name) {
    if (chain.connection() == null) {
      throw new IllegalStateException(
          name
              + " must be installed with OkHttpClient.Builder.addNetworkInterceptor(...),"
              + " so that every attempt on the wire is signed with a fresh nonce");
    }
  }

  /** Runs {@code exchange} directly, or in nonce order when a sequencer is configured. */
  static Response send(
      Interceptor.Chain chain,
      RequestSequencer sequencer,
      RequestSequencer.Exchange<Response> exchange)
      throws IOException {
    return sequencer == null ? exchange.run() : sequencer.inOrder(chain.call(), exchange);
  }

  static boolean permitsBody(String method) {
    return !method.equals("GET") && !method.equals("HEAD");
  }
}
