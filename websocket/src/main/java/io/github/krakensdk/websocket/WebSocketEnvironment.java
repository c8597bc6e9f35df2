package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.EnumMap;
import java.util.Map;

/**
 * Where each {@link WebSocketEndpoint} is served. {@link #PRODUCTION} is the default;
 * {@link #toBuilder()} points any endpoint elsewhere (the sandbox, a proxy):
 *
 * <pre>{@code
 * WebSocketEnvironment local = WebSocketEnvironment.PRODUCTION.toBuilder()
 *     .url(WebSocketEndpoint.SPOT_PUBLIC, "ws://127.0.0.1:8080/ws/v2")
 *     .build();
 * }</pre>
 *
 * <p>URLs are absolute, {@code ws}, {@code wss}, {@code http} or {@code https} (OkHttp upgrades
 * either). The level-3 URL is set apart from the private one: Kraken's older pages served level 3
 * from {@code ws-auth}, the current ones from {@code ws-l3}.
 */
public final class WebSocketEnvironment {
  /** Kraken's public service. */
  public static final WebSocketEnvironment PRODUCTION = new Builder()
      .url(WebSocketEndpoint.SPOT_PUBLIC, "wss://ws.kraken.com/v2")
      .url(WebSocketEndpoint.SPOT_PRIVATE, "wss://ws-auth.kraken.com/v2")
      .url(WebSocketEndpoint.SPOT_LEVEL3, "wss://ws-l3.kraken.com/v2")
      .url(WebSocketEndpoint.UNIFIED_PUBLIC, "wss://uws.kraken.com/v2/public")
      .url(WebSocketEndpoint.UNIFIED_PRIVATE, "wss://uws.kraken.com/v2/private")
      .build();

  private final Map<WebSocketEndpoint, URI> urls;

  private WebSocketEnvironment(Builder builder) {
    this.urls = new EnumMap<>(builder.urls);
  }

  /**
   * An environment that serves each endpoint at {@code urls}' URL of its name, as the sandbox
   * gives them (the sandbox does not depend on this module, so it names the endpoints):
   *
   * <pre>{@code
   * KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
   *     .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
   *     .build();
   * }</pre>
   *
   * @param urls a URL for every {@link WebSocketEndpoint}, keyed by its {@link WebSocketEndpoint#name()}
   * @throws IllegalArgumentException for a key that names no endpoint or a URL {@link
   *     Builder#url} refuses
   * @throws IllegalStateException when an endpoint has no URL
   */
  public static WebSocketEnvironment of(Map<String, URI> urls) {
    requireNonNull(urls, "urls == null");
    Builder builder = new Builder();
    for (Map.Entry<String, URI> entry : urls.entrySet()) {
      String name = requireNonNull(entry.getKey(), "urls has a null key");
      WebSocketEndpoint endpoint;
      try {
        endpoint = WebSocketEndpoint.valueOf(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("urls key must name a WebSocketEndpoint "
            + java.util.Arrays.toString(WebSocketEndpoint.values()) + ", was " + name);
      }
      builder.url(endpoint, requireNonNull(entry.getValue(), name + " url == null").toString());
    }
    return builder.build();
  }

  /** The URL of {@code endpoint}. */
  public URI url(WebSocketEndpoint endpoint) {
    return urls.get(requireNonNull(endpoint, "endpoint == null"));
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  @Override public boolean equals(Object o) {
    return o instanceof WebSocketEnvironment other && urls.equals(other.urls);
  }

  @Override public int hashCode() {
    return urls.hashCode();
  }

  @Override public String toString() {
    return "WebSocketEnvironment" + urls;
  }

  public static final class Builder {
    private final Map<WebSocketEndpoint, URI> urls = new EnumMap<>(WebSocketEndpoint.class);

    private Builder() {
    }

    private Builder(WebSocketEnvironment environment) {
      urls.putAll(environment.urls);
    }

    /** Serves {@code endpoint} at {@code url}. */
    public Builder url(WebSocketEndpoint endpoint, String url) {
      requireNonNull(endpoint, "endpoint == null");
      requireNonNull(url, "url == null");
      URI uri;
      try {
        uri = URI.create(url);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(endpoint + " url is not a URI: " + url, e);
      }
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
      if (!uri.isAbsolute() || uri.getHost() == null
          || !(scheme.equals("ws") || scheme.equals("wss") || scheme.equals("http") || scheme.equals("https"))) {
        throw new IllegalArgumentException(endpoint + " url must be absolute ws, wss, http or https: " + url);
      }
      urls.put(endpoint, uri);
      return this;
    }

    public WebSocketEnvironment build() {
      for (WebSocketEndpoint endpoint : WebSocketEndpoint.values()) {
        if (!urls.containsKey(endpoint)) throw new IllegalStateException(endpoint + " url is not set");
      }
      return new WebSocketEnvironment(this);
    }
  }
}
