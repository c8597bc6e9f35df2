package io.github.krakensdk.runtime.validation;

import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.runtime.call.FilePart;
import io.github.krakensdk.runtime.json.OpenEnum;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Collects the rules of the contract a request breaks. The generated services and models call it
 * with the constraints of their schemas (the generator derives each call from the YAML); nothing
 * here knows a field by name.
 *
 * <pre>{@code
 * Constraints constraints = Constraints.create();
 * constraints.length("user", user, 14, 42);
 * constraints.nested("body", body);
 * constraints.throwIfAny("updateUser");
 * }</pre>
 */
public final class Constraints {
  /** Marks an absent bound in {@link #length} and {@link #size}. */
  public static final int UNBOUNDED = -1;

  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();
  private static final int MAX_VALUE_TEXT = 80;

  /** Parsed numeric bounds, by their text: a contract has few, and requests are built often. */
  private static final Map<String, BigDecimal> BOUNDS = new ConcurrentHashMap<>();

  /** The collector of the enclosing value, or null at the top. */
  private final Constraints parent;
  /** This collector's place in its parent's value: a field name, or the parent's name when {@link #index} is set. */
  private final String field;
  /** The item's index in the list named {@link #field}, or -1. */
  private final int index;
  /** Created at the first broken rule, at the top only: a valid request allocates no list. */
  private List<Violation> violations;

  private Constraints(Constraints parent, String field, int index) {
    this.parent = parent;
    this.field = field;
    this.index = index;
  }

  /** Returns an empty collector for one request. */
  public static Constraints create() {
    return new Constraints(null, null, -1);
  }

  /** Throws a {@link ConstraintViolationException} naming {@code operationId} if any rule is broken. */
  public void throwIfAny(String operationId) {
    if (violations != null) {
      throw new ConstraintViolationException(operationId, violations);
    }
  }

  /** The rules broken so far. */
  public List<Violation> violations() {
    Constraints root = root();
    return root.violations == null ? List.of() : List.copyOf(root.violations);
  }

  public void required(String field, Object value) {
    if (value == null) {
      add(field, "required", null);
    }
  }

  /**
   * At least one of a group of members is given ({@code x-kraken-one-of}: "give txid or
   * cl_ord_id"); {@code values} are theirs, in the order of {@code fields}. The violation names
   * the group ({@code txid or cl_ord_id}) and says the rule in words.
   */
  public void anyGiven(List<String> fields, Object... values) {
    for (Object value : values) {
      if (value != null) {
        return;
      }
    }
    String group = String.join(" or ", fields);
    add(group, "give " + group, null);
  }

  /**
   * Between {@code min} and {@code max} of an object's members are given (its schema's {@code
   * minProperties}/{@code maxProperties}: Funding's {@code Scope} is exactly one of {@code
   * method_id}, {@code network_id} or {@code network_group_id}); {@code values} are theirs, in the
   * order of {@code fields}. The violation names the members and says the rule in words.
   */
  public void memberCount(List<String> fields, int min, int max, Object... values) {
    int given = 0;
    for (Object value : values) {
      if (value != null) {
        given++;
      }
    }
    if (given >= min && given <= max) {
      return;
    }
    String members = fields.size() < 2 ? String.join("", fields)
        : String.join(", ", fields.subList(0, fields.size() - 1)) + " or " + fields.get(fields.size() - 1);
    String rule = min == max ? (min == 1 ? "give exactly one of " : "give exactly " + min + " of ")
        : max == Integer.MAX_VALUE ? "give at least " + min + " of "
        : "give " + min + " to " + max + " of ";
    add(members, rule + members + " (" + given + " given)", null);
  }

  /** A string's length in characters (code points) lies within {@code min..max}. */
  public void length(String field, String value, int min, int max) {
    if (value == null) {
      return;
    }
    int length = value.codePointCount(0, value.length());
    if ((min != UNBOUNDED && length < min) || (max != UNBOUNDED && length > max)) {
      add(field, "length " + bounds(min, max), value);
    }
  }

  /**
   * A file part's size in bytes lies within {@code min..max} (the {@code minLength} and {@code
   * maxLength} of a {@code format: binary} part, which count bytes).
   */
  public void fileSize(String field, FilePart value, int min, int max) {
    if (value == null) {
      return;
    }
    int size = value.size();
    if ((min != UNBOUNDED && size < min) || (max != UNBOUNDED && size > max)) {
      add(field, "size in bytes " + bounds(min, max), value);
    }
  }

  /**
   * A text matches {@code regex}; {@code requirement} says in words what that means ("a UUID or at
   * most 18 printable ASCII characters", the contract's {@code x-kraken-rule-text}), null where
   * the contract gives no words.
   */
  public void pattern(String field, String value, String regex, String requirement) {
    if (value != null && !PATTERNS.computeIfAbsent(regex, Pattern::compile).matcher(value).find()) {
      add(field, "pattern " + regex, requirement, value);
    }
  }

  /**
   * A number lies within its bounds, given as decimal text ({@code null} for none) so that the
   * uint32 and int64 limits of the contract are exact.
   */
  public void range(String field, Number value, String minimum, boolean exclusiveMinimum,
      String maximum, boolean exclusiveMaximum) {
    if (value == null) {
      return;
    }
    BigDecimal number = value instanceof BigDecimal decimal ? decimal
        : value instanceof Long || value instanceof Integer ? BigDecimal.valueOf(value.longValue())
        : new BigDecimal(value.toString());
    if (minimum != null) {
      int compared = number.compareTo(bound(minimum));
      if (compared < 0 || (exclusiveMinimum && compared == 0)) {
        add(field, (exclusiveMinimum ? "greater than " : "at least ") + minimum, value);
      }
    }
    if (maximum != null) {
      int compared = number.compareTo(bound(maximum));
      if (compared > 0 || (exclusiveMaximum && compared == 0)) {
        add(field, (exclusiveMaximum ? "less than " : "at most ") + maximum, value);
      }
    }
  }

  private static BigDecimal bound(String text) {
    return BOUNDS.computeIfAbsent(text, BigDecimal::new);
  }

  /** A list holds {@code min..max} items. */
  public void size(String field, Collection<?> value, int min, int max) {
    if (value == null) {
      return;
    }
    int size = value.size();
    if ((min != UNBOUNDED && size < min) || (max != UNBOUNDED && size > max)) {
      add(field, "item count " + bounds(min, max), size);
    }
  }

  public void unique(String field, Collection<?> value) {
    if (value != null && new HashSet<>(value).size() != value.size()) {
      add(field, "unique items", value);
    }
  }

  /**
   * A value the contract allows in several JSON types ({@code oneOf} scalars: a Spot {@code cursor}
   * is a boolean or a string) is one of {@code types}, each a JSON type name: {@code boolean}
   * ({@code Boolean}), {@code string} ({@code String}), {@code integer} ({@code Integer}, {@code
   * Long}, {@code Short}, {@code Byte} or {@code BigInteger}) or {@code number} (any {@code Number}).
   */
  public void jsonType(String field, Object value, String... types) {
    if (value == null) {
      return;
    }
    for (String type : types) {
      boolean matches = switch (type) {
        case "boolean" -> value instanceof Boolean;
        case "string" -> value instanceof String;
        case "integer" -> value instanceof Integer || value instanceof Long || value instanceof Short
            || value instanceof Byte || value instanceof java.math.BigInteger;
        case "number" -> value instanceof Number;
        default -> throw new IllegalArgumentException("not a JSON type: " + type);
      };
      if (matches) {
        return;
      }
    }
    add(field, "a JSON " + String.join(" or ", types), value);
  }

  /** An enumerated value is one the contract lists (decoding keeps others; requests may not). */
  public void known(String field, OpenEnum value) {
    if (value != null && !value.isKnown()) {
      add(field, "one of the listed values", value.value());
    }
  }

  public void nested(String field, Validatable value) {
    if (value != null) {
      value.validate(at(field));
    }
  }

  public void eachRequired(String field, List<?> values) {
    forEach(field, values, (child, name, item) -> child.required(name, item));
  }

  public void eachLength(String field, List<String> values, int min, int max) {
    forEach(field, values, (child, name, item) -> child.length(name, item, min, max));
  }

  public void eachPattern(String field, List<String> values, String regex, String requirement) {
    forEach(field, values, (child, name, item) -> child.pattern(name, item, regex, requirement));
  }

  /** Each item is one of the JSON {@code types} ({@link #jsonType}). */
  public void eachJsonType(String field, List<?> values, String... types) {
    forEach(field, values, (child, name, item) -> child.jsonType(name, item, types));
  }

  public void eachKnown(String field, List<? extends OpenEnum> values) {
    forEach(field, values, (child, name, item) -> child.known(name, item));
  }

  public void eachNested(String field, List<? extends Validatable> values) {
    forEach(field, values, (child, name, item) -> child.nested(name, item));
  }

  /** Each value of a map of models satisfies its schema. */
  public void eachValueNested(String field, Map<String, ? extends Validatable> values) {
    if (values == null) {
      return;
    }
    Constraints child = at(field);
    for (Map.Entry<String, ? extends Validatable> entry : values.entrySet()) {
      child.nested(entry.getKey(), entry.getValue());
    }
  }

  private <T> void forEach(String field, List<T> values, ItemCheck<T> check) {
    if (values == null) {
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      check.apply(new Constraints(this, field, i), "", values.get(i));
    }
  }

  private Constraints at(String field) {
    return new Constraints(this, field, -1);
  }

  private void add(String field, String rule, Object value) {
    add(field, rule, null, value);
  }

  private void add(String field, String rule, String requirement, Object value) {
    Objects.requireNonNull(field, "field == null");
    Constraints root = root();
    if (root.violations == null) {
      root.violations = new ArrayList<>();
    }
    root.violations.add(Violation.builder().field(path(field)).rule(rule).requirement(requirement)
        .value(describe(value)).build());
  }

  private Constraints root() {
    Constraints root = this;
    while (root.parent != null) {
      root = root.parent;
    }
    return root;
  }

  /**
   * The dotted path of {@code name} in the request ({@code orders[2].price}), made only when a
   * rule is broken: the checks of a valid request build no strings.
   */
  private String path(String name) {
    if (parent == null) {
      return name;
    }
    String here = index >= 0 ? field + "[" + index + "]" : field;
    String within = name.isEmpty() ? here : here.isEmpty() ? name : here + "." + name;
    return parent.path(within);
  }

  private static String bounds(int min, int max) {
    return (min == UNBOUNDED ? "0" : Integer.toString(min)) + ".." + (max == UNBOUNDED ? "∞" : Integer.toString(max));
  }

  private static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    String text = value instanceof CharSequence ? "\"" + value + "\"" : String.valueOf(value);
    return text.length() <= MAX_VALUE_TEXT ? text : text.substring(0, MAX_VALUE_TEXT) + "…";
  }

  private interface ItemCheck<T> {
    void apply(Constraints constraints, String field, T item);
  }
}
