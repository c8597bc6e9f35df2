package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What GetApiKeyInfo tells about the calling key. The key registry lives outside the funding
 * package; it hands its data over in this record.
 *
 * <pre>{@code
 * ApiKeyInfo key = new ApiKeyInfo("sandbox", apiKey, List.of("query-funds", "withdraw-funds"), 0,
 *     List.of(), created, created, lastUsed, lastNonce, "AA29N84GTRQFZL8R");
 * }</pre>
 *
 * @param permissions the service's permission names ({@code query-funds}, {@code add-funds},
 *     {@code withdraw-funds}, {@code query-open-trades}, {@code query-closed-trades}, {@code modify-trades},
 *     {@code close-trades}, {@code query-ledger}, {@code export-data}, {@code create-ws-token}, ...).
 * @param nonceWindow seconds a nonce may arrive out of order; 0 for none.
 * @param lastUsed null if never used.
 * @param nonce the last nonce accepted, or null.
 */
public record ApiKeyInfo(String name, String key, List<String> permissions, long nonceWindow,
    List<String> ipAllowlist, Instant created, Instant modified, Instant lastUsed, Long nonce, String iiban) {

  public ApiKeyInfo {
    requireNonNull(name, "name == null");
    requireNonNull(key, "key == null");
    permissions = List.copyOf(permissions);
    ipAllowlist = List.copyOf(ipAllowlist);
    requireNonNull(created, "created == null");
    requireNonNull(modified, "modified == null");
    requireNonNull(iiban, "iiban == null");
  }

  /**
   * The result in the live service's shape: snake_case members, every number a string, {@code 0}
   * for no limit ({@code valid_until}, {@code query_from}, {@code query_to}).
   */
  Map<String, Object> result() {
    Map<String, Object> result = Wire.object();
    result.put("api_key_name", name);
    result.put("api_key", key);
    result.put("nonce", nonce == null ? "0" : nonce.toString());
    result.put("nonce_window", Long.toString(nonceWindow));
    result.put("permissions", permissions);
    result.put("iban", iiban);
    result.put("valid_until", "0");
    result.put("query_from", "0");
    result.put("query_to", "0");
    result.put("created_time", Long.toString(created.getEpochSecond()));
    result.put("modified_time", Long.toString(modified.getEpochSecond()));
    result.put("ip_allowlist", ipAllowlist);
    result.put("last_used", lastUsed == null ? null : Long.toString(lastUsed.getEpochSecond()));
    return result;
  }
}
