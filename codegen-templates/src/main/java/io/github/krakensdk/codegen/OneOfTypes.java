package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives the two kinds of {@code oneOf} the contract uses one Java type each, before any model is
 * made; the stock generator would make them empty records.
 *
 * <ul>
 *   <li><b>An object or its bare array</b>: {@code oneOf} of an array and a {@code $ref} to an
 *       object schema whose {@code x-kraken-array-form} names the member that holds such an array
 *       (a Spot result the service sends as a bare array, or as a page object when asked to page).
 *       It becomes that object's record, whose adapter reads the bare array into the member.
 *   <li><b>A map or its array form</b>: {@code oneOf} of a map ({@code additionalProperties}) and
 *       an array of the same values (Spot OpenPositions: `[]` when there are none) becomes the
 *       map; the SDK's JSON set-up reads such an array keyed by index.
 *   <li><b>Scalars</b>: {@code oneOf} whose members are all strings, numbers, integers or booleans
 *       (a limit that is a decimal string or {@code false}, a cursor that is {@code true} or a
 *       string) becomes {@code Object}: Moshi reads and writes the value as the JSON gives it. The
 *       JSON types are kept as {@value #SCALAR_TYPES}, so that a request checks that its value is
 *       one of them.
 * </ul>
 *
 * <p>Any other {@code oneOf} fails the generation, naming where it is. The generator's inline
 * model resolver has already moved each inline {@code oneOf} into a component of its own (such as
 * {@code DepositMethod_limit}); such a component is replaced at every reference and removed.
 */
final class OneOfTypes {
  /** The extension on an object schema naming the member a bare JSON array of it fills. */
  static final String ARRAY_FORM = "x-kraken-array-form";
  /** Set on the schema standing for a {@code oneOf} of scalars: its members' JSON types, in order. */
  static final String SCALAR_TYPES = "x-gen-scalar-types";

  private static final String REF_PREFIX = "#/components/schemas/";
  private static final Set<String> SCALARS = Set.of("string", "number", "integer", "boolean");

  private OneOfTypes() {}

  @SuppressWarnings("rawtypes")
  static void apply(OpenAPI openAPI) {
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    if (schemas == null) {
      return;
    }
    Map<String, Schema<?>> replacements = new LinkedHashMap<>();
    schemas.forEach((name, schema) -> {
      if (isOneOf(schema)) {
        replacements.put(name, replacement(schemas, name, schema));
      }
    });
    replacements.keySet().forEach(schemas::remove);
    for (Map.Entry<String, Schema> entry : schemas.entrySet()) {
      rewrite(schemas, entry.getKey(), entry.getValue(), replacements);
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void rewrite(Map<String, Schema> schemas, String where, Schema<?> schema,
      Map<String, Schema<?>> replacements) {
    if (schema == null) {
      return;
    }
    if (schema.getProperties() != null) {
      for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
        String at = where + "." + property.getKey();
        Schema<?> replaced = replaced(schemas, at, property.getValue(), replacements);
        if (replaced != null) {
          property.setValue(replaced);
        } else {
          rewrite(schemas, at, property.getValue(), replacements);
        }
      }
    }
    if (schema.getItems() != null) {
      Schema<?> replaced = replaced(schemas, where + "[]", schema.getItems(), replacements);
      if (replaced != null) {
        ((Schema) schema).setItems(replaced);
      } else {
        rewrite(schemas, where + "[]", schema.getItems(), replacements);
      }
    }
    if (schema.getAdditionalProperties() instanceof Schema<?> values) {
      Schema<?> replaced = replaced(schemas, where + "{}", values, replacements);
      if (replaced != null) {
        schema.setAdditionalProperties(replaced);
      } else {
        rewrite(schemas, where + "{}", values, replacements);
      }
    }
    if (schema.getAllOf() != null) {
      for (Schema part : schema.getAllOf()) {
        rewrite(schemas, where, part, replacements);
      }
    }
  }

  /** What stands for {@code schema} at {@code where}, or {@code null} to keep it. */
  private static Schema<?> replaced(Map<String, Schema> schemas, String where, Schema<?> schema,
      Map<String, Schema<?>> replacements) {
    Schema<?> replacement = schema.get$ref() != null ? replacements.get(refName(schema.get$ref()))
        : isOneOf(schema) ? replacement(schemas, where, schema) : null;
    if (replacement == null) {
      return null;
    }
    Schema<?> copy = copy(replacement);
    if (schema.getDescription() != null) {
      copy.setDescription(schema.getDescription());
    }
    return copy;
  }

  @SuppressWarnings("rawtypes")
  private static Schema<?> replacement(Map<String, Schema> schemas, String where, Schema<?> oneOf) {
    List<Schema> members = oneOf.getOneOf();
    Schema<?> object = null;
    Schema<?> array = null;
    boolean scalars = true;
    for (Schema member : members) {
      if (member.get$ref() != null) {
        object = member;
        scalars = false;
      } else if ("array".equals(member.getType())) {
        array = member;
        scalars = false;
      } else if (!SCALARS.contains(member.getType())) {
        scalars = false;
      }
    }
    if (scalars) {
      Schema<Object> any = new Schema<>();
      any.setDescription(oneOf.getDescription());
      List<String> types = new ArrayList<>();
      for (Schema member : members) {
        if (!types.contains(member.getType())) {
          types.add(member.getType());
        }
      }
      any.addExtension(SCALAR_TYPES, types);
      return any;
    }
    Schema<?> map = null;
    for (Schema member : members) {
      if (members.size() == 2 && array != null && member != array && "object".equals(member.getType())
          && member.getAdditionalProperties() instanceof Schema<?>) {
        map = member;
      }
    }
    if (map != null && sameItems(array, (Schema<?>) map.getAdditionalProperties())) {
      Schema<?> copy = copy(map);
      copy.setDescription(oneOf.getDescription());
      return copy;
    }
    if (members.size() == 2 && object != null && array != null) {
      String objectName = refName(object.get$ref());
      Schema<?> target = schemas.get(objectName);
      Object member = target == null || target.getExtensions() == null ? null : target.getExtensions().get(ARRAY_FORM);
      Schema<?> property = member == null || target.getProperties() == null ? null : target.getProperties().get(member);
      if (property != null && "array".equals(property.getType()) && sameItems(property, array)) {
        Schema<Object> ref = new Schema<>();
        ref.set$ref(REF_PREFIX + objectName);
        ref.setDescription(oneOf.getDescription());
        return ref;
      }
      throw new IllegalStateException(where + ": a oneOf of an array and " + objectName + " needs " + objectName
          + " to name, in " + ARRAY_FORM + ", an array member with the same items");
    }
    throw new IllegalStateException(where + ": only a oneOf of scalars, or of an array and an object with "
        + ARRAY_FORM + ", has a Java type");
  }

  /** Whether {@code a}'s items and {@code b}'s items (or {@code b} itself, a map's values) name one schema. */
  private static boolean sameItems(Schema<?> a, Schema<?> b) {
    String left = a.getItems() == null ? null : a.getItems().get$ref();
    String right = b.getItems() != null ? b.getItems().get$ref() : b.get$ref();
    return left != null && left.equals(right);
  }

  private static boolean isOneOf(Schema<?> schema) {
    return schema != null && schema.getOneOf() != null && !schema.getOneOf().isEmpty();
  }

  private static Schema<?> copy(Schema<?> replacement) {
    Schema<Object> copy;
    if (replacement.getAdditionalProperties() != null) {
      copy = new io.swagger.v3.oas.models.media.MapSchema();
      copy.setAdditionalProperties(replacement.getAdditionalProperties());
    } else {
      copy = new Schema<>();
    }
    copy.set$ref(replacement.get$ref());
    copy.setDescription(replacement.getDescription());
    if (replacement.getExtensions() != null) {
      replacement.getExtensions().forEach(copy::addExtension);
    }
    return copy;
  }

  private static String refName(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }
}
