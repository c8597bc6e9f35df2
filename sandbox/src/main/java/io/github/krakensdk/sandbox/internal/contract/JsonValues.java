package io.github.krakensdk.sandbox.internal.contract;

import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonEncodingException;
import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * Reads JSON into plain values: {@link Map} (members in order), {@link List}, {@link String},
 * {@link BigDecimal} (every number, exactly as written), {@link Boolean} and null.
 */
public final class JsonValues {
  private JsonValues() {}

  /** The value {@code json} holds; throws {@link IOException} when it is not one JSON value in UTF-8. */
  public static Object read(byte[] json) throws IOException {
    try {
      // JSON is UTF-8 (RFC 8259); the reader would put U+FFFD where bytes are not, and pass them.
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(json));
    } catch (CharacterCodingException e) {
      throw new JsonEncodingException("not UTF-8 (" + e.getMessage() + ")");
    }
    JsonReader reader = JsonReader.of(new Buffer().write(json));
    try {
      Object value = read(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new JsonEncodingException("more than one JSON value");
      }
      return value;
    } catch (JsonDataException | NumberFormatException e) {
      throw new JsonEncodingException(e.getMessage());
    }
  }

  static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT -> {
        Map<String, Object> members = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          String name = reader.nextName();
          members.put(name, read(reader));
        }
        reader.endObject();
        return members;
      }
      case BEGIN_ARRAY -> {
        List<Object> items = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          items.add(read(reader));
        }
        reader.endArray();
        return items;
      }
      case STRING -> {
        return reader.nextString();
      }
      case NUMBER -> {
        return new BigDecimal(reader.nextString());
      }
      case BOOLEAN -> {
        return reader.nextBoolean();
      }
      case NULL -> {
        return reader.nextNull();
      }
      default -> throw new JsonEncodingException("unexpected " + reader.peek() + " at " + reader.getPath());
    }
  }
}
