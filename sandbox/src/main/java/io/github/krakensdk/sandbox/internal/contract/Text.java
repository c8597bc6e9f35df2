package io.github.krakensdk.sandbox.internal.contract;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Text of a query, header or path parameter read as the JSON value its schema describes. */
final class Text {
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
          String lower = text.toLowerCase(Locale.ROOT);
          if (lower.equals("true") || lower.equals("false")) return Boolean.valueOf(lower);
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
