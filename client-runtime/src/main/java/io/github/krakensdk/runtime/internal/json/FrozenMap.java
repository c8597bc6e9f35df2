package io.github.krakensdk.runtime.internal.json;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The unmodifiable map of decoded objects and of {@link io.github.krakensdk.runtime.json.Copies#map}: a {@link LinkedHashMap} no
 * one else holds, so that {@code Copies} can keep one as it is instead of copying it again (a
 * record's canonical constructor copies every map it is given). It keeps the order of the JSON
 * members and {@code null} values. {@code equals}, {@code hashCode} and {@code toString} are those
 * of any {@code Map}.
 */
public final class FrozenMap<K, V> extends AbstractMap<K, V> {
  private final Map<K, V> entries;

  /** @param owned a map the caller hands over and no longer touches. */
  public FrozenMap(LinkedHashMap<K, V> owned) {
    this.entries = Collections.unmodifiableMap(owned);
  }

  @Override
  public int size() {
    return entries.size();
  }

  @Override
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return entries.containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return entries.containsValue(value);
  }

  @Override
  public V get(Object key) {
    return entries.get(key);
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    return entries.getOrDefault(key, defaultValue);
  }

  @Override
  public void forEach(BiConsumer<? super K, ? super V> action) {
    entries.forEach(action);
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return entries.entrySet();
  }

  @Override
  public Set<K> keySet() {
    return entries.keySet();
  }

  @Override
  public Collection<V> values() {
    return entries.values();
  }

  @Override
  public boolean equals(Object other) {
    return other == this || entries.equals(other);
  }

  @Override
  public int hashCode() {
    return entries.hashCode();
  }
}
