package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Request parameters read as leniently as the service reads them: a form body sends every value as
 * text ({@code amount=2.5}, {@code new=true}) where JSON sends numbers and booleans, so each getter
 * accepts both. A value that cannot be read is refused with {@code EGeneral:Invalid arguments:<name>}.
 */
final class Params {
  private final Map<String, ?> tree;

  private Params(Map<String, ?> tree) {
    this.tree = tree;
  }

  static Params of(Map<String, ?> tree) {
    return new Params(requireNonNull(tree, "params == null"));
  }

  /** The value as text, or null when absent; a number or boolean is given as its JSON text. */
  String string(String name) {
    Object value = tree.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String text) {
      return text;
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw FundingException.invalid(name);
  }

  String required(String name) {
    String value = string(name);
    if (value == null || value.isBlank()) {
      throw FundingException.invalid(name);
    }
    return value.trim();
  }

  BigDecimal decimal(String name) {
    String text = string(name);
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw FundingException.invalid(name);
    }
  }

  BigDecimal requiredDecimal(String name) {
    BigDecimal value = decimal(name);
    if (value == null) {
      throw FundingException.invalid(name);
    }
    return value;
  }

  /** A positive amount: zero, negative or unreadable is {@code EGeneral:Invalid arguments:<name>}. */
  BigDecimal positive(String name) {
    BigDecimal value = requiredDecimal(name);
    if (value.signum() <= 0) {
      throw FundingException.invalid(name);
    }
    return value;
  }

  /** {@code true}/{@code false} as JSON booleans or text ({@code 1}/{@code 0} too); null when absent. */
  Boolean bool(String name) {
    Object value = tree.get(name);
    if (value == null) {
      return null;
    }
    if (value instanceof Boolean flag) {
      return flag;
    }
    String text = string(name).trim().toLowerCase(Locale.ROOT);
    return switch (text) {
      case "true", "1" -> true;
      case "false", "0" -> false;
      default -> throw FundingException.invalid(name);
    };
  }

  boolean flag(String name, boolean otherwise) {
    Boolean value = bool(name);
    return value == null ? otherwise : value;
  }

  Long integer(String name) {
    BigDecimal value = decimal(name);
    if (value == null) {
      return null;
    }
    try {
      return value.longValueExact();
    } catch (ArithmeticException e) {
      throw FundingException.invalid(name);
    }
  }

  /** A list given as a JSON array, repeated form fields or one comma-separated string; empty when absent. */
  List<String> strings(String name) {
    Object value = tree.get(name);
    List<String> result = new ArrayList<>();
    if (value == null) {
      return result;
    }
    if (value instanceof List<?> list) {
      for (Object item : list) {
        if (item != null) {
          result.add(String.valueOf(item).trim());
        }
      }
      return result;
    }
    for (String part : string(name).split(",")) {
      if (!part.isBlank()) {
        result.add(part.trim());
      }
    }
    return result;
  }

  /**
   * A Unix time in seconds (fractions allowed), as the funding filters take it; null when absent.
   */
  BigDecimal seconds(String name) {
    return decimal(name);
  }
}
