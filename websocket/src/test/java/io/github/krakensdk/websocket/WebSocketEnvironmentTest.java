package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class WebSocketEnvironmentTest {
  @Test void productionServesEachEndpoint() {
    assertEquals(URI.create("wss://ws.kraken.com/v2"), WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.SPOT_PUBLIC));
    assertEquals(URI.create("wss://ws-auth.kraken.com/v2"), WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.SPOT_PRIVATE));
    assertEquals(URI.create("wss://ws-l3.kraken.com/v2"), WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.SPOT_LEVEL3));
    assertEquals(URI.create("wss://uws.kraken.com/v2/public"), WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.UNIFIED_PUBLIC));
    assertEquals(URI.create("wss://uws.kraken.com/v2/private"), WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.UNIFIED_PRIVATE));
  }

  @Test void oneEndpointCanBePointedElsewhere() {
    WebSocketEnvironment sandbox = WebSocketEnvironment.PRODUCTION.toBuilder()
        .url(WebSocketEndpoint.SPOT_LEVEL3, "ws://127.0.0.1:8080/l3")
        .build();
    assertEquals(URI.create("ws://127.0.0.1:8080/l3"), sandbox.url(WebSocketEndpoint.SPOT_LEVEL3));
    assertEquals(WebSocketEnvironment.PRODUCTION.url(WebSocketEndpoint.SPOT_PRIVATE), sandbox.url(WebSocketEndpoint.SPOT_PRIVATE));
  }

  @Test void aUrlMustBeAnAbsoluteWebSocketOrHttpUrl() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WebSocketEnvironment.PRODUCTION.toBuilder().url(WebSocketEndpoint.SPOT_PUBLIC, "ftp://example.com/v2"));
    assertEquals("SPOT_PUBLIC url must be absolute ws, wss, http or https: ftp://example.com/v2", e.getMessage());
  }

  @Test void ofTakesAUrlPerEndpointNameAsTheSandboxGivesThem() {
    Map<String, URI> urls = new LinkedHashMap<>();
    for (WebSocketEndpoint endpoint : WebSocketEndpoint.values()) {
      urls.put(endpoint.name(), URI.create("ws://127.0.0.1:9/" + endpoint.name().toLowerCase(java.util.Locale.ROOT)));
    }
    WebSocketEnvironment local = WebSocketEnvironment.of(urls);
    assertEquals(URI.create("ws://127.0.0.1:9/spot_level3"), local.url(WebSocketEndpoint.SPOT_LEVEL3));
    assertEquals(URI.create("ws://127.0.0.1:9/unified_private"), local.url(WebSocketEndpoint.UNIFIED_PRIVATE));

    urls.put("SPOT_L3", URI.create("ws://127.0.0.1:9/l3"));
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> WebSocketEnvironment.of(urls));
    assertEquals("urls key must name a WebSocketEndpoint [SPOT_PUBLIC, SPOT_PRIVATE, SPOT_LEVEL3, UNIFIED_PUBLIC,"
        + " UNIFIED_PRIVATE], was SPOT_L3", unknown.getMessage());
    urls.remove("SPOT_L3");
    urls.remove("UNIFIED_PUBLIC");
    IllegalStateException missing = assertThrows(IllegalStateException.class, () -> WebSocketEnvironment.of(urls));
    assertEquals("UNIFIED_PUBLIC url is not set", missing.getMessage());
    urls.put("UNIFIED_PUBLIC", URI.create("ftp://127.0.0.1/"));
    assertThrows(IllegalArgumentException.class, () -> WebSocketEnvironment.of(urls));
  }
}
