package io.github.krakensdk.flows;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** What the paging flows share. */
final class Walks {
  private Walks() {}

  static <T> Spliterator<T> spliterator(Iterator<T> iterator) {
    return Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED | Spliterator.NONNULL);
  }

  static <T> Stream<T> stream(Iterator<T> iterator) {
    return StreamSupport.stream(spliterator(iterator), false);
  }

  /**
   * The entries of every page, keyed by id, each id once: the first time it is given. Offsets
   * shift when entries arrive during a walk, so a page can repeat the last entries of the one
   * before; the ids given are kept for the length of the stream to recognise them.
   */
  static <P, V> Stream<Map.Entry<String, V>> uniqueEntries(Stream<P> pages, Function<P, Map<String, V>> entries) {
    Set<String> given = new HashSet<>();
    return pages
        .flatMap(page -> {
          Map<String, V> map = entries.apply(page);
          // A page without its map (lenient decoding) holds no entries rather than failing the walk.
          return map == null ? Stream.empty() : map.entrySet().stream();
        })
        .filter(entry -> given.add(entry.getKey()));
  }

  /**
   * The entries of every page in order, less those the page before already gave: a page asked
   * with the previous page's {@code last} may begin with the entries at that boundary again.
   * Entries are compared by {@code key}; only the previous page's keys are kept.
   */
  static <P, E> Stream<E> newAcrossPages(Stream<P> pages, Function<P, List<E>> entries, Function<E, Object> key) {
    List<Set<Object>> previous = new ArrayList<>(List.of(Set.of()));
    return pages.flatMap(page -> {
      Set<Object> before = previous.get(0);
      Set<Object> now = new HashSet<>();
      List<E> fresh = new ArrayList<>();
      for (E entry : entries.apply(page)) {
        Object id = key.apply(entry);
        now.add(id);
        if (!before.contains(id)) {
          fresh.add(entry);
        }
      }
      previous.set(0, now);
      return fresh.stream();
    });
  }

  /**
   * Every entry of a page keyed by pair (the requested pair, under the service's name for it),
   * in order; none for a page without them.
   */
  static <E> List<E> ofEveryPair(Map<String, List<E>> pairs) {
    if (pairs == null) {
      return List.of();
    }
    List<E> all = new ArrayList<>();
    for (List<E> entries : pairs.values()) {
      if (entries != null) {
        all.addAll(entries);
      }
    }
    return all;
  }

  /** The number of entries of a page's map, 0 for a page without it. */
  static int size(Map<?, ?> map) {
    return map == null ? 0 : map.size();
  }
}
