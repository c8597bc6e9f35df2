package io.github.krakensdk.tests.contract;

import com.squareup.moshi.Types;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.ParameterizedType;
import io.github.krakensdk.runtime.validation.Validatable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Java types the generator is documented to produce for contract schemas, and navigation
 * from a generated model to the type of one of its JSON properties.
 */
public final class JavaTypes {
  /** A path step meaning "the items of an array". */
  static final String ITEMS = "[]";
  /** A path step meaning "the values of a map". */
  static final String VALUES = "{}";

  private JavaTypes() {}

  /** The Java name of a JSON property: {@code min_fee} becomes {@code minFee}. */
  public static String camel(String jsonName) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char c : jsonName.toCharArray()) {
      if (!Character.isLetterOrDigit(c)) {
        upper = out.length() > 0;
        continue;
      }
      if (out.length() == 0) {
        out.append(Character.toLowerCase(c));
      } else if (upper) {
        out.append(Character.toUpperCase(c));
      } else {
        out.append(c);
      }
      upper = false;
    }
    String name = out.toString();
    // The generator escapes Java keywords with a leading underscore (`native` becomes `_native`).
    return KEYWORDS.contains(name) ? "_" + name : name;
  }

  /**
   * The typed value the contract gives member {@code jsonName} of component schema {@code schema}
   * ({@code x-kraken-java-type}: {@code OrderPrice}, {@code OrderTime}, {@code Set<OrderFlag>}),
   * read from the YAML's text; null for a member sent as it is.
   */
  public static String javaType(String schema, String jsonName) {
    if (schema != null) {
      for (Family family : Family.values()) {
        com.fasterxml.jackson.databind.JsonNode declared = Contracts.get(family).tree.path("components")
            .path("schemas").path(schema).path("properties").path(jsonName).get("x-kraken-java-type");
        if (declared != null) {
          return declared.asText();
        }
      }
    }
    return null;
  }

  /**
   * The Java name of member {@code jsonName} of component schema {@code schema}: its {@code
   * x-kraken-java-name} in the contract (read from the YAML's text, where a {@code $ref}'s siblings
   * survive), else {@link #camel(String)}.
   */
  public static String javaName(String schema, String jsonName) {
    if (schema != null) {
      for (Family family : Family.values()) {
        com.fasterxml.jackson.databind.JsonNode declared = Contracts.get(family).tree.path("components")
            .path("schemas").path(schema).path("properties").path(jsonName).get("x-kraken-java-name");
        if (declared != null) {
          return declared.asText();
        }
      }
    }
    return camel(jsonName);
  }

  private static final Set<String> KEYWORDS = Set.of(
      "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
      "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
      "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
      "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
      "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "record",
      "var", "yield", "sealed", "permits");

  /**
   * The type reached from {@code owner} by one step: a JSON property of a generated model,
   * {@link #ITEMS} of a {@code List}, or {@link #VALUES} of a {@code Map}. {@code null} if the
   * step does not exist on {@code owner}.
   */
  static Type step(Type owner, String step) {
    if (ITEMS.equals(step)) {
      return owner instanceof ParameterizedType p && Types.getRawType(p) == List.class
          ? p.getActualTypeArguments()[0] : null;
    }
    if (VALUES.equals(step)) {
      return owner instanceof ParameterizedType p && Types.getRawType(p) == Map.class
          ? p.getActualTypeArguments()[1] : null;
    }
    if (owner instanceof Class<?> type) {
      return members(type).get(javaName(type.getSimpleName(), step));
    }
    return null;
  }

  /**
   * The members of a generated model (a {@link Validatable} class) by Java name, in the contract's
   * order, with their types: its instance fields, one per accessor. Empty for any other type.
   */
  public static Map<String, Type> members(Class<?> model) {
    Map<String, Type> members = new LinkedHashMap<>();
    if (Validatable.class.isAssignableFrom(model)) {
      for (Field field : model.getDeclaredFields()) {
        if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
          members.put(field.getName(), field.getGenericType());
        }
      }
    }
    return members;
  }

  /** Follows {@code steps} from {@code root}; fails with a clear message when a step is missing. */
  static Type navigate(Type root, List<String> steps) {
    Type current = root;
    for (String step : steps) {
      Type next = step(current, step);
      if (next == null) {
        throw new AssertionError("The generated type " + current.getTypeName() + " has nothing for '" + step
            + "' (path " + steps + " from " + root.getTypeName() + ")");
      }
      current = next;
    }
    return current;
  }

  /** JSON scalar types: a named schema of one of them (ClientOrderId) is its scalar in Java. */
  private static final Set<String> SCALARS = Set.of("string", "integer", "number", "boolean");

  /**
   * The Java type a schema is documented to become: named schemas their model (record or open
   * enum) in the family's model package; decimals BigDecimal; dates LocalDate/OffsetDateTime;
   * int32/int64 Integer/Long; numbers Double; arrays List; maps Map; free-form objects
   * Map&lt;String, Object&gt;; a {@code oneOf} of an array and an object with {@code
   * x-kraken-array-form} that object's model, any other {@code oneOf} (of scalars) Object.
   */
  static Type expected(Contract contract, Schema<?> schema) {
    Schema<?> arrayForm = contract.arrayFormObject(schema);
    if (arrayForm != null) {
      return expected(contract, arrayForm);
    }
    String name = Contract.schemaName(schema);
    Schema<?> named = name == null ? null : contract.resolve(schema);
    if (named != null && (named.getEnum() == null || named.getEnum().isEmpty()) && named.getOneOf() == null
        && named.getType() != null && SCALARS.contains(named.getType())) {
      // A named scalar (ClientOrderId: a string with a pattern) gets no type of its own: its Java type is the scalar's.
      return expected(contract, withoutRef(named));
    }
    if (name != null) {
      Class<?> model = contract.family.modelClassOrNull(name);
      if (model == null) {
        throw new AssertionError("No generated model " + contract.family.modelPackage() + "." + name
            + " for the named schema " + name + " of " + contract.family.fileName());
      }
      return model;
    }
    String type = contract.type(schema);
    String format = schema.getFormat();
    if (type == null) {
      return Object.class;
    }
    switch (type) {
      case "string":
        if ("decimal".equals(format)) {
          return BigDecimal.class;
        }
        if ("date".equals(format)) {
          return LocalDate.class;
        }
        if ("date-time".equals(format)) {
          return OffsetDateTime.class;
        }
        return String.class;
      case "integer":
        return "int64".equals(format) ? Long.class : Integer.class;
      case "number":
        return "decimal".equals(format) ? BigDecimal.class : Double.class;
      case "boolean":
        return Boolean.class;
      case "array":
        return Types.newParameterizedType(List.class, expected(contract, schema.getItems()));
      case "object":
        Schema<?> values = contract.mapValues(schema);
        if (values != null) {
          return Types.newParameterizedType(Map.class, String.class, expected(contract, values));
        }
        return Types.newParameterizedType(Map.class, String.class, Object.class);
      default:
        throw new AssertionError("Unknown schema type " + type);
    }
  }

  /** {@code schema} itself, so that {@link #expected} reads its type rather than its name. */
  private static Schema<?> withoutRef(Schema<?> schema) {
    Schema<Object> copy = new Schema<>();
    copy.setType(schema.getType());
    copy.setFormat(schema.getFormat());
    return copy;
  }
}
