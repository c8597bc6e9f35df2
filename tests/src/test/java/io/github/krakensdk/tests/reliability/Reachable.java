package io.github.krakensdk.tests.reliability;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The objects of the SDK reachable from some roots: a walk through fields (by reflection, for the
 * SDK's own classes and the libraries it is built on: OkHttp, Retrofit, Moshi), Retrofit's proxies,
 * and the JDK's containers (through their public API; the JDK's internals are not opened). It finds
 * what a caller could print by accident: the signing interceptors inside the OkHttp client inside
 * a service, the credentials inside them, the token store behind the bearer authentication.
 *
 * <pre>{@code
 * for (Object reachable : Reachable.publicSdkObjects(List.of(kraken))) {
 *   scan(reachable.toString());
 * }
 * }</pre>
 */
final class Reachable {
  private static final List<String> WALKED_PACKAGES = List.of("io.github.krakensdk.", "okhttp3.", "retrofit2.",
      "com.squareup.moshi.", "okio.");
  private static final int MAX_OBJECTS = 200_000;

  private Reachable() {}

  /** The reachable objects whose class is public and in the SDK's packages, each once. */
  static List<Object> publicSdkObjects(Collection<?> roots) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Object> found = new ArrayList<>();
    Deque<Object> queue = new ArrayDeque<>();
    roots.forEach(root -> {
      if (root != null) {
        queue.add(root);
      }
    });
    while (!queue.isEmpty() && seen.size() < MAX_OBJECTS) {
      Object object = queue.poll();
      if (object == null || !seen.add(object)) {
        continue;
      }
      Class<?> type = object.getClass();
      if (isPublicSdkType(type)) {
        found.add(object);
      }
      children(object, queue);
    }
    return found;
  }

  private static boolean isPublicSdkType(Class<?> type) {
    return Modifier.isPublic(type.getModifiers()) && type.getName().startsWith("io.github.krakensdk.")
        && (type.getEnclosingClass() == null || Modifier.isPublic(type.getEnclosingClass().getModifiers()));
  }

  private static void children(Object object, Deque<Object> queue) {
    if (object instanceof Class<?> || object instanceof ClassLoader || object instanceof Thread
        || object instanceof String || object instanceof Number || object instanceof Enum<?>) {
      return;
    }
    if (object instanceof Collection<?> collection) {
      safely(() -> queue.addAll(new ArrayList<>(collection)));
      return;
    }
    if (object instanceof Map<?, ?> map) {
      safely(() -> {
        queue.addAll(new ArrayList<>(map.keySet()));
        queue.addAll(new ArrayList<>(map.values()));
      });
      return;
    }
    if (object instanceof Optional<?> optional) {
      optional.ifPresent(queue::add);
      return;
    }
    if (object instanceof AtomicReference<?> reference) {
      queue.add(reference.get());
      return;
    }
    Class<?> type = object.getClass();
    if (type.isArray()) {
      if (!type.getComponentType().isPrimitive()) {
        for (int i = 0; i < Array.getLength(object); i++) {
          queue.add(Array.get(object, i));
        }
      }
      return;
    }
    if (Proxy.isProxyClass(type)) {
      queue.add(Proxy.getInvocationHandler(object));
      return;
    }
    for (Class<?> c = type; c != null && walked(c); c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive() || !field.trySetAccessible()) {
          continue;
        }
        try {
          queue.add(field.get(object));
        } catch (IllegalAccessException | RuntimeException unreadable) {
          // a field that cannot be read holds nothing this walk can reach
        }
      }
    }
  }

  /** The SDK's classes and the libraries it is built on are walked field by field; lambdas of theirs too. */
  private static boolean walked(Class<?> type) {
    String name = type.getName();
    return WALKED_PACKAGES.stream().anyMatch(name::startsWith);
  }

  private static void safely(Runnable runnable) {
    try {
      runnable.run();
    } catch (RuntimeException concurrentOrUnsupported) {
      // a container that cannot be copied right now is skipped
    }
  }
}
