package io.github.krakensdk.runtime.json;

import io.github.krakensdk.runtime.internal.json.FrozenList;
import io.github.krakensdk.runtime.internal.json.FrozenMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unmodifiable copies for the containers of generated models. Unlike {@code List.copyOf}, these
 * keep {@code null} elements, which a lenient decoder must accept. A container the SDK made
 * itself (decoded, or copied here before) cannot change, so it is kept as it is rather than
 * copied again: a decoded answer's maps and lists are built once.
 */
public final class Copies {
  private Copies() {}

  /** An unmodifiable copy of {@code list}, or {@code null}. */
  public static <T> List<T> list(List<T> list) {
    return list == null || list instanceof FrozenList ? list : FrozenList.copyOf(list);
  }

  /** An unmodifiable copy of {@code map} keeping its order, or {@code null}. */
  public static <K, V> Map<K, V> map(Map<K, V> map) {
    return map == null || map instanceof FrozenMap ? map : new FrozenMap<>(new LinkedHashMap<>(map));
  }
}
