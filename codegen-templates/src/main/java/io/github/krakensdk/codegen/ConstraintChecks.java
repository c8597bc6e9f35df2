package io.github.krakensdk.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openapitools.codegen.CodegenProperty;
import org.openapitools.codegen.IJsonSchemaValidationProperties;

/**
 * Turns the constraints of one property or parameter of the contract into calls on the runtime's
 * {@code Constraints} collector, as Java statements the templates print ({@code x-gen-checks}). This
 * is how every length, pattern, range, item count, enum and required flag reaches the code
 * without a rule written per field. A constraint the contract marks as its own decision
 * ({@link ContractOnly}) makes no statement: the service (and the sandbox) judge it.
 */
final class ConstraintChecks {
  private static final Set<String> NUMBERS = Set.of("Integer", "Long", "Float", "Double", "BigDecimal");

  private final Set<String> enumTypes;
  /** Enums whose list of values is the contract's decision: any value goes, the service judges it. */
  private final Set<String> openByDecision;
  /** What each pattern means in words ({@link RuleTexts}), by the pattern as the contract writes it. */
  private final Map<String, String> ruleTexts;

  ConstraintChecks(Set<String> enumTypes, Set<String> openByDecision, Map<String, String> ruleTexts) {
    this.enumTypes = enumTypes;
    this.openByDecision = openByDecision;
    this.ruleTexts = ruleTexts;
  }

  /**
   * Statements checking {@code expression} (a Java expression of type {@code dataType}) against
   * {@code schema}, reported under {@code field}. {@code required} is passed separately because
   * a request body field filled in by the signer is required on the wire but not of the caller,
   * and a required flag the contract decided is the service's to judge. {@code decided} and
   * {@code itemsDecided} are the keywords the contract marks as its own on the member and on its
   * items ({@link ContractOnly}): no check is made for them.
   */
  List<String> checks(String field, String expression, String dataType, IJsonSchemaValidationProperties schema,
      boolean required, Set<String> decided, Set<String> itemsDecided) {
    List<String> checks = new ArrayList<>();
    String f = literal(field);
    if (required) {
      checks.add("constraints.required(" + f + ", " + expression + ");");
    }
    if ("String".equals(dataType)) {
      addStringChecks(checks, "", f, expression, schema, decided);
    } else if (KrakenJavaCodegen.FILE_PART.equals(dataType)) {
      // A binary part's minLength/maxLength count its bytes.
      Integer min = kept(schema.getMinLength(), "minLength", decided);
      Integer max = kept(schema.getMaxLength(), "maxLength", decided);
      if (min != null || max != null) {
        checks.add("constraints.fileSize(" + f + ", " + expression + ", " + bound(min) + ", " + bound(max) + ");");
      }
    } else if (NUMBERS.contains(dataType)) {
      String min = kept(schema.getMinimum(), "minimum", decided);
      String max = kept(schema.getMaximum(), "maximum", decided);
      if (min != null || max != null) {
        checks.add("constraints.range(" + f + ", " + expression + ", " + textOrNull(min) + ", "
            + (min != null && Boolean.TRUE.equals(schema.getExclusiveMinimum())) + ", " + textOrNull(max) + ", "
            + (max != null && Boolean.TRUE.equals(schema.getExclusiveMaximum())) + ");");
      }
    } else if (schema.getIsArray()) {
      Integer min = kept(schema.getMinItems(), "minItems", decided);
      Integer max = kept(schema.getMaxItems(), "maxItems", decided);
      if (min != null || max != null) {
        checks.add("constraints.size(" + f + ", " + expression + ", " + bound(min) + ", " + bound(max) + ");");
      }
      if (Boolean.TRUE.equals(schema.getUniqueItems()) && !decided.contains("uniqueItems")) {
        checks.add("constraints.unique(" + f + ", " + expression + ");");
      }
      CodegenProperty items = schema.getItems();
      // A oneOf of scalars has no type of its own, which the generator reads as nullable; its
      // members are not.
      if (items != null && (!items.isNullable || items.vendorExtensions.containsKey(OneOfTypes.SCALAR_TYPES))) {
        checks.add("constraints.eachRequired(" + f + ", " + expression + ");");
      }
      if (items != null) {
        if ("String".equals(items.dataType)) {
          addStringChecks(checks, "each", f, expression, items, itemsDecided);
        } else if (isEnum(items.dataType)) {
          if (!openByDecision.contains(items.dataType)) {
            checks.add("constraints.eachKnown(" + f + ", " + expression + ");");
          }
        } else if ("Object".equals(items.dataType)
            && items.vendorExtensions.get(OneOfTypes.SCALAR_TYPES) instanceof List<?> types) {
          checks.add(jsonType("constraints.eachJsonType(", f, expression, types));
        } else if (items.isModel) {
          checks.add("constraints.eachNested(" + f + ", " + expression + ");");
        }
      }
    } else if (schema.getIsMap()) {
      CodegenProperty values = schema.getItems();
      if (values != null && values.isModel && !isEnum(values.dataType)) {
        checks.add("constraints.eachValueNested(" + f + ", " + expression + ");");
      }
    } else if (isEnum(dataType)) {
      if (!openByDecision.contains(dataType)) {
        checks.add("constraints.known(" + f + ", " + expression + ");");
      }
    } else if ("Object".equals(dataType) && schema instanceof CodegenProperty property
        && property.vendorExtensions.get(OneOfTypes.SCALAR_TYPES) instanceof List<?> types) {
      // A oneOf of scalars (a cursor that is true or a string): the value is one of those JSON types.
      checks.add(jsonType("constraints.jsonType(", f, expression, types));
    } else if (schema.getIsModel()) {
      checks.add("constraints.nested(" + f + ", " + expression + ");");
    }
    return checks;
  }

  private static String jsonType(String call, String f, String expression, List<?> types) {
    StringBuilder check = new StringBuilder(call + f + ", " + expression);
    types.forEach(type -> check.append(", ").append(literal(String.valueOf(type))));
    return check.append(");").toString();
  }

  private boolean isEnum(String dataType) {
    return dataType != null && enumTypes.contains(dataType);
  }

  /** Whether values of the enum {@code dataType} outside its list are left to the service. */
  boolean openByDecision(String dataType) {
    return dataType != null && openByDecision.contains(dataType);
  }

  /** {@code value}, or null when its {@code keyword} is the contract's decision. */
  private static <T> T kept(T value, String keyword, Set<String> decided) {
    return decided.contains(keyword) ? null : value;
  }

  private void addStringChecks(List<String> checks, String prefix, String f, String expression,
      IJsonSchemaValidationProperties schema, Set<String> decided) {
    String length = prefix.isEmpty() ? "length" : "eachLength";
    String pattern = prefix.isEmpty() ? "pattern" : "eachPattern";
    Integer min = kept(schema.getMinLength(), "minLength", decided);
    Integer max = kept(schema.getMaxLength(), "maxLength", decided);
    if (min != null || max != null) {
      checks.add("constraints." + length + "(" + f + ", " + expression + ", " + bound(min) + ", " + bound(max) + ");");
    }
    String regex = decided.contains("pattern") ? null : rawPattern(schema.getPattern());
    if (regex != null) {
      String words = ruleTexts.get(regex);
      checks.add("constraints." + pattern + "(" + f + ", " + expression + ", " + literal(regex) + ", "
          + (words == null ? "null" : literal(words)) + ");");
    }
  }

  /** The generator hands patterns over as Java-escaped text, sometimes wrapped in slashes. */
  private static String rawPattern(String pattern) {
    if (pattern == null) {
      return null;
    }
    String raw = pattern.replace("\\\\", "\\");
    if (raw.length() >= 2 && raw.startsWith("/") && raw.endsWith("/")) {
      raw = raw.substring(1, raw.length() - 1);
    }
    return raw;
  }

  private static String bound(Integer value) {
    return value == null ? "Constraints.UNBOUNDED" : value.toString();
  }

  private static String textOrNull(String number) {
    return number == null ? "null" : literal(number);
  }

  static String literal(String text) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\' -> literal.append("\\\\");
        case '"' -> literal.append("\\\"");
        case '\n' -> literal.append("\\n");
        default -> literal.append(c);
      }
    }
    return literal.append('"').toString();
  }
}
