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

  /**
   * The one element of {@code list}, for the single-value accessor of a member that the service
   * sends as a list of one ({@code txid} of {@code addOrder}); {@code null} for a null or empty list.
   *
   * @throws IllegalStateException naming {@code member} if {@code list} holds more than one
   */
  public static <T> T only(String member, List<T> list) {
    if (list == null || list.isEmpty()) {
      return null;
    }
    if (list.size() > 1) {
      throw new IllegalStateException(member + " holds " + list.size() + " values, not one: " + list);
    }
    return list.get(0);
  }
}
