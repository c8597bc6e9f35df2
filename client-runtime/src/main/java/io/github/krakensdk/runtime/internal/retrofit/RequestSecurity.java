package io.github.krakensdk.runtime.internal.retrofit;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import okhttp3.Request;
import retrofit2.Invocation;

/**
 * What a request's operation requires: read from the {@link Security} annotation of the Retrofit
 * method that made it, or from a {@code RequestSecurity} tag on a request built without Retrofit
 * (the SDK's raw calls, or a caller's own OkHttp request):
 *
 * <pre>{@code
 * Request request = new Request.Builder().url(url).post(body)
 *     .tag(RequestSecurity.class, RequestSecurity.AUTHENTICATED)
 *     .build();
 * }</pre>
 *
 * A request with neither is public: no interceptor adds credentials to it.
 */
public final class RequestSecurity {
  /** A public operation: sent without credentials. */
  public static final RequestSecurity PUBLIC = new RequestSecurity(List.of(), List.of());
  /** An operation that needs the family's credentials (signature or token), without scopes. */
  public static final RequestSecurity AUTHENTICATED = new RequestSecurity(List.of("credentials"), List.of());

  private final List<String> schemes;
  private final List<String> scopes;

  private RequestSecurity(List<String> schemes, List<String> scopes) {
    this.schemes = schemes;
    this.scopes = scopes;
  }

  /** A requirement naming {@code schemes} (empty for public) and {@code scopes}. */
  public static RequestSecurity of(List<String> schemes, List<String> scopes) {
    return new RequestSecurity(List.copyOf(Objects.requireNonNull(schemes, "schemes == null")),
        List.copyOf(Objects.requireNonNull(scopes, "scopes == null")));
  }

  /** The requirement of {@code request}; {@link #PUBLIC} if it declares none. */
  public static RequestSecurity of(Request request) {
    Invocation invocation = request.tag(Invocation.class);
    if (invocation != null) {
      RequestSecurity declared = BY_METHOD.get(invocation.method().getDeclaringClass())
          .get(invocation.method());
      if (declared != null) {
        return declared;
      }
    }
    RequestSecurity tagged = request.tag(RequestSecurity.class);
    return tagged != null ? tagged : PUBLIC;
  }

  /**
   * Each Retrofit interface's methods with their declared requirement, read once: every signed
   * request asks, and reading an annotation copies its arrays each time.
   */
  private static final ClassValue<Map<Method, RequestSecurity>> BY_METHOD = new ClassValue<>() {
    @Override
    protected Map<Method, RequestSecurity> computeValue(Class<?> type) {
      Map<Method, RequestSecurity> declared = new HashMap<>();
      for (Method method : type.getMethods()) {
        Security security = method.getAnnotation(Security.class);
        if (security != null) {
          declared.put(method, security.schemes().length == 0 ? PUBLIC
              : new RequestSecurity(List.of(security.schemes()), List.of(security.scopes())));
        }
      }
      return Map.copyOf(declared);
    }
  };

  /** True if the operation needs credentials: the request is to be signed or carry a token. */
  public boolean authenticated() {
    return !schemes.isEmpty();
  }

  /** The contract's security scheme names. */
  public List<String> schemes() {
    return schemes;
  }

  /** The OAuth scopes. */
  public List<String> scopes() {
    return scopes;
  }

  @Override
  public String toString() {
    return authenticated() ? "RequestSecurity" + schemes + (scopes.isEmpty() ? "" : " scopes " + scopes)
        : "RequestSecurity[public]";
  }
}
