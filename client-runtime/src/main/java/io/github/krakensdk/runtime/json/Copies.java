package io.github.krakensdk.runtime.json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unmodifiable copies for the containers of generated models. Unlike {@code List.copyOf}, these
 * keep {@code null} elements, which a lenient decoder must accept.
 */
public final class Copies {
  private Copies() {}

  /** An unmodifiable copy of {@code list}, or {@code null}. */
  public static <T> List<T> list(List<T> list) {
    return list == null ? null : Collections.unmodifiableList(new ArrayList<>(list));
  }

  /** An unmodifiable copy of {@code map} keeping its order, or {@code null}. */
  public static <K, V> Map<K, V> map(Map<K, V> map) {
    return map == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
