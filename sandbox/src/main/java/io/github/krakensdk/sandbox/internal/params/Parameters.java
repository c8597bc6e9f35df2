package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.internal.spot.exchange.ExchangeError;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A request's parameters read as leniently as the service reads them, the one way the Spot
 * exchange and funding handlers read theirs: from a JSON body (numbers, booleans, nested objects and
 * arrays) or a form body (every value text, nested values as {@code close[price]} or {@code
 * orders[0][type]} keys, or already folded into maps and lists by {@link BodyParameters}). Each
 * getter takes both forms; an empty value is an absent one. A value that is present but cannot be
 * read is refused with the family's {@code EGeneral:Invalid arguments:<name>}.
 *
 * <pre>{@code
 * Parameters p = Parameters.of(tree, ExchangeError::invalid);
 * BigDecimal volume = p.decimal("volume");
 * boolean validate = p.bool("validate", false);
 * }</pre>
 */
public final class Parameters {
  private final Map<String, Object> values;
  private final Function<String, ? extends RuntimeException> invalid;

  private Parameters(Map<String, Object> values, Function<String, ? extends RuntimeException> invalid) {
    this.values = values;
    this.invalid = invalid;
  }

  /**
   * The parameters in {@code values} (a tree of {@link JsonTree}'s kinds); {@code invalid} makes the
   * family's error for the name of a parameter that cannot be read.
   */
  public static Parameters of(Map<String, ?> values, Function<String, ? extends RuntimeException> invalid) {
    Objects.requireNonNull(invalid, "invalid == null");
    Map<String, Object> copy = new LinkedHashMap<>();
    if (values != null) {
      copy.putAll(values);
    }
    return new Parameters(copy, invalid);
  }

  public boolean has(String name) {
    Object value = values.get(name);
    return value != null && !(value instanceof String s && s.isEmpty());
  }

  public Object raw(String name) {
    return values.get(name);
  }

  /** The value as text, or null when absent or empty. */
  public String string(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    String text = text(value, name);
    return text.isEmpty() ? null : text;
  }

  /** The value as text, trimmed; absent or blank is refused. */
  public String required(String name) {
    String value = string(name);
    if (value == null || value.isBlank()) {
      throw invalid.apply(name);
    }
    return value.trim();
  }

  /** A decimal number (JSON number or text); null when absent or blank. */
  public BigDecimal decimal(String name) {
    String text = string(name);
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw invalid.apply(name);
    }
  }

  public Long integer(String name) {
    Object value = values.get(name);
    if (value == null || value instanceof String s && s.isBlank()) {
      return null;
    }
    try {
      BigDecimal number = value instanceof Number n ? new BigDecimal(n.toString()) : new BigDecimal(text(value, name).trim());
      return number.longValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw invalid.apply(name);
    }
  }

  public long integer(String name, long fallback) {
    Long value = integer(name);
    return value == null ? fallback : value;
  }

  /** {@link #decimal}, required. */
  public BigDecimal requiredDecimal(String name) {
    BigDecimal value = decimal(name);
    if (value == null) {
      throw invalid.apply(name);
    }
    return value;
  }

  /** A positive amount: absent, zero, negative or unreadable is refused. */
  public BigDecimal positive(String name) {
    BigDecimal value = requiredDecimal(name);
    if (value.signum() <= 0) {
      throw invalid.apply(name);
    }
    return value;
  }

  public boolean bool(String name, boolean fallback) {
    Boolean value = bool(name);
    return value == null ? fallback : value;
  }

  /**
   * A boolean: JSON {@code true}/{@code false}, a number (non-zero is true), or text {@code
   * true}/{@code false}/{@code 1}/{@code 0}/{@code yes}/{@code no} in any case; null when absent or blank.
   */
  public Boolean bool(String name) {
    Object value = values.get(name);
    if (value == null || value instanceof String s && s.isBlank()) {
      return null;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    String text = value.toString().trim().toLowerCase(java.util.Locale.ROOT);
    return switch (text) {
      case "true", "1", "yes" -> true;
      case "false", "0", "no" -> false;
      default -> throw invalid.apply(name);
    };
  }

  /** A nested object: {@code close: {...}} or the flat form keys {@code close[ordertype]}. */
  public Parameters child(String name) {
    Object value = values.get(name);
    if (value instanceof Map<?, ?> map) {
      return new Parameters(stringKeys(map), invalid);
    }
    Map<String, Object> flat = new LinkedHashMap<>();
    String prefix = name + "[";
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      String key = entry.getKey();
      if (key.startsWith(prefix) && key.endsWith("]")) {
        flat.put(key.substring(prefix.length(), key.length() - 1), entry.getValue());
      }
    }
    return new Parameters(flat, invalid);
  }

  /**
   * A list: a JSON array, an object keyed {@code 0, 1, ...}, the flat form keys {@code orders[0][type]}
   * (each element then a map), or a comma-separated string.
   */
  public List<Object> list(String name) {
    Object value = values.get(name);
    if (value instanceof Collection<?> collection) {
      return new ArrayList<>(collection);
    }
    if (value instanceof Map<?, ?> map) {
      return indexed(stringKeys(map), name);
    }
    if (value instanceof String text) {
      List<Object> items = new ArrayList<>();
      for (String item : text.split(",")) {
        if (!item.isBlank()) {
          items.add(item.trim());
        }
      }
      return items;
    }
    if (value != null) {
      return List.of(value);
    }
    Map<String, Object> flat = new LinkedHashMap<>();
    String prefix = name + "[";
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      if (entry.getKey().startsWith(prefix)) {
        flat.put(entry.getKey().substring(prefix.length() - 1), entry.getValue());
      }
    }
    if (flat.isEmpty()) {
      return List.of();
    }
    // "[0][type]" -> index 0, key "type"; "[0]" -> index 0, the value itself.
    Map<Integer, Object> byIndex = new TreeMap<>();
    for (Map.Entry<String, Object> entry : flat.entrySet()) {
      String key = entry.getKey();
      int close = key.indexOf(']');
      if (!key.startsWith("[") || close < 0) {
        throw invalid.apply(name);
      }
      int index;
      try {
        index = Integer.parseInt(key.substring(1, close));
      } catch (NumberFormatException e) {
        throw invalid.apply(name);
      }
      String rest = key.substring(close + 1);
      if (rest.isEmpty()) {
        byIndex.put(index, entry.getValue());
      } else {
        @SuppressWarnings("unchecked")
        Map<String, Object> element = (Map<String, Object>) byIndex.computeIfAbsent(index, i -> new LinkedHashMap<>());
        element.put(rest, entry.getValue());
      }
    }
    List<Object> items = new ArrayList<>();
    for (Object item : byIndex.values()) {
      items.add(item instanceof Map<?, ?> map ? unflatten(stringKeys(map)) : item);
    }
    return items;
  }

  /** Elements of {@link #list} that are objects, each read as parameters. */
  public List<Parameters> objects(String name) {
    List<Parameters> objects = new ArrayList<>();
    for (Object item : list(name)) {
      if (!(item instanceof Map<?, ?> map)) {
        throw invalid.apply(name);
      }
      objects.add(new Parameters(stringKeys(map), invalid));
    }
    return objects;
  }

  /** A comma-separated list of names ({@code txid=A,B}), trimmed, empty entries dropped. */
  public List<String> names(String name) {
    List<String> names = new ArrayList<>();
    for (Object item : list(name)) {
      String text = text(item, name).trim();
      if (text.contains(",")) {
        for (String part : text.split(",")) {
          if (!part.isBlank()) {
            names.add(part.trim());
          }
        }
      } else if (!text.isEmpty()) {
        names.add(text);
      }
    }
    return names;
  }

  private List<Object> indexed(Map<String, Object> map, String name) {
    Map<Integer, Object> byIndex = new TreeMap<>();
    for (Map.Entry<String, Object> entry : map.entrySet()) {
      try {
        byIndex.put(Integer.parseInt(entry.getKey()), entry.getValue());
      } catch (NumberFormatException e) {
        throw invalid.apply(name);
      }
    }
    return new ArrayList<>(byIndex.values());
  }

  /** {@code {"close][ordertype": x}} left over from a flat key becomes {@code close[ordertype]}: folded again. */
  private static Map<String, Object> unflatten(Map<String, Object> element) {
    Map<String, Object> result = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : element.entrySet()) {
      String key = entry.getKey();
      // "[type]" -> "type"; "[close][price]" -> "close[price]"
      if (key.startsWith("[")) {
        int close = key.indexOf(']');
        String head = key.substring(1, close);
        String rest = key.substring(close + 1);
        result.put(head + rest, entry.getValue());
      } else {
        result.put(key, entry.getValue());
      }
    }
    return result;
  }

  private static Map<String, Object> stringKeys(Map<?, ?> map) {
    Map<String, Object> result = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      result.put(String.valueOf(entry.getKey()), entry.getValue());
    }
    return result;
  }

  private String text(Object value, String name) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw invalid.apply(name);
      }
      return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw invalid.apply(name);
  }
}
