package io.github.krakensdk.sandbox.internal.state;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an engine keeps of its state in the state document: some of its fields, by name, and the
 * parts of the engines it owns. An engine says which fields are state (never its settings, clock,
 * random sources or collaborators) and the codec writes and reads them by their declared types;
 * a collection field is emptied and filled in place, so that its comparator or thread-safety
 * stays the engine's own.
 *
 * <pre>{@code
 * public StatePart state() {
 *   return StatePart.of(this, "keys", "issued").with("exchange", exchange.state());
 * }
 * }</pre>
 *
 * <p>Each engine's fields are read and written while holding its monitor, the lock its own
 * methods take.
 */
public final class StatePart {
  private final Object owner;
  private final List<String> fields;
  private final Map<String, StatePart> parts = new LinkedHashMap<>();
  private final Map<String, Object> collaborators = new LinkedHashMap<>();

  private StatePart(Object owner, List<String> fields) {
    this.owner = owner;
    this.fields = fields;
  }

  /** The fields named, of {@code owner}. */
  public static StatePart of(Object owner, String... fields) {
    Objects.requireNonNull(owner, "owner == null");
    for (String field : fields) {
      StateCodec.field(owner.getClass(), field); // fails now, not at the first export
    }
    return new StatePart(owner, List.of(fields));
  }

  /** Adds the state of an engine this one owns, as a member named {@code name}. */
  public StatePart with(String name, StatePart part) {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(part, "part == null");
    parts.put(name, part);
    return this;
  }

  /**
   * Names a collaborator that state objects point at (the engine itself is one already): such a
   * reference is written as {@code {"@live": name}} and read back as the same object of this
   * sandbox, never copied.
   */
  public StatePart refers(String name, Object collaborator) {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(collaborator, "collaborator == null");
    collaborators.put(name, collaborator);
    return this;
  }

  /** Every engine and collaborator of this part and its parts, by name. */
  void collect(String path, Map<String, Object> into) {
    into.putIfAbsent(path, owner);
    for (Map.Entry<String, Object> collaborator : collaborators.entrySet()) {
      into.putIfAbsent(path + "/" + collaborator.getKey(), collaborator.getValue());
    }
    for (Map.Entry<String, StatePart> part : parts.entrySet()) {
      part.getValue().collect(path + "." + part.getKey(), into);
    }
  }

  Map<String, Object> write(StateCodec.Writer writer, String path) {
    Map<String, Object> object = new LinkedHashMap<>();
    synchronized (owner) {
      for (String name : fields) {
        Field field = StateCodec.field(owner.getClass(), name);
        object.put(name, writer.write(StateCodec.get(field, owner), field.getGenericType(), path + "." + name));
      }
    }
    for (Map.Entry<String, StatePart> part : parts.entrySet()) {
      object.put(part.getKey(), part.getValue().write(writer, path + "." + part.getKey()));
    }
    return object;
  }

  /** Checks that {@code json} has every member this part writes, before anything is changed. */
  void check(Object json, String path) {
    if (!(json instanceof Map<?, ?> object)) {
      throw new IllegalArgumentException(path + ": expected an object");
    }
    List<String> missing = new ArrayList<>();
    for (String name : fields) {
      if (!object.containsKey(name)) {
        missing.add(path + "." + name);
      }
    }
    if (!missing.isEmpty()) {
      // "member: rule", as every message of the codec, so that the control plane can name the member.
      throw new IllegalArgumentException(missing.get(0) + ": missing" + (missing.size() == 1 ? ""
          : " (and " + String.join(", ", missing.subList(1, missing.size())) + ")"));
    }
    for (Map.Entry<String, StatePart> part : parts.entrySet()) {
      part.getValue().check(object.get(part.getKey()), path + "." + part.getKey());
    }
  }

  void read(StateCodec.Reader reader, Object json, String path) {
    Map<?, ?> object = (Map<?, ?>) json;
    synchronized (owner) {
      for (String name : fields) {
        Field field = StateCodec.field(owner.getClass(), name);
        reader.readInto(owner, field, object.get(name), path + "." + name);
      }
    }
    for (Map.Entry<String, StatePart> part : parts.entrySet()) {
      part.getValue().read(reader, object.get(part.getKey()), path + "." + part.getKey());
    }
  }
}
