package io.github.krakensdk.runtime.internal.json;

import java.util.AbstractList;
import java.util.Collection;
import java.util.RandomAccess;

/**
 * The unmodifiable list of decoded arrays and of {@link io.github.krakensdk.runtime.json.Copies#list}: an array no one else holds,
 * so that {@code Copies} can keep one as it is instead of copying it again (a record's canonical
 * constructor copies every list it is given). Unlike {@code List.copyOf}, it keeps {@code null}
 * elements. {@code equals}, {@code hashCode} and {@code toString} are those of any {@code List}.
 */
public final class FrozenList<E> extends AbstractList<E> implements RandomAccess {
  private final Object[] elements;
  private final int size;

  /** The first {@code size} of {@code elements}, an array the caller hands over and no longer touches. */
  FrozenList(Object[] elements, int size) {
    this.elements = elements;
    this.size = size;
  }

  /** A list of {@code collection}'s elements, copied. */
  public static <E> FrozenList<E> copyOf(Collection<? extends E> collection) {
    Object[] elements = collection.toArray();
    return new FrozenList<>(elements, elements.length);
  }

  @Override
  @SuppressWarnings("unchecked")
  public E get(int index) {
    java.util.Objects.checkIndex(index, size);
    return (E) elements[index];
  }

  @Override
  public int size() {
    return size;
  }
}
