package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A request's parameters read as leniently as the service reads them: from a JSON body (numbers,
 * booleans, nested objects and arrays) or from a form body (every value a string, nested values as
 * {@code close[price]} or {@code orders[0][type]} keys, or already folded into maps and lists).
 * A value that is present but cannot be read answers {@code EGeneral:Invalid arguments:<name>}.
 */
final class Params {
  private final Map<String, Object> values;

  private Params(Map<String, Object> values) {
    this.values = values;
  }

  static Params of(Map<String, ?> values) {
    Map<String, Object> copy = new LinkedHashMap<>();
    if (values != null) {
      copy.putAll(values);
    }
    return new Params(copy);
  }

  boolean has(String name) {
    Object value = values.get(name);
    return value != null && !(value instanceof String s && s.isEmpty());
  }

  Object raw(String name) {
    return values.get(name);
  }

  /** The value as text, or null when absent or empty. */
  String string(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    String text = text(value, name);
    return text.isEmpty() ? null : text;
  }

  String required(String name) {
    String value = string(name);
    if (value == null) {
      throw ExchangeError.invalid(name);
    }
    return value;
  }

  BigDecimal decimal(String name) {
    String text = string(name);
    if (text == null) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw ExchangeError.invalid(name);
    }
  }

  Long integer(String name) {
    Object value = values.get(name);
    if (value == null || value instanceof String s && s.isBlank()) {
      return null;
    }
    try {
      BigDecimal number = value instanceof Number n ? new BigDecimal(n.toString()) : new BigDecimal(text(value, name).trim());
      return number.longValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw ExchangeError.invalid(name);
    }
  }

  long integer(String name, long fallback) {
    Long value = integer(name);
    return value == null ? fallback : value;
  }

  boolean bool(String name, boolean fallback) {
    Object value = values.get(name);
    if (value == null || value instanceof String s && s.isBlank()) {
      return fallback;
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
      default -> throw ExchangeError.invalid(name);
    };
  }

  /** A nested object: {@code close: {...}} or the flat form keys {@code close[ordertype]}. */
  Params child(String name) {
    Object value = values.get(name);
    if (value instanceof Map<?, ?> map) {
      return of(stringKeys(map));
    }
    Map<String, Object> flat = new LinkedHashMap<>();
    String prefix = name + "[";
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      String key = entry.getKey();
      if (key.startsWith(prefix) && key.endsWith("]")) {
        flat.put(key.substring(prefix.length(), key.length() - 1), entry.getValue());
      }
    }
    return new Params(flat);
  }

  /**
   * A list: a JSON array, an object keyed {@code 0, 1, ...}, the flat form keys {@code orders[0][type]}
   * (each element then a map), or a comma-separated string.
   */
  List<Object> list(String name) {
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
        throw ExchangeError.invalid(name);
      }
      int index;
      try {
        index = Integer.parseInt(key.substring(1, close));
      } catch (NumberFormatException e) {
        throw ExchangeError.invalid(name);
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
  List<Params> objects(String name) {
    List<Params> objects = new ArrayList<>();
    for (Object item : list(name)) {
      if (!(item instanceof Map<?, ?> map)) {
        throw ExchangeError.invalid(name);
      }
      objects.add(of(stringKeys(map)));
    }
    return objects;
  }

  /** A comma-separated list of names ({@code txid=A,B}), trimmed, empty entries dropped. */
  List<String> names(String name) {
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

  private static List<Object> indexed(Map<String, Object> map, String name) {
    Map<Integer, Object> byIndex = new TreeMap<>();
    for (Map.Entry<String, Object> entry : map.entrySet()) {
      try {
        byIndex.put(Integer.parseInt(entry.getKey()), entry.getValue());
      } catch (NumberFormatException e) {
        throw ExchangeError.invalid(name);
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

  private static String text(Object value, String name) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw ExchangeError.invalid(name);
      }
      return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw ExchangeError.invalid(name);
  }
}
