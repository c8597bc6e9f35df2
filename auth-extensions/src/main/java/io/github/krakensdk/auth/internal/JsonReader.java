package io.github.krakensdk.auth.internal;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A small, strict RFC 8259 reader, kept for what Moshi cannot do: {@link #scanObject} reports
 * where each top-level member's value sits in the text, so that {@link SpotNonces} can splice the
 * nonce into a JSON body without re-serializing (and so changing) the rest; {@link #decodeUtf8}
 * refuses malformed UTF-8 instead of replacing it. Responses are decoded with Moshi and the
 * generated models, not here.
 *
 * <p>Strict means: no comments, no trailing commas, no single quotes, no leading zeros, no NaN,
 * no raw control characters in strings, no duplicate member names, nothing but whitespace after
 * the value, nesting at most {@link #MAX_DEPTH} deep. Values read by {@link #parse} map to
 * {@link Map} (insertion-ordered, unmodifiable), {@link List} (unmodifiable), {@link String},
 * {@link BigDecimal}, {@link Boolean} and {@code null}.
 */
public final class JsonReader {
  /** Objects and arrays nest at most this deep; deeper input is refused, not recursed into. */
  public static final int MAX_DEPTH = 64;

  private final String text;
  private int pos;

  private JsonReader(String text) {
    this.text = text;
  }

  /**
   * Parses a whole document: the grammar {@link #scanObject} checks every member value against,
   * open to this package's tests.
   */
  static Object parse(String text) throws JsonException {
    Objects.requireNonNull(text, "text == null");
    JsonReader reader = new JsonReader(text);
    reader.skipWhitespace();
    Object value = reader.readValue(0);
    reader.expectEnd();
    return value;
  }

  /**
   * Decodes well-formed UTF-8. Malformed input is refused rather than replaced, so that decoding
   * and re-encoding give back the same bytes.
   */
  public static String decodeUtf8(byte[] utf8) throws JsonException {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(utf8))
          .toString();
    } catch (CharacterCodingException e) {
      throw new JsonException("input is not well-formed UTF-8");
    }
  }

  /** Where a top-level object starts and where each of its members' values sits. */
  public static final class ObjectScan {
    /** Index of the opening brace. */
    public final int openBrace;
    /** The members in document order. */
    public final List<Member> members;

    ObjectScan(int openBrace, List<Member> members) {
      this.openBrace = openBrace;
      this.members = Collections.unmodifiableList(members);
    }
  }

  /** A top-level member: its decoded name and the half-open range of its value's text. */
  public static final class Member {
    public final String name;
    public final int valueStart;
    public final int valueEnd;

    Member(String name, int valueStart, int valueEnd) {
      this.name = name;
      this.valueStart = valueStart;
      this.valueEnd = valueEnd;
    }
  }

  /**
   * Validates {@code text} as a document whose top-level value is an object and reports the text
   * ranges of that object's members.
   */
  public static ObjectScan scanObject(String text) throws JsonException {
    Objects.requireNonNull(text, "text == null");
    JsonReader reader = new JsonReader(text);
    reader.skipWhitespace();
    if (reader.peek() != '{') throw reader.error("expected a JSON object");
    int openBrace = reader.pos;
    reader.pos++;
    List<Member> members = new ArrayList<>();
    List<String> names = new ArrayList<>();
    reader.skipWhitespace();
    if (reader.peek() == '}') {
      reader.pos++;
    } else {
      while (true) {
        String name = reader.readName(names);
        int start = reader.pos;
        reader.readValue(1);
        members.add(new Member(name, start, reader.pos));
        reader.skipWhitespace();
        if (reader.consumeIf(',')) {
          reader.skipWhitespace();
          continue;
        }
        if (reader.consumeIf('}')) break;
        throw reader.error("expected ',' or '}'");
      }
    }
    reader.expectEnd();
    return new ObjectScan(openBrace, members);
  }

  private void expectEnd() throws JsonException {
    skipWhitespace();
    if (pos != text.length()) throw error("unexpected data after the JSON value");
  }

  /** Reads a value starting at {@link #pos} (no leading whitespace) and leaves pos after it. */
  private Object readValue(int depth) throws JsonException {
    int c = peek();
    switch (c) {
      case '{':
        return readObject(depth + 1);
      case '[':
        return readArray(depth + 1);
      case '"':
        return readString();
      case 't':
        expectLiteral("true");
        return Boolean.TRUE;
      case 'f':
        expectLiteral("false");
        return Boolean.FALSE;
      case 'n':
        expectLiteral("null");
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return readNumber();
        throw error(c == -1 ? "unexpected end of input" : "unexpected character");
    }
  }

  private Map<String, Object> readObject(int depth) throws JsonException {
    checkDepth(depth);
    pos++; // '{'
    Map<String, Object> result = new LinkedHashMap<>();
    skipWhitespace();
    if (consumeIf('}')) return Collections.unmodifiableMap(result);
    List<String> names = new ArrayList<>();
    while (true) {
      String name = readName(names);
      result.put(name, readValue(depth));
      skipWhitespace();
      if (consumeIf(',')) {
        skipWhitespace();
        continue;
      }
      if (consumeIf('}')) return Collections.unmodifiableMap(result);
      throw error("expected ',' or '}'");
    }
  }

  /** Reads {@code "name" :} and leaves pos at the start of the value. */
  private String readName(List<String> seen) throws JsonException {
    if (peek() != '"') throw error("expected a member name");
    int start = pos;
    String name = readString();
    // Duplicate names are ambiguous (readers disagree on which one wins), so refuse them.
    if (seen.contains(name)) {
      pos = start;
      throw error("duplicate member name");
    }
    seen.add(name);
    skipWhitespace();
    if (!consumeIf(':')) throw error("expected ':'");
    skipWhitespace();
    return name;
  }

  private List<Object> readArray(int depth) throws JsonException {
    checkDepth(depth);
    pos++; // '['
    List<Object> result = new ArrayList<>();
    skipWhitespace();
    if (consumeIf(']')) return Collections.unmodifiableList(result);
    while (true) {
      result.add(readValue(depth));
      skipWhitespace();
      if (consumeIf(',')) {
        skipWhitespace();
        continue;
      }
      if (consumeIf(']')) return Collections.unmodifiableList(result);
      throw error("expected ',' or ']'");
    }
  }

  private String readString() throws JsonException {
    pos++; // opening quote
    StringBuilder out = null;
    int runStart = pos;
    while (true) {
      if (pos >= text.length()) throw error("unterminated string");
      char c = text.charAt(pos);
      if (c == '"') {
        String result =
            out == null ? text.substring(runStart, pos) : out.append(text, runStart, pos).toString();
        pos++;
        return result;
      }
      if (c < 0x20) throw error("control character in string");
      if (c != '\\') {
        pos++;
        continue;
      }
      if (out == null) out = new StringBuilder();
      out.append(text, runStart, pos);
      pos++; // backslash
      if (pos >= text.length()) throw error("unterminated escape");
      char e = text.charAt(pos++);
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out.append(e);
          break;
        case 'b':
          out.append('\b');
          break;
        case 'f':
          out.append('\f');
          break;
        case 'n':
          out.append('\n');
          break;
        case 'r':
          out.append('\r');
          break;
        case 't':
          out.append('\t');
          break;
        case 'u':
          if (pos + 4 > text.length()) throw error("truncated \\u escape");
          int value = 0;
          for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(pos + i), 16);
            if (digit < 0) throw error("bad \\u escape");
            value = value * 16 + digit;
          }
          pos += 4;
          out.append((char) value);
          break;
        default:
          pos--;
          throw error("bad escape");
      }
      runStart = pos;
    }
  }

  private BigDecimal readNumber() throws JsonException {
    int start = pos;
    consumeIf('-');
    if (consumeIf('0')) {
      if (isDigit(peek())) throw error("leading zero in number");
    } else if (!consumeDigits()) {
      throw error("expected a digit");
    }
    if (consumeIf('.') && !consumeDigits()) throw error("expected a digit after '.'");
    if (consumeIf('e') || consumeIf('E')) {
      if (!consumeIf('+')) consumeIf('-');
      if (!consumeDigits()) throw error("expected a digit in the exponent");
    }
    try {
      return new BigDecimal(text.substring(start, pos));
    } catch (NumberFormatException | ArithmeticException e) {
      // Grammatically fine but out of BigDecimal's range, e.g. an exponent of 1e9999999999.
      throw error("number out of range");
    }
  }

  private boolean consumeDigits() {
    int start = pos;
    while (isDigit(peek())) pos++;
    return pos > start;
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  private void expectLiteral(String literal) throws JsonException {
    if (!text.startsWith(literal, pos)) throw error("unexpected character");
    pos += literal.length();
  }

  private void checkDepth(int depth) throws JsonException {
    if (depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH);
  }

  private void skipWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
      pos++;
    }
  }

  private int peek() {
    return pos < text.length() ? text.charAt(pos) : -1;
  }

  private boolean consumeIf(char c) {
    if (peek() != c) return false;
    pos++;
    return true;
  }

  private JsonException error(String what) {
    return new JsonException("malformed JSON at offset " + pos + ": " + what);
  }
}
