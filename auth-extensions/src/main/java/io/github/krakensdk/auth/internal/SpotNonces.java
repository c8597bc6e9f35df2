package io.github.krakensdk.auth.internal;

import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import okio.Buffer;

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
    // Worked on the bytes, so that untouched fields keep theirs whatever they hold, and a signed
    // call makes no string, array or list per field.
    int found = -1;
    int foundEnd = -1;
    if (body.length > 0) {
      for (int start = 0; start <= body.length; ) {
        int end = start;
        while (end < body.length && body[end] != '&') end++;
        if (namesNonce(body, start, end)) {
          if (found >= 0) throw new IllegalArgumentException("the form body has more than one nonce field");
          found = start;
          foundEnd = end;
        }
        start = end + 1;
      }
    }
    int fieldLength = FORM_NONCE.length + nonce.length();
    if (found < 0) {
      // nonce=<value>, then & and the body when there is one.
      byte[] result = new byte[fieldLength + (body.length == 0 ? 0 : 1 + body.length)];
      int at = writeNonceField(result, 0, nonce);
      if (body.length > 0) {
        result[at++] = '&';
        System.arraycopy(body, 0, result, at, body.length);
      }
      return result;
    }
    byte[] result = new byte[body.length - (foundEnd - found) + fieldLength];
    System.arraycopy(body, 0, result, 0, found);
    int at = writeNonceField(result, found, nonce);
    System.arraycopy(body, foundEnd, result, at, body.length - foundEnd);
    return result;
  }

  private static final byte[] FORM_NONCE = "nonce=".getBytes(StandardCharsets.ISO_8859_1);

  /** Whether the form field in {@code [start, end)} is named {@code nonce} (with or without a value). */
  private static boolean namesNonce(byte[] body, int start, int end) {
    int nameEnd = start;
    while (nameEnd < end && body[nameEnd] != '=') nameEnd++;
    if (nameEnd - start != 5) return false;
    for (int i = 0; i < 5; i++) {
      if (body[start + i] != FORM_NONCE[i]) return false;
    }
    return true;
  }

  /** Writes {@code nonce=<nonce>} at {@code at} as ISO-8859-1 and returns the index after it. */
  private static int writeNonceField(byte[] into, int at, String nonce) {
    System.arraycopy(FORM_NONCE, 0, into, at, FORM_NONCE.length);
    at += FORM_NONCE.length;
    for (int i = 0; i < nonce.length(); i++) {
      char c = nonce.charAt(i);
      into[at++] = c <= 0xff ? (byte) c : (byte) '?'; // as String.getBytes(ISO_8859_1) encodes
    }
    return at;
  }

  /**
   * For a JSON body: replaces the value of a top-level {@code nonce} member with the number, or
   * else inserts {@code "nonce":<value>} as the first member. An empty body becomes
   * {@code {"nonce":<value>}}. Every other byte stays as the caller wrote it.
   *
   * @throws IllegalArgumentException if the body is not well-formed UTF-8 holding one strict JSON
   *     object, or its top level names a member twice. The message never quotes the body.
   */
  public static byte[] putIntoJson(byte[] body, String nonce) {
    if (body.length == 0) return ("{\"nonce\":" + nonce + "}").getBytes(StandardCharsets.UTF_8);
    List<String> names = topLevelNames(body);
    int open = 0;
    while (body[open] != '{') open++; // Moshi accepted an object: only whitespace comes before it
    int nonceIndex = names.indexOf("nonce");
    if (nonceIndex < 0) {
      String member = "\"nonce\":" + nonce + (names.isEmpty() ? "" : ",");
      return splice(body, open + 1, open + 1, member);
    }
    int[] span = valueSpan(body, open, nonceIndex);
    return splice(body, span[0], span[1], nonce);
  }

  /**
   * As {@link #putIntoJson}, for a body the SDK encoded from a request record ({@code
   * JsonRequestBody}): one JSON object without whitespace, each member once, so that the nonce
   * goes in as its first member without parsing the body again. A body that mentions {@code
   * "nonce"} anywhere takes the checked path.
   */
  public static byte[] putIntoEncodedJson(byte[] body, String nonce) {
    if (body.length < 2 || body[0] != '{' || indexOf(body, NONCE_NAME) >= 0) return putIntoJson(body, nonce);
    if (!isAscii(nonce)) return splice(body, 1, 1, "\"nonce\":" + nonce + (body.length == 2 ? "" : ","));
    // {"nonce":<nonce>, then the encoded members: written straight into the result, no string between.
    boolean members = body.length > 2;
    byte[] result = new byte[body.length + NONCE_NAME.length + 1 + nonce.length() + (members ? 1 : 0)];
    result[0] = '{';
    System.arraycopy(NONCE_NAME, 0, result, 1, NONCE_NAME.length);
    int at = 1 + NONCE_NAME.length;
    result[at++] = ':';
    for (int i = 0; i < nonce.length(); i++) result[at++] = (byte) nonce.charAt(i);
    if (members) result[at++] = ',';
    System.arraycopy(body, 1, result, at, body.length - 1);
    return result;
  }

  private static boolean isAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) return false;
    }
    return true;
  }

  private static final byte[] NONCE_NAME = "\"nonce\"".getBytes(StandardCharsets.UTF_8);

  private static int indexOf(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) continue outer;
      }
      return i;
    }
    return -1;
  }

  /**
   * Validates {@code body} with Moshi (strict: no comments, single quotes, trailing commas, leading
   * zeros or data after the object) and returns the decoded names of its top-level members.
   */
  private static List<String> topLevelNames(byte[] body) {
    try {
      // Moshi reads bytes as UTF-8 with replacement; refusing malformed input keeps names exact.
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body));
      JsonReader reader = JsonReader.of(new Buffer().write(body));
      reader.setLenient(false);
      List<String> names = new ArrayList<>();
      reader.beginObject();
      while (reader.hasNext()) {
        String name = reader.nextName();
        // Readers disagree on which of two equal names wins, so which nonce counts is ambiguous.
        if (names.contains(name)) throw new IllegalArgumentException("duplicate top-level member name");
        names.add(name);
        reader.skipValue();
      }
      reader.endObject();
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new IllegalArgumentException("unexpected data after the JSON object");
      }
      return names;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("the JSON body is not well-formed UTF-8");
    } catch (IOException | JsonDataException e) {
      // Moshi's messages give what was expected and a path of member names, never values; its
      // advice to turn on leniency is for Moshi's callers, not for this SDK's.
      throw new IllegalArgumentException(
          e.getMessage().replace("Use JsonReader.setLenient(true) to accept malformed", "malformed"));
    }
  }

  /**
   * The half-open byte range of the value of top-level member {@code index} in a body that Moshi
   * has validated: the one thing Moshi cannot report, because it does not expose offsets.
   */
  private static int[] valueSpan(byte[] json, int open, int index) {
    int member = 0;
    int depth = 0;
    int start = -1;
    for (int i = open; ; i++) {
      byte b = json[i];
      if (b == '"') {
        for (i++; json[i] != '"'; i++) if (json[i] == '\\') i++; // leaves i on the closing quote
      } else if (b == '{' || b == '[') {
        depth++;
      } else if (depth == 1 && b == ':' && member == index) {
        start = i + 1;
        while (isWhitespace(json[start])) start++;
      } else if (depth == 1 && (b == ',' || b == '}')) {
        if (start >= 0) {
          int end = i;
          while (isWhitespace(json[end - 1])) end--;
          return new int[] {start, end};
        }
        member++;
      } else if (b == '}' || b == ']') {
        depth--;
      }
    }
  }

  private static boolean isWhitespace(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r';
  }

  private static byte[] splice(byte[] body, int from, int to, String replacement) {
    byte[] middle = replacement.getBytes(StandardCharsets.UTF_8);
    byte[] result = new byte[body.length - (to - from) + middle.length];
    System.arraycopy(body, 0, result, 0, from);
    System.arraycopy(middle, 0, result, from, middle.length);
    System.arraycopy(body, to, result, from + middle.length, body.length - to);
    return result;
  }
}
