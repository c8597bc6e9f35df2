package io.github.krakensdk.tests.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.tests.contract.Contracts;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * A seeded mutator of JSON documents: the same seed and inputs give the same mutations on every
 * machine, so a failure found once is found again. Each call of {@link #mutate(byte[])} applies one
 * or a few mutations to a valid document, of three kinds:
 *
 * <ul>
 *   <li>structural, on the parsed tree: a value replaced by a hostile one ({@link #HOSTILE_VALUES}:
 *       wrong types, extreme numbers and decimals, broken dates and UUIDs, huge strings, deep
 *       nesting), a member removed, renamed or added, an array emptied or repeated a thousand
 *       times;
 *   <li>textual, on the bytes: a cut, a flipped or inserted byte (invalid UTF-8, NUL, a stray
 *       quote or brace), a range deleted or repeated, a member written twice;
 *   <li>whole: the document nested a hundred to twenty thousand levels deep.
 * </ul>
 *
 * <pre>{@code
 * JsonMutator mutator = new JsonMutator(42);
 * byte[] input = mutator.mutate(example);
 * }</pre>
 */
final class JsonMutator {
  /** JSON texts a value is replaced with; each is valid JSON on its own. */
  static final List<String> HOSTILE_VALUES = List.of(
      "null", "true", "false", "0", "-0", "-1", "2147483648", "-2147483649", "9223372036854775808",
      "1e308", "1e309", "-1e309", "1e-400", "1e999999999", "0.0000000000000000000000000000001",
      "\"1e999999999\"", "\"-1e-999999999\"", "\"1e2147483648\"", "\"NaN\"", "\"Infinity\"", "\"-0\"",
      "\"\"", "\" \"", "\"\\u0000\"", "\"\\ud800\"", "\"\\udfff\\ud800\"", "\"\\u202e\"",
      "\"2025-13-45\"", "\"2025-02-30T25:61:61Z\"", "\"+999999999-12-31\"", "\"not-a-uuid\"",
      "\"00000000-0000-0000-0000-000000000000\"", "\"EGeneral:Internal error\"", "\"WGeneral:Notice\"",
      "{}", "[]", "[null]", "[[]]", "{\"\":null}", "[\"E\"]", "[\"W\", null]", "\"error\"", "\"success\"",
      "\"" + "x".repeat(6000) + "\"", "\"" + "\\\"".repeat(3000) + "\"", "\"" + "\\u00e9".repeat(2000) + "\"",
      "[" + "[".repeat(300) + "]".repeat(300) + "]", "{\"a\":".repeat(300) + "1" + "}".repeat(300),
      "[" + "0,".repeat(5000) + "0]");

  /** Byte strings inserted into the text. */
  private static final List<byte[]> TOKENS = List.of(
      bytes("{"), bytes("}"), bytes("["), bytes("]"), bytes("\""), bytes("\\"), bytes(","), bytes(":"),
      bytes("\u0000"), new byte[] {(byte) 0xff}, new byte[] {(byte) 0xc3, 0x28}, new byte[] {(byte) 0xed, (byte) 0xa0,
          (byte) 0x80}, new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, bytes("NaN"), bytes("Infinity"),
      bytes("//"), bytes("/*"), bytes("\r\n"), bytes("'"), bytes("\\u12"), bytes("1e99999"));

  private final Random random;

  JsonMutator(long seed) {
    this.random = new Random(seed);
  }

  /** One to three mutations of {@code document}, which must be valid JSON. */
  byte[] mutate(byte[] document) {
    Objects.requireNonNull(document, "document == null");
    byte[] result = document;
    int count = 1 + (random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
    for (int i = 0; i < count; i++) {
      result = mutateOnce(result);
    }
    return result;
  }

  private byte[] mutateOnce(byte[] input) {
    int kind = random.nextInt(100);
    if (kind < 55) {
      JsonNode tree = parse(input);
      if (tree != null && tree.isContainerNode()) {
        return structural((ContainerNode<?>) tree);
      }
    }
    if (kind < 95) {
      return textual(input);
    }
    return nested(input);
  }

  // ---- structural ----

  private byte[] structural(ContainerNode<?> root) {
    List<ContainerNode<?>> containers = new ArrayList<>();
    collect(root, containers);
    ContainerNode<?> container = containers.get(random.nextInt(containers.size()));
    int what = random.nextInt(10);
    if (container instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      String name = names.isEmpty() ? null : names.get(random.nextInt(names.size()));
      if (name == null || what == 0) {
        object.set(pick(List.of("unexpected", "result", "error", "errors", "", "__proto__", "\u0000")), hostile());
      } else if (what == 1) {
        object.remove(name);
      } else if (what == 2) {
        JsonNode value = object.remove(name);
        object.set(name.toUpperCase(java.util.Locale.ROOT) + "_", value);
      } else if (what == 3) {
        return duplicateMember(object, name, root);
      } else {
        object.set(name, hostile());
      }
    } else if (container instanceof ArrayNode array) {
      if (array.isEmpty() || what == 0) {
        array.add(hostile());
      } else if (what == 1) {
        array.removeAll();
      } else if (what == 2) {
        JsonNode first = array.get(0);
        for (int i = 0; i < 1000; i++) {
          array.add(first.deepCopy());
        }
      } else if (what == 3) {
        array.insertNull(random.nextInt(array.size() + 1));
      } else {
        array.set(random.nextInt(array.size()), hostile());
      }
    }
    return write(root);
  }

  /** {@code name} written twice in {@code object}: the text carries both, as a server could send it. */
  private byte[] duplicateMember(ObjectNode object, String name, ContainerNode<?> root) {
    String marker = "__duplicate_" + random.nextInt(1_000_000) + "__";
    object.putNull(marker);
    String text = new String(write(root), StandardCharsets.UTF_8);
    String twin = Contracts.writeJson(Contracts.JSON.getNodeFactory().textNode(name)) + ":" + pickText();
    return bytes(text.replace("\"" + marker + "\":null", twin));
  }

  private static void collect(JsonNode node, List<ContainerNode<?>> into) {
    if (node instanceof ContainerNode<?> container) {
      into.add(container);
      Iterator<JsonNode> children = node.elements();
      while (children.hasNext()) {
        collect(children.next(), into);
      }
    }
  }

  private JsonNode hostile() {
    return Contracts.readJson(pickText());
  }

  private String pickText() {
    return pick(HOSTILE_VALUES);
  }

  // ---- textual ----

  private byte[] textual(byte[] input) {
    if (input.length == 0) {
      return pick(TOKENS).clone();
    }
    int at = random.nextInt(input.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream(input.length + 16);
    switch (random.nextInt(6)) {
      case 0 -> out.write(input, 0, at); // cut
      case 1 -> { // a byte replaced
        byte[] copy = input.clone();
        copy[at] = (byte) random.nextInt(256);
        return copy;
      }
      case 2 -> { // a token inserted
        out.write(input, 0, at);
        out.writeBytes(pick(TOKENS));
        out.write(input, at, input.length - at);
      }
      case 3 -> { // a range deleted
        int end = Math.min(input.length, at + 1 + random.nextInt(16));
        out.write(input, 0, at);
        out.write(input, end, input.length - end);
      }
      case 4 -> { // a range repeated
        int end = Math.min(input.length, at + 1 + random.nextInt(32));
        out.write(input, 0, end);
        out.write(input, at, input.length - at);
      }
      default -> { // garbage after the document
        out.writeBytes(input);
        out.writeBytes(pick(TOKENS));
      }
    }
    return out.toByteArray();
  }

  // ---- whole ----

  private byte[] nested(byte[] input) {
    int depth = pick(List.of(100, 300, 5_000, 20_000));
    boolean arrays = random.nextBoolean();
    ByteArrayOutputStream out = new ByteArrayOutputStream(input.length + depth * 6);
    for (int i = 0; i < depth; i++) {
      out.writeBytes(bytes(arrays ? "[" : "{\"result\":"));
    }
    out.writeBytes(input);
    for (int i = 0; i < depth; i++) {
      out.writeBytes(bytes(arrays ? "]" : "}"));
    }
    return out.toByteArray();
  }

  // ---- helpers ----

  private <T> T pick(List<T> list) {
    return list.get(random.nextInt(list.size()));
  }

  private static JsonNode parse(byte[] input) {
    try {
      return Contracts.JSON.readTree(input);
    } catch (java.io.IOException | RuntimeException notJson) {
      return null;
    }
  }

  private static byte[] write(JsonNode node) {
    return bytes(Contracts.writeJson(node));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** For a failure message: the input as text, shortened. */
  static String preview(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    return text.length() <= 300 ? text : text.substring(0, 300) + "… (" + input.length + " bytes)";
  }
}
