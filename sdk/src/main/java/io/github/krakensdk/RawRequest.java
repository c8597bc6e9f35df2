package io.github.krakensdk;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An operation the contract does not have yet, described by hand: the bridge until the contract
 * catches up (the service adds operations every month). {@link KrakenClient#rawCall(Family,
 * RawRequest)} sends it through the same pipeline as a generated call: credentials checked,
 * signed, nonce-ordered, retried where safe, errors mapped to the same exceptions, the family's
 * envelope unwrapped.
 *
 * <pre>{@code
 * Object balances = kraken.rawCall(Family.SPOT, RawRequest.post("0/private/Balance")
 *     .authenticated(true)
 *     .build());
 * Object ticker = kraken.rawCall(Family.SPOT, RawRequest.get("0/public/Ticker")
 *     .query("pair", "XBTUSD")
 *     .build());
 * }</pre>
 *
 * <p>The result is untyped JSON as Moshi reads it: objects are {@code Map<String, Object>}, arrays
 * {@code List<Object>}, numbers {@code Double} (Kraken sends amounts and prices as strings, which
 * stay exact). Body members are sent as a JSON object; Spot also accepts them as a form ({@link
 * Builder#form(boolean)}). Immutable.
 */
public final class RawRequest {
  private final String method;
  private final String path;
  private final Map<String, String> query;
  private final Map<String, Object> body;
  private final boolean form;
  private final boolean authenticated;
  private final boolean idempotent;

  private RawRequest(Builder builder) {
    this.method = builder.method;
    this.path = builder.path;
    this.query = Map.copyOf(builder.query);
    this.body = builder.body == null ? null : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(builder.body));
    this.form = builder.form;
    this.authenticated = builder.authenticated;
    this.idempotent = builder.idempotent;
  }

  /** A {@code GET} of {@code path}, relative to the family's base URL (no leading slash). */
  public static Builder get(String path) {
    return new Builder("GET", path);
  }

  /** A {@code POST} of {@code path}; set body members with {@link Builder#bodyMember}. */
  public static Builder post(String path) {
    return new Builder("POST", path);
  }

  /** A request with any of {@code GET}, {@code POST}, {@code PUT}, {@code PATCH}, {@code DELETE}. */
  public static Builder method(String method, String path) {
    return new Builder(method, path);
  }

  public String method() {
    return method;
  }

  public String path() {
    return path;
  }

  public Map<String, String> query() {
    return query;
  }

  /** The body members in insertion order, or null for a request without a body. */
  public Map<String, Object> body() {
    return body;
  }

  /** True if the body is sent form-encoded rather than as JSON. */
  public boolean form() {
    return form;
  }

  /** True if the operation needs the family's credentials. */
  public boolean authenticated() {
    return authenticated;
  }

  /** True if a retry policy may send it again (GETs always may). */
  public boolean safeToRetry() {
    return idempotent || method.equals("GET");
  }

  @Override
  public String toString() {
    return "RawRequest[" + method + " " + path + (authenticated ? ", authenticated" : "") + "]";
  }

  /** Builds a {@link RawRequest}. */
  public static final class Builder {
    private final String method;
    private final String path;
    private final Map<String, String> query = new LinkedHashMap<>();
    private Map<String, Object> body;
    private boolean form;
    private boolean authenticated;
    private boolean idempotent;

    private Builder(String method, String path) {
      Objects.requireNonNull(method, "method == null");
      Objects.requireNonNull(path, "path == null");
      if (!java.util.Set.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
        throw new IllegalArgumentException("method must be GET, POST, PUT, PATCH or DELETE (was " + method + ")");
      }
      if (path.startsWith("/") || path.isEmpty()) {
        throw new IllegalArgumentException("path must be relative to the family's base URL, without a leading /"
            + " (was \"" + path + "\")");
      }
      this.method = method;
      this.path = path;
    }

    /** Adds the query parameter {@code name=value}. */
    public Builder query(String name, String value) {
      query.put(Objects.requireNonNull(name, "name == null"), Objects.requireNonNull(value, "value == null"));
      return this;
    }

    /** Adds a body member; values are written as JSON (strings, numbers, booleans, lists, maps). */
    public Builder bodyMember(String name, Object value) {
      if (method.equals("GET") || method.equals("DELETE")) {
        throw new IllegalArgumentException(method + " requests have no body (member " + name + ")");
      }
      if (body == null) {
        body = new LinkedHashMap<>();
      }
      body.put(Objects.requireNonNull(name, "name == null"), Objects.requireNonNull(value, "value == null"));
      return this;
    }

    /** Sends the body form-encoded ({@code application/x-www-form-urlencoded}); JSON by default. */
    public Builder form(boolean form) {
      this.form = form;
      return this;
    }

    /** The operation needs the family's credentials (it is signed, or carries the token). */
    public Builder authenticated(boolean authenticated) {
      this.authenticated = authenticated;
      return this;
    }

    /** The operation is safe to send twice (GETs always are), so a retry policy may repeat it. */
    public Builder idempotent(boolean idempotent) {
      this.idempotent = idempotent;
      return this;
    }

    public RawRequest build() {
      return new RawRequest(this);
    }
  }
}
