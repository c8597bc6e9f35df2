package io.github.krakensdk.runtime.json;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Captures a generic type such as {@code Map<String, AssetInfo>} for an adapter lookup:
 * {@code moshi.adapter(new TypeRef<Map<String, AssetInfo>>() {}.type())}. Generated adapters use
 * it for their container-typed components.
 */
public abstract class TypeRef<T> {
  private final Type type;

  protected TypeRef() {
    Type superclass = getClass().getGenericSuperclass();
    if (!(superclass instanceof ParameterizedType)) {
      throw new IllegalStateException("TypeRef must be created with a type argument");
    }
    this.type = ((ParameterizedType) superclass).getActualTypeArguments()[0];
  }

  /** The captured type. */
  public final Type type() {
    return type;
  }
}
