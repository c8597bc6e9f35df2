package io.github.krakensdk.sandbox.internal.contract;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Text of a query, header or path parameter (or a form field) read as the JSON value its schema describes. */
public final class Text {
  private Text() {}

  /**
   * {@code text} as the first of the schema's scalar types it reads as (an integer, a number, a
   * boolean: {@code true}/{@code false} in any case); the text itself when it reads as none, so that
   * the schema check names the type it wanted.
   */
  static Object typed(String text, Schema schema) {
    for (String type : scalarTypes(schema)) {
      switch (type) {
        case "integer", "number" -> {
          try {
            BigDecimal number = new BigDecimal(text.trim());
            if (SchemaCheck.isType(number, type)) return number;
          } catch (NumberFormatException notANumber) {
            // try the next type
          }
        }
        case "boolean" -> {
          Boolean value = bool(text);
          if (value != null) return value;
        }
        case "string" -> {
          return text;
        }
        default -> {
          // arrays and objects are not written as one parameter's text
        }
      }
    }
    return text;
  }

  /**
   * A boolean written as text, as the service reads it in a query or a form: {@code true}/{@code
   * false} in any letter case (Python's {@code True}), or {@code 1}/{@code 0}; null for other text,
   * which the contract then refuses.
   */
  public static Boolean bool(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "true", "1" -> true;
      case "false", "0" -> false;
      default -> null;
    };
  }

  private static List<String> scalarTypes(Schema schema) {
    List<String> types = new ArrayList<>();
    if (schema == null) {
      return types;
    }
    if (schema.getType() != null) {
      types.add(schema.getType());
    }
    for (List<Schema> options : java.util.Arrays.asList(schema.getOneOf(), schema.getAnyOf(), schema.getAllOf())) {
      if (options != null) {
        for (Schema option : options) {
          types.addAll(scalarTypes(option));
        }
      }
    }
    types.sort((a, b) -> Boolean.compare(a.equals("string"), b.equals("string"))); // string last
    return types;
  }
}
