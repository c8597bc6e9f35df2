package io.github.krakensdk.codegen;

import java.util.List;
import java.util.Map;

/**
 * The Java types a member may take with {@code x-kraken-java-type} instead of the text the wire
 * carries: the runtime's {@code io.github.krakensdk.values} types. Each knows how it reaches the
 * wire: in a form or query as its text, in JSON through its adapter.
 */
final class ValueTypes {
  static final String EXTENSION = "x-kraken-java-type";

  /**
   * One such type: its name in generated code ({@code type}), the imports it needs, the Java
   * expression of its JSON adapter, the expression (a format with {@code %s} for the value) of its
   * wire text, and the expression copying a value into a model ({@code %s}, or null to keep it).
   */
  record ValueType(String type, List<String> imports, String jsonAdapter, String wireText, String copy) {
    String wire(String expression) {
      return String.format(wireText, expression);
    }
  }

  private static final String VALUES = "io.github.krakensdk.values.";
  private static final String JSON = "io.github.krakensdk.runtime.internal.json.ValueJson.";

  private static final Map<String, ValueType> KNOWN = Map.of(
      "OrderPrice", new ValueType("OrderPrice", List.of(VALUES + "OrderPrice"), JSON + "orderPrice()",
          "java.util.Objects.toString(%s, null)", null),
      "OrderTime", new ValueType("OrderTime", List.of(VALUES + "OrderTime"), JSON + "orderTime()",
          "java.util.Objects.toString(%s, null)", null),
      "Set<OrderFlag>", new ValueType("Set<OrderFlag>", List.of("java.util.Set", VALUES + "OrderFlag"),
          JSON + "orderFlags()", VALUES + "OrderFlag.join(%s)", "OrderFlag.copyOf(%s)"));

  private ValueTypes() {}

  /** The type named {@code name}, or an error listing the known ones. */
  static ValueType of(String where, String name) {
    ValueType type = KNOWN.get(name);
    if (type == null) {
      throw new IllegalArgumentException(where + ": " + EXTENSION + " is one of " + KNOWN.keySet() + ", not " + name);
    }
    return type;
  }
}
