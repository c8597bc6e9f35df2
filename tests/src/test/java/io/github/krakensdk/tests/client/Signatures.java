package io.github.krakensdk.tests.client;

import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import mockwebserver3.RecordedRequest;

/**
 * Recomputes a recorded request's signature from the bytes that reached the server, with the
 * formulas of PUBLIC-SERVICE.md written out again here (not the SDK's signers), so that a request
 * passes only if what was signed is exactly what was sent.
 */
public final class Signatures {
  private Signatures() {}

  /** What a signed request carried: the nonce and the signature. */
  public record Signed(String nonce, String signature) {}

  /**
   * The problems of {@code request}'s signing headers for {@code family}, signed with {@link
   * WireFixture#SECRET} and {@code key}; empty if the signature matches the bytes on the wire.
   */
  public static List<String> problems(Family family, RecordedRequest request, String key) {
    List<String> problems = new ArrayList<>();
    Signed signed = signed(family, request);
    String keyHeader = family == Family.FUTURES ? "APIKey" : "API-Key";
    if (!key.equals(request.getHeaders().get(keyHeader))) {
      problems.add(keyHeader + " is " + request.getHeaders().get(keyHeader) + ", expected " + key);
    }
    if (signed.nonce() == null || !signed.nonce().matches("[0-9]+")) {
      problems.add("no decimal nonce was sent (" + signed.nonce() + ")");
      return problems;
    }
    String expected = expected(family, request, signed.nonce());
    if (!expected.equals(signed.signature())) {
      problems.add((family == Family.FUTURES ? "Authent" : "API-Sign") + " " + signed.signature()
          + " does not sign the request as sent (expected " + expected + ")");
    }
    return problems;
  }

  /** The nonce and signature {@code request} carries, wherever the family puts them. */
  public static Signed signed(Family family, RecordedRequest request) {
    return switch (family) {
      case SPOT -> new Signed(spotNonce(request), request.getHeaders().get("API-Sign"));
      case FUTURES -> new Signed(request.getHeaders().get("Nonce"), request.getHeaders().get("Authent"));
      case EMBED, FUNDING -> new Signed(request.getHeaders().get("API-Nonce"), request.getHeaders().get("API-Sign"));
      case OAUTH -> throw new IllegalArgumentException("OAuth requests are not signed");
    };
  }

  private static String expected(Family family, RecordedRequest request, String nonce) {
    byte[] body = body(request);
    String target = request.getTarget();
    return switch (family) {
      // API-Sign = Base64(HMAC-SHA512(secret, pathAndQuery || SHA256(nonce || body)))
      case SPOT, EMBED, FUNDING -> hmac(concat(utf8(target), sha256(concat(utf8(nonce), body))));
      // Authent = Base64(HMAC-SHA512(secret, SHA256(postData + nonce + endpointPath)))
      case FUTURES -> {
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        String postData = query >= 0 ? target.substring(query + 1) : new String(body, StandardCharsets.UTF_8);
        String endpointPath = path.startsWith("/derivatives") ? path.substring("/derivatives".length()) : path;
        yield hmac(sha256(utf8(postData + nonce + endpointPath)));
      }
      case OAUTH -> throw new IllegalArgumentException("OAuth requests are not signed");
    };
  }

  /** Spot carries its nonce in the body: the JSON member or form field {@code nonce}. */
  private static String spotNonce(RecordedRequest request) {
    String text = new String(body(request), StandardCharsets.UTF_8);
    if (text.startsWith("{")) {
      var nonce = Contracts.readJson(text).get("nonce");
      return nonce == null || !nonce.isIntegralNumber() ? null : nonce.asText();
    }
    for (String field : text.split("&")) {
      if (field.startsWith("nonce=")) {
        return field.substring("nonce=".length());
      }
    }
    return null;
  }

  public static byte[] body(RecordedRequest request) {
    return request.getBody() == null ? new byte[0] : request.getBody().toByteArray();
  }

  private static String hmac(byte[] message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA512");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(WireFixture.SECRET), "HmacSHA512"));
      return Base64.getEncoder().encodeToString(mac.doFinal(message));
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
