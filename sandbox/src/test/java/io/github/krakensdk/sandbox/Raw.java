package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.Nonces;

import io.github.krakensdk.auth.FuturesSigner;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.auth.nonce.NonceSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Requests the SDK would never send (wrong signatures, replayed nonces, arguments the contract
 * rejects), signed by hand with the SDK's signers. Nonces come from the process-wide source the
 * SDK uses, so hand-made and SDK requests on one key stay in order.
 */
public final class Raw {
  public static final MediaType JSON = MediaType.get("application/json");
  public static final MediaType FORM = MediaType.get("application/x-www-form-urlencoded");
  private static final OkHttpClient HTTP = new OkHttpClient.Builder().followRedirects(false).build();

  public record Answer(int status, String body, Headers headers) {}

  private final Sandbox sandbox;

  public Raw(Sandbox sandbox) {
    this.sandbox = sandbox;
  }

  public static long nonce() {
    return NonceSource.system().nextNonce();
  }

  public Answer send(Request request) {
    try (Response response = HTTP.newCall(request).execute()) {
      return new Answer(response.code(), response.body().string(), response.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Answer get(String pathAndQuery) {
    return send(new Request.Builder().url(sandbox.baseUrl() + pathAndQuery.substring(1)).build());
  }

  /** A Spot private POST with a JSON body holding {@code "nonce":<nonce>} first, signed with {@code key}. */
  public Answer spot(String path, SandboxKey key, long nonce, String moreJson) {
    String body = "{\"nonce\":" + Long.toUnsignedString(nonce) + (moreJson.isEmpty() ? "" : "," + moreJson) + "}";
    return spotSigned(path, key, Long.toUnsignedString(nonce), body,
        new SpotSigner(key.secret()).sign(path, Long.toUnsignedString(nonce), body.getBytes(StandardCharsets.UTF_8)));
  }

  Answer spotSigned(String path, SandboxKey key, String nonce, String body, String apiSign) {
    return send(new Request.Builder().url(sandbox.baseUrl() + path.substring(1))
        .header("API-Key", key.key()).header("API-Sign", apiSign)
        .post(RequestBody.create(body, JSON)).build());
  }

  /** A Futures private call under {@code base} ({@code /derivatives/api/v3} or the demo one), signed like the SDK. */
  public Answer futures(String method, String base, String pathAndQuery, SandboxKey key, String nonce) {
    int question = pathAndQuery.indexOf('?');
    String path = base + (question < 0 ? pathAndQuery : pathAndQuery.substring(0, question));
    String query = question < 0 ? "" : pathAndQuery.substring(question + 1);
    String authent = new FuturesSigner(key.secret()).sign(path, query, nonce == null ? "" : nonce);
    Request.Builder request = new Request.Builder().url(sandbox.baseUrl() + (base + pathAndQuery).substring(1))
        .header("APIKey", key.key()).header("Authent", authent)
        .method(method, method.equals("GET") ? null : RequestBody.create(new byte[0], null));
    if (nonce != null) {
      request.header("Nonce", nonce);
    }
    return send(request.build());
  }

  /** An Embed call signed like the SDK: the path and query, then the nonce and the body. */
  public Answer embed(String method, String pathAndQuery, String body, SandboxKey key, long nonce) {
    String nonceText = Long.toUnsignedString(nonce);
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    String sign = new SpotSigner(key.secret()).sign(pathAndQuery, nonceText, bytes);
    return send(new Request.Builder().url(sandbox.baseUrl() + pathAndQuery.substring(1))
        .header("API-Key", key.key()).header("API-Sign", sign).header("API-Nonce", nonceText)
        .method(method, method.equals("GET") ? null : RequestBody.create(bytes, body == null ? null : JSON))
        .build());
  }

  public Answer token(String authorization, String form) {
    Request.Builder request = new Request.Builder().url(sandbox.baseUrl() + "oauth/token")
        .post(RequestBody.create(form, FORM));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return send(request.build());
  }
}
