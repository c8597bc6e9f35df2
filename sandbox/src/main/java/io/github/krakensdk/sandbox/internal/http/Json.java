package io.github.krakensdk.sandbox.internal.http;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.internal.model.EmbedJsonAdapters;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryAsset;
import io.github.krakensdk.embed.model.User;
import io.github.krakensdk.futures.internal.model.FuturesJsonAdapters;
import io.github.krakensdk.futures.model.OptionGreeks;
import io.github.krakensdk.oauth.internal.model.OAuthJsonAdapters;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.runtime.validation.Validatable;
import io.github.krakensdk.spot.model.FeeTierInfo;
import io.github.krakensdk.spot.internal.model.SpotJsonAdapters;
import io.github.krakensdk.spot.model.TradeVolume;
import java.io.IOException;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import okio.Buffer;

/**
 * The JSON of the sandbox: the SDK's own set-up ({@code KrakenJson} and the four generated
 * adapter factories, what {@code KrakenClient} uses), so that every answer is written by
 * the contract's generated records.
 *
 * <p>Moshi leaves out a member whose value is null. That is right for optional members, but the
 * contract requires some members that may be null ({@code next_fee} of a fee tier, the greeks of an
 * option), and the service shows others as an explicit null ({@code fees} without {@code pair},
 * {@code next_cursor} on the last page). The types listed in {@link #KEEPS_NULLS} are written with
 * their nulls; every other type without, whatever its parent does.
 */
public final class Json {
  private static final Set<Class<?>> KEEPS_NULLS = Set.of(
      FeeTierInfo.class, TradeVolume.class, OptionGreeks.class, PortfolioHistory.class,
      PortfolioHistoryAsset.class, AutoEarnStatus.class, User.class);

  private static final JsonAdapter.Factory NULL_POLICY = Json::nullPolicy;

  public static final Moshi MOSHI = KrakenJson.newBuilder()
      .add(NULL_POLICY)
      .add(SpotJsonAdapters.FACTORY)
      .add(FuturesJsonAdapters.FACTORY)
      .add(OAuthJsonAdapters.FACTORY)
      .add(EmbedJsonAdapters.FACTORY)
      .build();

  private Json() {}

  /**
   * {@code value} as JSON: a generated record of the contract through its adapter, or a tree
   * ({@link Map} in its order, {@link List}, {@link String}, {@link BigDecimal} as a plain number,
   * {@link Long}, {@link Boolean}, null), as the exchange builds its answers, with its nulls.
   */
  public static String write(Object value) {
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      StringBuilder out = new StringBuilder();
      writeTree(value, out);
      return out.toString();
    }
    return writeRecord(value);
  }

  private static String writeRecord(Object value) {
    @SuppressWarnings("unchecked")
    JsonAdapter<Object> adapter = (JsonAdapter<Object>) MOSHI.adapter(value.getClass());
    return adapter.toJson(value);
  }

  public static <T> T read(byte[] json, Class<T> type) throws IOException {
    JsonAdapter<T> adapter = MOSHI.adapter(type);
    JsonReader reader = JsonReader.of(new Buffer().write(json));
    T value = adapter.fromJson(reader);
    if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
      throw new IOException("trailing data after the JSON value");
    }
    return value;
  }

  private static JsonAdapter<?> nullPolicy(Type type, Set<? extends java.lang.annotation.Annotation> annotations,
      Moshi moshi) {
    Class<?> raw = Types.getRawType(type);
    boolean model = raw.isRecord() || Validatable.class.isAssignableFrom(raw);
    if (!model || !raw.getPackageName().startsWith("io.github.krakensdk.")) {
      return null;
    }
    boolean keep = KEEPS_NULLS.contains(raw);
    JsonAdapter<Object> delegate = moshi.nextAdapter(NULL_POLICY, type, annotations);
    return new JsonAdapter<Object>() {
      @Override
      public Object fromJson(JsonReader reader) throws IOException {
        return delegate.fromJson(reader);
      }

      @Override
      public void toJson(JsonWriter writer, Object value) throws IOException {
        if (value == null) {
          writer.nullValue();
          return;
        }
        boolean before = writer.getSerializeNulls();
        writer.setSerializeNulls(keep);
        try {
          delegate.toJson(writer, value);
        } finally {
          writer.setSerializeNulls(before);
        }
      }
    };
  }

  private static void writeTree(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      string(text, out);
    } else if (value instanceof BigDecimal decimal) {
      out.append(decimal.toPlainString());
    } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      out.append(value);
    } else if (value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        string(String.valueOf(entry.getKey()), out);
        out.append(':');
        writeTree(entry.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        writeTree(list.get(i), out);
      }
      out.append(']');
    } else {
      throw new IllegalArgumentException("not a JSON tree value: " + value.getClass().getName());
    }
  }

  private static void string(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
