package io.github.krakensdk.auth;

import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import okhttp3.Request;

/**
 * Hand-built requests for the signing tests. The interceptors sign only requests of operations
 * that need credentials: a generated Retrofit method says so with its {@code @Security}; a request
 * built without Retrofit with a {@link RequestSecurity} tag, as these.
 */
public final class TestRequests {
  private TestRequests() {}

  /** A request builder tagged {@link RequestSecurity#AUTHENTICATED}: the interceptors sign it. */
  public static Request.Builder authenticated() {
    return new Request.Builder().tag(RequestSecurity.class, RequestSecurity.AUTHENTICATED);
  }
}
