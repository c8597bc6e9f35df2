package io.github.krakensdk.sandbox.internal.state;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns the engines' state objects into a JSON tree ({@link Map}, {@link List}, {@link String},
 * {@link Boolean}, numbers kept as {@link JsonNumber}) and back, by their declared field types.
 *
 * <p>Values: text, numbers, booleans, enums (by name), decimals as strings (their scale kept:
 * {@code "1.50"} stays {@code 1.50}), instants, durations, dates and UUIDs as ISO strings, byte
 * arrays as base64, lists and sets as arrays, maps with text keys as objects (others as arrays of
 * {@code [key, value]} pairs). An object of the sandbox's own classes is an object of its fields;
 * a record is built through its canonical constructor, any other class through its no-argument
 * constructor when it has one (so that its collections keep their comparators) or without one.
 *
 * <p>Why by reflection: about forty mutable classes hold the families' states; one codec that
 * follows their declared types keeps export and import in step with every field added later,
 * where forty hand-written pairs would drift. What is shared stays shared: an object met twice is
 * written once with an {@code "@id"} and then as {@code {"@ref": id}}, so an order that sits in
 * an account, in the orders by id and in a book is one order again after import. A value whose
 * class the declared type does not say (a field of an interface type) is written as {@code
 * {"@class": name, "@value": ...}}; only the SDK's and the sandbox's classes, and the plain JDK
 * values above, are accepted there. Maps and sets without an order of their own are written in
 * their keys' order, so that one state has one text.
 */
final class StateCodec {
  private static final String PACKAGE = "io.github.krakensdk.";

  /** An exact number as written in the JSON text. */
  record JsonNumber(String text) {}

  // ---- writing ----

  static final class Writer {
    private final Map<Object, Map<String, Object>> written = new IdentityHashMap<>();
    private final Map<Object, Integer> ids = new IdentityHashMap<>();
    /** The engines and collaborators a state object may point at: written by name, never copied. */
    final Map<Object, String> live = new IdentityHashMap<>();

    Object write(Object value, Type declared, String path) {
      if (value == null) {
        return null;
      }
      String liveName = live.get(value);
      if (liveName != null) {
        return Map.of("@live", liveName);
      }
      Class<?> raw = rawType(declared);
      Class<?> actual = value.getClass();
      if (needsClass(raw, actual)) {
        Map<String, Object> typed = new LinkedHashMap<>();
        typed.put("@class", actual.getName());
        typed.put("@value", write(value, actual, path));
        return typed;
      }
      Object scalar = scalar(value);
      if (scalar != NOT_SCALAR) {
        return scalar;
      }
      if (value instanceof Optional<?> optional) {
        return optional.isEmpty() ? null : write(optional.get(), typeArgument(declared, 0), path);
      }
      if (value instanceof Map<?, ?> map) {
        return writeMap(map, declared, path);
      }
      if (value instanceof Collection<?> collection) {
        Type element = typeArgument(declared, 0);
        List<Object> array = new ArrayList<>();
        int i = 0;
        for (Object item : ordered(collection)) {
          array.add(write(item, element, path + "[" + i++ + "]"));
        }
        return array;
      }
      if (actual.isArray()) {
        List<Object> array = new ArrayList<>();
        for (int i = 0; i < Array.getLength(value); i++) {
          array.add(write(Array.get(value, i), actual.getComponentType(), path + "[" + i + "]"));
        }
        return array;
      }
      return writeObject(value, path);
    }

    private Object writeMap(Map<?, ?> map, Type declared, String path) {
      Type keyType = typeArgument(declared, 0);
      Type valueType = typeArgument(declared, 1);
      List<? extends Map.Entry<?, ?>> entries = orderedEntries(map);
      if (rawType(keyType) == String.class) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : entries) {
          object.put((String) entry.getKey(), write(entry.getValue(), valueType, path + "." + entry.getKey()));
        }
        return object;
      }
      List<Object> pairs = new ArrayList<>();
      for (Map.Entry<?, ?> entry : entries) {
        String at = path + "[" + entry.getKey() + "]";
        pairs.add(List.of(write(entry.getKey(), keyType, at), nullable(write(entry.getValue(), valueType, at))));
      }
      return pairs;
    }

    private Object writeObject(Object value, String path) {
      Class<?> type = value.getClass();
      String constant = constantName(value);
      if (constant != null) {
        return Map.of("@const", constant);
      }
      if (!type.getName().startsWith(PACKAGE) || type.isSynthetic() || type.isAnonymousClass()
          || type.isLocalClass() || type.getName().contains("$$Lambda")) {
        throw new IllegalStateException("state at " + path + " holds a " + type.getName()
            + ", which the state document cannot carry");
      }
      Map<String, Object> before = written.get(value);
      if (before != null) {
        Integer id = ids.computeIfAbsent(value, v -> ids.size() + 1);
        before.put("@id", id);
        return Map.of("@ref", id);
      }
      Map<String, Object> object = new LinkedHashMap<>();
      written.put(value, object);
      for (Field field : fields(type)) {
        object.put(field.getName(), write(get(field, value), field.getGenericType(), path + "." + field.getName()));
      }
      return object;
    }
  }

  // ---- reading ----

  static final class Reader {
    private final Map<Integer, Object> byId = new HashMap<>();
    /** The engines and collaborators by name, as {@link Writer#live} wrote them. */
    final Map<String, Object> live = new HashMap<>();

    Object read(Object json, Type declared, String path) {
      if (json == null) {
        return rawType(declared) == Optional.class ? Optional.empty() : null;
      }
      if (json instanceof Map<?, ?> reference && reference.containsKey("@live")) {
        Object target = live.get(String.valueOf(reference.get("@live")));
        if (target == null) {
          throw new IllegalArgumentException(path + ": @live " + reference.get("@live") + " is no engine of this sandbox");
        }
        return target;
      }
      Class<?> raw = rawType(declared);
      if (json instanceof Map<?, ?> map && map.containsKey("@class")) {
        Class<?> actual = allowedClass((String) map.get("@class"), path);
        return read(map.get("@value"), actual, path);
      }
      if (raw == Optional.class) {
        return Optional.ofNullable(read(json, typeArgument(declared, 0), path));
      }
      Object scalar = readScalar(json, raw, path);
      if (scalar != NOT_SCALAR) {
        return scalar;
      }
      if (Map.class.isAssignableFrom(raw)) {
        Map<Object, Object> map = newMap(raw);
        fillMap(map, json, declared, path);
        return map;
      }
      if (Collection.class.isAssignableFrom(raw)) {
        Collection<Object> collection = newCollection(raw, declared);
        fillCollection(collection, json, declared, path);
        return collection;
      }
      if (raw.isArray()) {
        List<?> array = (List<?>) json;
        Object result = Array.newInstance(raw.getComponentType(), array.size());
        for (int i = 0; i < array.size(); i++) {
          Array.set(result, i, read(array.get(i), raw.getComponentType(), path + "[" + i + "]"));
        }
        return result;
      }
      return readObject(json, raw, path);
    }

    @SuppressWarnings("unchecked")
    void fillMap(Map<Object, Object> map, Object json, Type declared, String path) {
      Type keyType = typeArgument(declared, 0);
      Type valueType = typeArgument(declared, 1);
      if (json instanceof Map<?, ?> object) {
        for (Map.Entry<?, ?> entry : object.entrySet()) {
          map.put(read(entry.getKey(), keyType, path), read(entry.getValue(), valueType, path + "." + entry.getKey()));
        }
      } else {
        for (Object pair : (List<Object>) json) {
          List<Object> kv = (List<Object>) pair;
          Object key = read(kv.get(0), keyType, path);
          map.put(key, read(kv.get(1), valueType, path + "[" + key + "]"));
        }
      }
    }

    void fillCollection(Collection<Object> collection, Object json, Type declared, String path) {
      Type element = typeArgument(declared, 0);
      int i = 0;
      for (Object item : expect(List.class, json, path)) {
        collection.add(read(item, element, path + "[" + i++ + "]"));
      }
    }

    private Object readObject(Object json, Class<?> type, String path) {
      Map<?, ?> object = expect(Map.class, json, path);
      if (object.containsKey("@ref")) {
        Object target = byId.get(number(object.get("@ref")).intValue());
        if (target == null) {
          throw new IllegalArgumentException(path + ": @ref " + object.get("@ref") + " names no object before it");
        }
        return target;
      }
      if (object.containsKey("@const")) {
        return constant((String) object.get("@const"), path);
      }
      if (!type.getName().startsWith(PACKAGE) || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
        throw new IllegalArgumentException(path + ": cannot build a " + type.getName());
      }
      Object id = object.get("@id");
      if (type.isRecord()) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
          RecordComponent component = components[i];
          types[i] = component.getType();
          args[i] = read(object.get(component.getName()), component.getGenericType(), path + "." + component.getName());
          if (args[i] == null && types[i].isPrimitive()) {
            throw new IllegalArgumentException(path + "." + component.getName() + ": missing");
          }
        }
        try {
          Constructor<?> canonical = type.getDeclaredConstructor(types);
          canonical.setAccessible(true);
          Object record = canonical.newInstance(args);
          if (id != null) {
            byId.put(number(id).intValue(), record);
          }
          return record;
        } catch (ReflectiveOperationException e) {
          throw new IllegalArgumentException(path + ": cannot build a " + type.getSimpleName() + ": " + e, e);
        }
      }
      Object instance = instantiate(type);
      if (id != null) {
        byId.put(number(id).intValue(), instance);
      }
      for (Field field : fields(type)) {
        readInto(instance, field, object.get(field.getName()), path + "." + field.getName());
      }
      return instance;
    }

    /**
     * Sets {@code field} of {@code owner}: a collection already there (final, with its comparator
     * or its thread-safety) is emptied and filled, an atomic is set, anything else is replaced.
     */
    @SuppressWarnings("unchecked")
    void readInto(Object owner, Field field, Object json, String path) {
      Object current = get(field, owner);
      Type declared = field.getGenericType();
      if (current instanceof Map<?, ?> map && json != null) {
        Map<Object, Object> target = (Map<Object, Object>) map;
        target.clear();
        fillMap(target, json, declared, path);
      } else if (current instanceof Collection<?> collection && json != null && !immutable(collection)) {
        Collection<Object> target = (Collection<Object>) collection;
        target.clear();
        fillCollection(target, json, declared, path);
      } else if (current instanceof AtomicInteger atomic && json != null) {
        atomic.set(number(json).intValue());
      } else if (current instanceof AtomicLong atomic && json != null) {
        atomic.set(number(json).longValue());
      } else if (current instanceof AtomicBoolean atomic && json != null) {
        atomic.set((Boolean) json);
      } else {
        Object value = read(json, declared, path);
        if (value == null && field.getType().isPrimitive()) {
          throw new IllegalArgumentException(path + ": missing");
        }
        set(field, owner, value);
      }
    }
  }

  // ---- scalars ----

  private static final Object NOT_SCALAR = new Object();

  private static Object scalar(Object value) {
    if (value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte
        || value instanceof BigInteger) {
      return new JsonNumber(value.toString());
    }
    if (value instanceof Double d) {
      return Double.isFinite(d) ? new JsonNumber(d.toString()) : d.toString();
    }
    if (value instanceof Float f) {
      return new JsonNumber(f.toString());
    }
    if (value instanceof BigDecimal || value instanceof Instant || value instanceof Duration
        || value instanceof LocalDate || value instanceof OffsetDateTime || value instanceof UUID
        || value instanceof URI || value instanceof Character) {
      return value.toString();
    }
    if (value instanceof Enum<?> e) {
      return e.name();
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof AtomicInteger || value instanceof AtomicLong) {
      return new JsonNumber(value.toString());
    }
    if (value instanceof AtomicBoolean b) {
      return b.get();
    }
    return NOT_SCALAR;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object readScalar(Object json, Class<?> type, String path) {
    type = boxed(type);
    try {
      if (type == String.class) {
        return expect(String.class, json, path);
      }
      if (type == Boolean.class) {
        return expect(Boolean.class, json, path);
      }
      if (type == Integer.class) {
        return number(json).intValueExact();
      }
      if (type == Long.class) {
        return number(json).longValueExact();
      }
      if (type == Short.class) {
        return number(json).shortValueExact();
      }
      if (type == Byte.class) {
        return number(json).byteValueExact();
      }
      if (type == BigInteger.class) {
        return number(json).toBigIntegerExact();
      }
      if (type == Double.class) {
        return json instanceof String text ? Double.valueOf(text) : Double.valueOf(((JsonNumber) json).text());
      }
      if (type == Float.class) {
        return Float.valueOf(((JsonNumber) json).text());
      }
      if (type == BigDecimal.class) {
        return new BigDecimal(json instanceof JsonNumber n ? n.text() : expect(String.class, json, path));
      }
      if (type == Instant.class) {
        return Instant.parse(expect(String.class, json, path));
      }
      if (type == Duration.class) {
        return Duration.parse(expect(String.class, json, path));
      }
      if (type == LocalDate.class) {
        return LocalDate.parse(expect(String.class, json, path));
      }
      if (type == OffsetDateTime.class) {
        return OffsetDateTime.parse(expect(String.class, json, path));
      }
      if (type == UUID.class) {
        return UUID.fromString(expect(String.class, json, path));
      }
      if (type == URI.class) {
        return URI.create(expect(String.class, json, path));
      }
      if (type == Character.class) {
        return expect(String.class, json, path).charAt(0);
      }
      if (type.isEnum()) {
        return Enum.valueOf((Class<Enum>) type, expect(String.class, json, path));
      }
      if (type == byte[].class) {
        return Base64.getDecoder().decode(expect(String.class, json, path));
      }
      if (type == AtomicInteger.class) {
        return new AtomicInteger(number(json).intValueExact());
      }
      if (type == AtomicLong.class) {
        return new AtomicLong(number(json).longValueExact());
      }
      if (type == AtomicBoolean.class) {
        return new AtomicBoolean(expect(Boolean.class, json, path));
      }
    } catch (RuntimeException e) {
      if (e instanceof IllegalArgumentException && e.getMessage() != null && e.getMessage().startsWith(path)) {
        throw e;
      }
      throw new IllegalArgumentException(path + ": not a " + type.getSimpleName() + ": " + json, e);
    }
    return NOT_SCALAR;
  }

  private static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    if (type == int.class) return Integer.class;
    if (type == long.class) return Long.class;
    if (type == boolean.class) return Boolean.class;
    if (type == double.class) return Double.class;
    if (type == float.class) return Float.class;
    if (type == short.class) return Short.class;
    if (type == byte.class) return Byte.class;
    return Character.class;
  }

  static BigDecimal number(Object json) {
    if (json instanceof JsonNumber n) {
      return new BigDecimal(n.text());
    }
    throw new IllegalArgumentException("not a number: " + json);
  }

  private static <T> T expect(Class<T> type, Object json, String path) {
    if (!type.isInstance(json)) {
      throw new IllegalArgumentException(path + ": expected " + type.getSimpleName().toLowerCase() + ", was " + json);
    }
    return type.cast(json);
  }

  // ---- types and reflection ----

  /** True when the declared type does not say which class to build. */
  private static boolean needsClass(Class<?> declared, Class<?> actual) {
    if (declared == actual || boxed(declared) == actual || actual.isEnum() && actual == declared) {
      return false;
    }
    if (actual.isEnum() || actual.isAnonymousClass() && actual.getSuperclass().isEnum()) {
      return !declared.isAssignableFrom(actual) || declared.isInterface() || declared == Object.class;
    }
    if (Map.class.isAssignableFrom(actual) && Map.class.isAssignableFrom(declared)) {
      return false;
    }
    if (Collection.class.isAssignableFrom(actual) && Collection.class.isAssignableFrom(declared)) {
      return false;
    }
    if (declared == Optional.class || Number.class.isAssignableFrom(declared) && declared != Number.class) {
      return false;
    }
    if (actual.getName().startsWith("java.util.concurrent.atomic.") && declared == actual) {
      return false;
    }
    return true;
  }

  private static Class<?> allowedClass(String name, String path) {
    if (!name.startsWith(PACKAGE) && !name.startsWith("java.lang.") && !name.startsWith("java.math.")
        && !name.startsWith("java.time.") && !name.equals(UUID.class.getName())
        && !name.startsWith("java.util.") && !name.equals(byte[].class.getName())) {
      throw new IllegalArgumentException(path + ": @class " + name + " is not a state class");
    }
    try {
      Class<?> type = Class.forName(name, false, StateCodec.class.getClassLoader());
      return type.isAnonymousClass() && type.getSuperclass().isEnum() ? type.getSuperclass() : type;
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(path + ": @class " + name + " is unknown");
    }
  }

  static Class<?> rawType(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    if (type instanceof WildcardType w) {
      return rawType(w.getUpperBounds()[0]);
    }
    if (type instanceof GenericArrayType g) {
      return Array.newInstance(rawType(g.getGenericComponentType()), 0).getClass();
    }
    return Object.class;
  }

  private static Type typeArgument(Type type, int index) {
    if (type instanceof ParameterizedType p && p.getActualTypeArguments().length > index) {
      Type argument = p.getActualTypeArguments()[index];
      return argument instanceof WildcardType w ? w.getUpperBounds()[0] : argument;
    }
    return Object.class;
  }

  private static boolean immutable(Collection<?> collection) {
    return collection.getClass().getName().startsWith("java.util.ImmutableCollections")
        || collection.getClass().getName().startsWith("java.util.Collections$Unmodifiable");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Map<Object, Object> newMap(Class<?> raw) {
    if (raw == EnumMap.class) {
      throw new IllegalArgumentException("an EnumMap field needs a value to fill");
    }
    if (ConcurrentMap.class.isAssignableFrom(raw)) {
      return new ConcurrentHashMap<>();
    }
    if (SortedMap.class.isAssignableFrom(raw) || NavigableMap.class.isAssignableFrom(raw)) {
      return new TreeMap<>();
    }
    return new LinkedHashMap<>();
  }

  private static Collection<Object> newCollection(Class<?> raw, Type declared) {
    if (raw == CopyOnWriteArrayList.class) {
      return new CopyOnWriteArrayList<>();
    }
    if (SortedSet.class.isAssignableFrom(raw)) {
      return new TreeSet<>();
    }
    if (Set.class.isAssignableFrom(raw)) {
      return new LinkedHashSet<>();
    }
    if (Deque.class.isAssignableFrom(raw) || java.util.Queue.class.isAssignableFrom(raw)) {
      return new ArrayDeque<>();
    }
    return new ArrayList<>();
  }

  /** The entries in their own order, or in their keys' order when the map has none. */
  private static List<? extends Map.Entry<?, ?>> orderedEntries(Map<?, ?> map) {
    List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
    if (map instanceof HashMap && !(map instanceof LinkedHashMap) || map instanceof ConcurrentHashMap
        || map.getClass().getName().startsWith("java.util.ImmutableCollections")) {
      entries.sort(Comparator.comparing(e -> sortKey(e.getKey())));
    }
    return entries;
  }

  private static Collection<?> ordered(Collection<?> collection) {
    if (collection instanceof HashSet && !(collection instanceof LinkedHashSet)
        || collection instanceof Set && collection.getClass().getName().startsWith("java.util.ImmutableCollections")
        || collection.getClass().getName().startsWith("java.util.concurrent.ConcurrentHashMap")) {
      List<Object> sorted = new ArrayList<>(collection);
      sorted.sort(Comparator.comparing(StateCodec::sortKey));
      return sorted;
    }
    if (collection instanceof EnumSet<?>) {
      return collection;
    }
    return collection;
  }

  private static String sortKey(Object key) {
    return key instanceof Enum<?> e ? String.format("%08d", e.ordinal()) : String.valueOf(key);
  }

  private static Object nullable(Object value) {
    return value == null ? JSON_NULL : value;
  }

  /** A null inside a pair (List.of refuses null). */
  static final Object JSON_NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** The instance fields of {@code type} and its superclasses in the sandbox's and SDK's packages. */
  static List<Field> fields(Class<?> type) {
    List<Field> result = new ArrayList<>();
    for (Class<?> c = type; c != null && c.getName().startsWith(PACKAGE); c = c.getSuperclass()) {
      List<Field> own = new ArrayList<>();
      for (Field field : c.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
          continue;
        }
        field.setAccessible(true);
        own.add(field);
      }
      result.addAll(0, own);
    }
    return result;
  }

  static Field field(Class<?> type, String name) {
    for (Field field : fields(type)) {
      if (field.getName().equals(name)) {
        return field;
      }
    }
    throw new IllegalArgumentException(type.getName() + " has no field " + name);
  }

  static Object get(Field field, Object owner) {
    try {
      return field.get(owner);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  static void set(Field field, Object owner, Object value) {
    try {
      field.set(owner, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot set " + field, e);
    }
  }

  private static String constantName(Object value) {
    Class<?> type = value.getClass();
    if (type.isRecord()) {
      return null;
    }
    for (Field field : type.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == type) {
        field.setAccessible(true);
        try {
          if (field.get(null) == value) {
            return type.getName() + "#" + field.getName();
          }
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return null;
  }

  private static Object constant(String name, String path) {
    int hash = name.indexOf('#');
    Class<?> type = allowedClass(hash < 0 ? name : name.substring(0, hash), path);
    try {
      Field field = type.getDeclaredField(name.substring(hash + 1));
      field.setAccessible(true);
      if (!Modifier.isStatic(field.getModifiers()) || field.getType() != type) {
        throw new IllegalArgumentException(path + ": @const " + name + " is not a constant");
      }
      return field.get(null);
    } catch (ReflectiveOperationException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException(path + ": @const " + name + " is unknown");
    }
  }

  private static Object instantiate(Class<?> type) {
    try {
      Constructor<?> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return constructor.newInstance();
    } catch (NoSuchMethodException noDefault) {
      return Allocation.allocate(type);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build a " + type.getName(), e);
    }
  }

  /** Builds an object without running a constructor, as serialization frameworks do. */
  private static final class Allocation {
    private static final Object UNSAFE;
    private static final java.lang.reflect.Method ALLOCATE;

    static {
      try {
        Class<?> unsafe = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = unsafe.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        UNSAFE = theUnsafe.get(null);
        ALLOCATE = unsafe.getMethod("allocateInstance", Class.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    static Object allocate(Class<?> type) {
      try {
        return ALLOCATE.invoke(UNSAFE, type);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot build a " + type.getName(), e);
      }
    }
  }

  private StateCodec() {}
}
