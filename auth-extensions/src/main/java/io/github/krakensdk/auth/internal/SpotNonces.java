package io.github.krakensdk.auth.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts a Spot nonce into a request body without touching any other byte of it: what the caller
 * wrote is what is sent and signed, plus the nonce.
 */
public final class SpotNonces {
  private SpotNonces() {}

  /**
   * For a form body: replaces the value of an existing {@code nonce} field in place, or else
   * puts {@code nonce=<value>} first.
   *
   * @throws IllegalArgumentException if the body has more than one {@code nonce} field.
   */
  public static byte[] putIntoForm(byte[] body, String nonce) {
    // ISO-8859-1 maps every byte to one char and back, so untouched fields keep their bytes even
    // if they are not ASCII.
    String text = new String(body, StandardCharsets.ISO_8859_1);
    if (text.isEmpty()) return ("nonce=" + nonce).getBytes(StandardCharsets.ISO_8859_1);
    String[] fields = text.split("&", -1);
    List<Integer> nonceFields = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      String name = fields[i];
      int equals = name.indexOf('=');
      if (equals >= 0) name = name.substring(0, equals);
      if (name.equals("nonce")) nonceFields.add(i);
    }
    if (nonceFields.size() > 1) {
      throw new IllegalArgumentException("the form body has more than one nonce field");
    }
    String result;
    if (nonceFields.isEmpty()) {
      result = "nonce=" + nonce + "&" + text;
    } else {
      fields[nonceFields.get(0)] = "nonce=" + nonce;
      result = String.join("&", fields);
    }
    return result.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * For a JSON body: replaces the value of a top-level {@code nonce} member with the number, or
   * else inserts {@code "nonce":<value>} as the first member. An empty body becomes
   * {@code {"nonce":<value>}}.
   *
   * @throws JsonException if the body is not a strict JSON object.
   */
  public static byte[] putIntoJson(byte[] body, String nonce) throws JsonException {
    if (body.length == 0) return ("{\"nonce\":" + nonce + "}").getBytes(StandardCharsets.UTF_8);
    // Strict decoding guarantees that re-encoding the untouched parts gives back their bytes.
    String text = JsonReader.decodeUtf8(body);
    JsonReader.ObjectScan scan = JsonReader.scanObject(text);
    String result = null;
    for (JsonReader.Member member : scan.members) {
      if (member.name.equals("nonce")) {
        result = text.substring(0, member.valueStart) + nonce + text.substring(member.valueEnd);
        break;
      }
    }
    if (result == null) {
      int insertAt = scan.openBrace + 1;
      String member = "\"nonce\":" + nonce + (scan.members.isEmpty() ? "" : ",");
      result = text.substring(0, insertAt) + member + text.substring(insertAt);
    }
    return result.getBytes(StandardCharsets.UTF_8);
  }
}
