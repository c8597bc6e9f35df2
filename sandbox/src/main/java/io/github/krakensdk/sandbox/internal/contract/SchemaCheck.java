package io.github.krakensdk.sandbox.internal.contract;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a JSON value (as {@link JsonValues} reads it) against a {@link Schema}: the part of JSON
 * Schema and OpenAPI 3.0 the contracts use (type, format, pattern, enum, minimum and maximum with
 * their exclusive forms, lengths, item counts, required, properties, additionalProperties, items,
 * allOf, oneOf, anyOf, nullable, readOnly, writeOnly, uniqueItems). Each finding names the field
 * and the rule.
 *
 * <p>The formats {@code date-time}, {@code date}, {@code uuid} and {@code email} are always rules.
 * {@code decimal} (a decimal number written as a string: {@code -?[0-9]+(.[0-9]+)?}) and {@code
 * uri} (an http or https URL with a host) are rules only where the document states them so (the
 * control plane's): in the Kraken contracts they say how to read the text, and the service takes
 * forms they do not name.
 *
 * <p>Requests are checked <em>closed</em>: an object schema that does not state {@code
 * additionalProperties} takes only the members it (or the other parts of its {@code allOf})
 * declares, as the service refuses arguments it does not know. Answers are checked open, and a
 * request may not carry a read-only member nor an answer a write-only one.
 */
public final class SchemaCheck {
  /** Which side of a call is checked. */
  public enum Side {
    REQUEST, RESPONSE
  }

  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();
  private static final BigDecimal INT32_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
  private static final BigDecimal INT32_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
  private static final BigDecimal INT64_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal INT64_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");

  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");
  /** How a broken format rule reads, where "a string (format)" would say too little. */
  private static final Map<String, String> FORMAT_RULES = Map.of(
      "decimal", "a decimal number as a string",
      "uri", "an http or https URL");

  private final Side side;
  private final String key;
  private final Set<String> formats;

  /** @param key the key of each finding ({@code request.body.schema}). */
  public SchemaCheck(Side side, String key) {
    this(side, key, Set.of());
  }

  /**
   * @param key the key of each finding ({@code request.body.schema}).
   * @param formats the formats checked besides those always checked: {@code decimal}, {@code uri}.
   */
  public SchemaCheck(Side side, String key, Set<String> formats) {
    this.side = side;
    this.key = key;
    this.formats = Set.copyOf(formats);
  }

  /** The problems of {@code value} at {@code field} (a name the message starts with). */
  public List<Problem> check(Object value, Schema schema, String field) {
    List<Problem> problems = new ArrayList<>();
    check(value, schema, field, problems, true);
    return problems;
  }

  private void check(Object value, Schema schema, String field, List<Problem> problems, boolean closes) {
    if (schema == null) {
      return;
    }
    if (value == null) {
      if (!allowsNull(schema)) {
        problems.add(problem(field, "must not be null", ""));
      }
      return;
    }
    String type = schema.getType();
    if (type != null && !isType(value, type)) {
      problems.add(problem(field, "must be " + article(type, schema.getFormat()), ", was " + describe(value)));
      return;
    }
    if (schema.getEnum() != null && !inEnum(value, schema.getEnum())) {
      problems.add(problem(field, "must be one of " + schema.getEnum().stream().map(SchemaCheck::text)
          .collect(Collectors.joining(", ")), ", was " + describe(value)));
      return;
    }
    if (value instanceof String text) {
      checkString(text, schema, field, problems);
    } else if (value instanceof BigDecimal number) {
      checkNumber(number, schema, field, problems);
    } else if (value instanceof List<?> items) {
      checkArray(items, schema, field, problems);
    } else if (value instanceof Map<?, ?> members) {
      checkObject(members, schema, field, problems, closes);
    }
    if (schema.getAllOf() != null) {
      for (Schema part : schema.getAllOf()) {
        check(value, part, field, problems, false); // the composite closes the object, not each part
      }
    }
    if (schema.getOneOf() != null) {
      long passing = schema.getOneOf().stream().filter(option -> passes(value, option)).count();
      if (passing != 1) {
        problems.add(problem(field, (passing == 0 ? "must match one of " : "must match only one of ")
            + alternatives(schema.getOneOf()), ", was " + describe(value)));
      }
    }
    if (schema.getAnyOf() != null && schema.getAnyOf().stream().noneMatch(option -> passes(value, option))) {
      problems.add(problem(field, "must match any of " + alternatives(schema.getAnyOf()), ", was " + describe(value)));
    }
  }

  private boolean passes(Object value, Schema schema) {
    List<Problem> found = new ArrayList<>();
    check(value, schema, "", found, true);
    return found.isEmpty();
  }

  private void checkString(String text, Schema schema, String field, List<Problem> problems) {
    // A binary part's lengths count its bytes, which the multipart reader checks; here it is a name.
    boolean binary = "binary".equals(schema.getFormat());
    int length = text.codePointCount(0, text.length());
    if (!binary && schema.getMinLength() != null && length < schema.getMinLength()) {
      problems.add(text.isEmpty() ? problem(field, "must not be empty", "")
          : problem(field, "must be at least " + schema.getMinLength() + " characters long", ", was " + length));
    }
    if (!binary && schema.getMaxLength() != null && length > schema.getMaxLength()) {
      problems.add(problem(field, "must be at most " + schema.getMaxLength() + " characters long", ", was " + length));
    }
    String pattern = schema.getPattern();
    if (pattern != null && !PATTERNS.computeIfAbsent(pattern, Pattern::compile).matcher(text).find()) {
      problems.add(problem(field, "must match the pattern " + pattern, ", was " + describe(text)));
    }
    String format = schema.getFormat();
    if (format != null && !hasFormat(text, format)) {
      problems.add(problem(field, "must be " + (formats.contains(format) && FORMAT_RULES.containsKey(format)
          ? FORMAT_RULES.get(format) : article("string", format)), ", was " + describe(text)));
    }
  }

  private boolean hasFormat(String text, String format) {
    try {
      switch (format) {
        case "decimal" -> {
          return !formats.contains(format) || DECIMAL.matcher(text).matches();
        }
        case "uri" -> {
          if (!formats.contains(format)) return true;
          URI uri = new URI(text);
          return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        }
        case "date-time" -> OffsetDateTime.parse(text);
        case "date" -> LocalDate.parse(text);
        case "uuid" -> {
          if (text.length() != 36) return false;
          UUID.fromString(text);
        }
        case "email" -> {
          return EMAIL.matcher(text).matches();
        }
        default -> {
          return true; // decimal, password, binary and the like say how to read the text, not a rule
        }
      }
      return true;
    } catch (DateTimeParseException | IllegalArgumentException | URISyntaxException e) {
      return false;
    }
  }

  private void checkNumber(BigDecimal number, Schema schema, String field, List<Problem> problems) {
    String format = schema.getFormat();
    if ("int32".equals(format) && (number.compareTo(INT32_MIN) < 0 || number.compareTo(INT32_MAX) > 0)
        || "int64".equals(format) && (number.compareTo(INT64_MIN) < 0 || number.compareTo(INT64_MAX) > 0)) {
      problems.add(problem(field, "must fit in " + format, ", was " + number.toPlainString()));
    }
    BigDecimal minimum = schema.getMinimum();
    if (minimum != null) {
      int side = number.compareTo(minimum);
      if (schema.isExclusiveMinimum() ? side <= 0 : side < 0) {
        problems.add(problem(field, "must be " + (schema.isExclusiveMinimum() ? "greater than " : "at least ")
            + minimum.toPlainString(), ", was " + number.toPlainString()));
      }
    }
    BigDecimal maximum = schema.getMaximum();
    if (maximum != null) {
      int side = number.compareTo(maximum);
      if (schema.isExclusiveMaximum() ? side >= 0 : side > 0) {
        problems.add(problem(field, "must be " + (schema.isExclusiveMaximum() ? "less than " : "at most ")
            + maximum.toPlainString(), ", was " + number.toPlainString()));
      }
    }
  }

  private void checkArray(List<?> items, Schema schema, String field, List<Problem> problems) {
    if (schema.getMinItems() != null && items.size() < schema.getMinItems()) {
      problems.add(problem(field, "must have at least " + schema.getMinItems() + " items", ", has " + items.size()));
    }
    if (schema.getMaxItems() != null && items.size() > schema.getMaxItems()) {
      problems.add(problem(field, "must have at most " + schema.getMaxItems() + " items", ", has " + items.size()));
    }
    if (schema.isUniqueItems()) {
      Set<Object> seen = new java.util.HashSet<>();
      for (Object item : items) {
        if (!seen.add(item instanceof BigDecimal number ? number.stripTrailingZeros() : item)) {
          problems.add(problem(field, "must not have an item twice", ", has " + describe(item) + " twice"));
          break;
        }
      }
    }
    for (int i = 0; i < items.size(); i++) {
      check(items.get(i), schema.getItems(), (field.isEmpty() ? "body" : field) + "[" + i + "]", problems, true);
    }
  }

  private void checkObject(Map<?, ?> members, Schema schema, String field, List<Problem> problems, boolean closes) {
    Map<String, Schema> declared = schema.getProperties() == null ? Map.of() : schema.getProperties();
    Object additional = schema.getAdditionalProperties();
    Set<String> known = closes && additional == null ? declaredMembers(schema) : Set.of();
    for (Map.Entry<?, ?> member : members.entrySet()) {
      String name = String.valueOf(member.getKey());
      Schema memberSchema = declared.get(name);
      String path = member(field, name);
      if (memberSchema != null) {
        if (side == Side.REQUEST && memberSchema.isReadOnly()) {
          problems.add(problem(path, "is read-only: an answer carries it, a request may not", ""));
        } else if (side == Side.RESPONSE && memberSchema.isWriteOnly()) {
          problems.add(problem(path, "is write-only: a request carries it, an answer may not", ""));
        }
        check(member.getValue(), memberSchema, path, problems, true);
      } else if (additional instanceof Schema values) {
        check(member.getValue(), values, path, problems, true);
      } else if (Boolean.FALSE.equals(additional) || closes && additional == null && side == Side.REQUEST
          && !known.contains(name)) {
        problems.add(Problem.of(key + ".unknownMember", path, "not a member of this "
            + (side == Side.REQUEST ? "request" : "answer") + " (it takes: " + String.join(", ", declaredMembers(schema))
            + ")", "", name));
      }
    }
    // After the members: a member under a wrong name says more than the required one it misses.
    for (String required : schema.getRequired()) {
      if (!members.containsKey(required)) {
        problems.add(Problem.of(key + ".missing", member(field, required), "required", "", required));
      }
    }
    // Member counts (Funding's scope: exactly one of method_id, network_id, network_group_id).
    Integer fewest = schema.getMinProperties();
    Integer most = schema.getMaxProperties();
    if (fewest != null && members.size() < fewest || most != null && members.size() > most) {
      String rule = fewest != null && fewest.equals(most) ? "must have exactly " + fewest + " member" + (fewest == 1 ? "" : "s")
          : fewest != null && members.size() < fewest ? "must have at least " + fewest + " members"
          : "must have at most " + most + " member" + (most == 1 ? "" : "s");
      problems.add(problem(field.isEmpty() ? "body" : field, rule + " of " + String.join(", ", declaredMembers(schema)),
          ", has " + members.size()));
    }
  }

  /** The members {@code schema} and the parts of its {@code allOf} declare. */
  private static Set<String> declaredMembers(Schema schema) {
    Set<String> names = new LinkedHashSet<>();
    if (schema.getProperties() != null) {
      names.addAll(schema.getProperties().keySet());
    }
    if (schema.getAllOf() != null) {
      for (Schema part : schema.getAllOf()) {
        names.addAll(declaredMembers(part));
      }
    }
    return names;
  }

  /** Whether null passes {@code schema}: nullable itself, through its reference, or untyped. */
  private static boolean allowsNull(Schema schema) {
    if (schema.isNullable()) {
      return true;
    }
    if (schema.getAllOf() != null && !schema.getAllOf().isEmpty()) {
      return schema.getType() == null && schema.getAllOf().stream().allMatch(SchemaCheck::allowsNull);
    }
    List<Schema> options = schema.getOneOf() != null ? schema.getOneOf() : schema.getAnyOf();
    if (options != null) {
      return options.stream().anyMatch(SchemaCheck::allowsNull);
    }
    return schema.getType() == null && schema.getProperties() == null && schema.getItems() == null
        && schema.getEnum() == null;
  }

  static boolean isType(Object value, String type) {
    return switch (type) {
      case "string" -> value instanceof String;
      case "integer" -> value instanceof BigDecimal n && (n.signum() == 0 || n.stripTrailingZeros().scale() <= 0);
      case "number" -> value instanceof BigDecimal;
      case "boolean" -> value instanceof Boolean;
      case "array" -> value instanceof List<?>;
      case "object" -> value instanceof Map<?, ?>;
      default -> true;
    };
  }

  private static boolean inEnum(Object value, List<?> allowed) {
    for (Object option : allowed) {
      if (option instanceof BigDecimal n && value instanceof BigDecimal v ? n.compareTo(v) == 0 : option.equals(value)) {
        return true;
      }
    }
    return false;
  }

  private static String alternatives(List<Schema> options) {
    return options.stream().map(SchemaCheck::summary).collect(Collectors.joining(" | "));
  }

  private static String summary(Schema schema) {
    if (schema.getRef() != null) {
      return schema.getRef();
    }
    String type = schema.getType();
    return type == null ? "a value" : article(type, schema.getFormat());
  }

  static String article(String type, String format) {
    String named = switch (type) {
      case "integer" -> "an integer";
      case "array" -> "an array";
      case "object" -> "an object";
      default -> "a " + type;
    };
    return format == null || format.equals("password") ? named : named + " (" + format + ")";
  }

  static String describe(Object value) {
    if (value == null) return "null";
    if (value instanceof String text) return "\"" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "\"";
    if (value instanceof BigDecimal number) return "the number " + number.toPlainString();
    if (value instanceof Boolean) return "the boolean " + value;
    if (value instanceof List<?>) return "an array";
    return "an object";
  }

  private static String text(Object value) {
    return value instanceof BigDecimal number ? number.toPlainString() : String.valueOf(value);
  }

  private static String member(String field, String name) {
    return field.isEmpty() ? name : field + "." + name;
  }

  private Problem problem(String field, String rule, String sent) {
    return Problem.of(key, field.isEmpty() ? "body" : field, rule, sent, null);
  }
}
