package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;

import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import io.github.krakensdk.sandbox.internal.contract.Schema;
import io.github.krakensdk.sandbox.internal.contract.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import okio.Buffer;
import okio.BufferedSink;
import okio.BufferedSource;

/**
 * The parameters of a request body, whatever its media type: one way for a handler to read them.
 * A JSON body is taken as it is; a form body ({@code application/x-www-form-urlencoded}, as many
 * clients send Spot requests) is turned into the JSON its operation's schema describes, so that the
 * contract checks it and the handler reads it exactly as the JSON the SDK sends:
 *
 * <ul>
 *   <li>Nested values use brackets, as other clients write them: {@code close[ordertype]=limit} is
 *       a member of the object {@code close}; {@code orders[0][ordertype]=limit} a member of the
 *       first object of the array {@code orders}.
 *   <li>An array is a key repeated ({@code txid=A&txid=B}), with empty brackets ({@code txid[]=A})
 *       or indexed ({@code txid[0]=A}); a single value where the schema wants an array is an array
 *       of one.
 *   <li>Values are text: where the schema wants an integer, a number or a boolean, text that reads
 *       as one becomes one (a JSON number keeps its digits); anything else stays a string, for the
 *       contract to refuse. Comma-delimited lists ({@code pair=XBTUSD,ETHUSD}) stay strings, as in
 *       JSON.
 * </ul>
 *
 * <pre>{@code
 * TradeVolumeRequest request = call.parameters().read(TradeVolumeRequest.class);
 * Map<String, Object> tree = call.parameters().tree();
 * }</pre>
 */
public final class BodyParameters {
  private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

  private final byte[] json;
  private final boolean form;
  /** Null unless the body came as {@code multipart/form-data}: its file parts by name. */
  private final Map<String, MultipartForm.Part> files;
  /** What is wrong with a multipart body beyond what its schema says (format, part sizes). */
  private final List<Problem> problems;

  private BodyParameters(byte[] json, boolean form) {
    this(json, form, null, List.of());
  }

  private BodyParameters(byte[] json, boolean form, Map<String, MultipartForm.Part> files,
      List<Problem> problems) {
    this.json = json;
    this.form = form;
    this.files = files;
    this.problems = problems;
  }

  /**
   * The parameters of a {@code multipart/form-data} body, whose parts are the properties of
   * {@code schema} (its operation's multipart schema): read as the JSON object that schema
   * describes, for the contract to check. A text part is a scalar of its property's type, a part
   * whose property is an object is JSON (its {@code Content-Type} must say so), and a file part
   * ({@code format: binary}) is kept as it is ({@link #files()}) and stands in the JSON as a string
   * naming it; its size is checked here against the property's {@code minLength}/{@code maxLength},
   * which count bytes. A part the schema does not declare stays in the JSON, where the contract
   * refuses it.
   */
  public static BodyParameters ofMultipart(HttpCall call, Schema schema) {
    List<Problem> problems = new ArrayList<>();
    Map<String, MultipartForm.Part> files = new LinkedHashMap<>();
    List<MultipartForm.Part> parts;
    try {
      parts = MultipartForm.parse(call.body, call.header("Content-Type"));
    } catch (IllegalArgumentException malformed) {
      problems.add(new Problem("request.body.multipart", malformed.getMessage()));
      return new BodyParameters("{}".getBytes(StandardCharsets.UTF_8), false, files, problems);
    }
    Map<String, ?> declared = schema == null || schema.getProperties() == null ? Map.of() : schema.getProperties();
    Buffer buffer = new Buffer();
    try (JsonWriter writer = JsonWriter.of(buffer)) {
      writer.beginObject();
      Map<String, Boolean> seen = new LinkedHashMap<>();
      for (MultipartForm.Part part : parts) {
        if (seen.put(part.name(), true) != null) {
          problems.add(new Problem("request.body.multipart",
              "part '" + part.name() + "' is sent more than once"));
          continue;
        }
        Schema property = (Schema) declared.get(part.name());
        writer.name(part.name());
        if (property != null && "binary".equals(property.getFormat())) {
          files.put(part.name(), part);
          checkSize(part, property, problems);
          writer.value(part.fileName() == null ? part.name() : part.fileName());
        } else if (property != null && "object".equals(type(property))) {
          if (!part.isJson()) {
            problems.add(new Problem("request.body.multipart",
                "part '" + part.name() + "' must be application/json (was " + part.contentType() + ")"));
          }
          writeJson(writer, part, problems);
        } else {
          writeScalar(writer, part.text(), property);
        }
      }
      writer.endObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a Buffer does not fail
    }
    return new BodyParameters(buffer.readByteArray(), false, files, problems);
  }

  private static void checkSize(MultipartForm.Part part, Schema property, List<Problem> problems) {
    int size = part.bytes().length;
    if ((property.getMinLength() != null && size < property.getMinLength())
        || (property.getMaxLength() != null && size > property.getMaxLength())) {
      problems.add(new Problem("request.body.multipart.size", "file part '" + part.name() + "' has "
          + size + " bytes; allowed " + (property.getMinLength() == null ? 0 : property.getMinLength()) + ".."
          + (property.getMaxLength() == null ? "∞" : property.getMaxLength())));
    }
  }

  private static void writeJson(JsonWriter writer, MultipartForm.Part part, List<Problem> problems)
      throws IOException {
    Object value;
    try {
      value = Json.MOSHI.adapter(Object.class).fromJson(new Buffer().write(part.bytes()));
    } catch (IOException | RuntimeException notJson) {
      problems.add(new Problem("request.body.multipart",
          "part '" + part.name() + "' is not JSON: " + notJson.getMessage()));
      writer.value(part.text());
      return;
    }
    try (BufferedSink sink = writer.valueSink()) {
      sink.write(part.bytes()); // the part's own text, so that numbers keep their digits
    }
    if (value == null) {
      problems.add(new Problem("request.body.multipart", "part '" + part.name() + "' is empty"));
    }
  }

  /** Whether the body came as {@code multipart/form-data}. */
  public boolean multipart() {
    return files != null;
  }

  /** The file parts of a multipart body, by name (empty for other bodies). */
  Map<String, MultipartForm.Part> files() {
    return files == null ? Map.of() : files;
  }

  /** What is wrong with a multipart body that its schema cannot say (format, file sizes). */
  public List<Problem> problems() {
    return problems;
  }

  /**
   * The parameters of {@code call}'s body for {@code op}, the one way every family reads a body:
   * multipart parts as the JSON object their schema describes ({@link #ofMultipart}); a form body as
   * the JSON its JSON schema describes, or, for a form-only operation (OAuth's token endpoint), its
   * form schema; a JSON body with the number forms the service reads ({@link #serviceNumbers}).
   * Without an operation (none matched), the body as it is.
   */
  public static BodyParameters of(HttpCall call, Operation op) {
    if (op == null) {
      return new BodyParameters(call.body, false);
    }
    if (op.multipart()) {
      return ofMultipart(call, op.bodySchema());
    }
    Schema formOnly = op.bodyTypes().get(Operation.JSON) == null ? op.bodyTypes().get(Operation.FORM) : null;
    if (formOnly != null && isForm(call)) {
      return new BodyParameters(formToJson(HttpCall.parseForm(call.bodyText()), formOnly)
          .getBytes(StandardCharsets.UTF_8), true);
    }
    return of(call, op.acceptsForm() || formOnly == null ? op.bodyTypes().get(Operation.JSON) : null);
  }

  /**
   * The parameters of {@code call}'s body: converted from a form when the body is form-encoded
   * and {@code schema} (the operation's JSON body schema) is known, else the JSON body with the
   * service's number forms (the body as it is without a schema).
   */
  static BodyParameters of(HttpCall call, Schema schema) {
    if (schema != null && isForm(call)) {
      return new BodyParameters(formToJson(HttpCall.parseForm(call.bodyText()), schema)
          .getBytes(StandardCharsets.UTF_8), true);
    }
    return new BodyParameters(schema == null ? call.body : serviceNumbers(unnest(call.body, schema), schema), false);
  }

  /**
   * A JSON document that travels in a query parameter (Futures' {@code simulate ?json=}), read as
   * a JSON body is.
   */
  public static BodyParameters ofJson(String json) {
    return new BodyParameters(json.getBytes(StandardCharsets.UTF_8), false);
  }

  /**
   * The text of the top-level member {@code name} exactly as the body sent it (a JSON number's or
   * string's text, or a form field's first value), or null: what a signature hashes (Spot's
   * {@code nonce}), before any reading rule has touched it.
   */
  public static String sentText(HttpCall call, String name) {
    String text = call.bodyText().trim();
    if (text.startsWith("{")) {
      try {
        JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text));
        reader.beginObject();
        while (reader.hasNext()) {
          if (reader.nextName().equals(name)) {
            JsonReader.Token token = reader.peek();
            return token == JsonReader.Token.NUMBER || token == JsonReader.Token.STRING ? reader.nextString() : null;
          }
          reader.skipValue();
        }
        return null;
      } catch (IOException | RuntimeException notJson) {
        return null;
      }
    }
    List<String> values = HttpCall.parseForm(text).get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /**
   * These parameters without the top-level {@code members} (those the service takes and ignores,
   * once the contract has checked them): what the operation then reads.
   */
  public BodyParameters without(List<String> members) {
    if (members.isEmpty() || multipart()) {
      return this;
    }
    Buffer out = new Buffer();
    try (JsonReader reader = JsonReader.of(new Buffer().write(json)); JsonWriter writer = JsonWriter.of(out)) {
      if (reader.peek() != JsonReader.Token.BEGIN_OBJECT) {
        return this;
      }
      reader.beginObject();
      writer.beginObject();
      while (reader.hasNext()) {
        String name = reader.nextName();
        byte[] value = raw(reader);
        if (!members.contains(name)) {
          writer.name(name);
          try (BufferedSink sink = writer.valueSink()) {
            sink.write(value);
          }
        }
      }
      reader.endObject();
      writer.endObject();
    } catch (IOException | RuntimeException notAnObject) {
      return this; // the contract passed it, so it is an object; nothing to drop otherwise
    }
    return new BodyParameters(out.readByteArray(), form, files, problems);
  }

  /**
   * A JSON body with the number forms the service reads (CONVENTIONS.md, "What the sandbox accepts
   * beyond the contract"): a JSON number where {@code schema} has a decimal string ({@code
   * "volume": 1.25}, as Kraken's own AddOrder example writes it) becomes that decimal's plain text,
   * and a string of digits where it has an integer ({@code "nonce": "1795826453191"}, as ccxt and
   * python-kraken-sdk send it) becomes that integer, and a string where it has a boolean ({@code
   * "validate": "true"}) is read with a form boolean's spellings ({@link Text#bool}). Anything else is copied as it came, for the
   * contract to judge; a body that is no JSON is left as it is.
   */
  static byte[] serviceNumbers(byte[] json, Schema schema) {
    if (!validUtf8(json)) {
      return json; // read again, it would come out repaired: the contract refuses it as sent
    }
    Buffer out = new Buffer();
    boolean[] changed = {false};
    try (JsonReader reader = JsonReader.of(new Buffer().write(json)); JsonWriter writer = JsonWriter.of(out)) {
      copy(reader, writer, schema, changed);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        return json;
      }
    } catch (IOException | RuntimeException notJson) {
      return json; // the contract reports what is wrong with it
    }
    return changed[0] ? out.readByteArray() : json;
  }

  private static boolean validUtf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
      return true;
    } catch (java.nio.charset.CharacterCodingException malformed) {
      return false;
    }
  }

  private static final Pattern DIGITS = Pattern.compile("-?[0-9]{1,20}");

  /**
   * Whether {@code schema} is a decimal written as text that takes {@code plain}: a string of
   * format {@code decimal}, or one whose pattern takes only numeric text (a price that may also be
   * relative, {@code OrderPrice}); never an identifier that happens to take digits too.
   */
  private static boolean decimalText(Schema schema, String plain) {
    if (schema == null || !"string".equals(schema.getType())) {
      return false;
    }
    if ("decimal".equals(schema.getFormat())) {
      return true;
    }
    String pattern = schema.getPattern();
    return pattern != null && Pattern.compile(pattern).matcher(plain).find()
        && !Pattern.compile(pattern).matcher("x").find() && !Pattern.compile(pattern).matcher("X1").find();
  }

  private static void copy(JsonReader reader, JsonWriter writer, Schema schema, boolean[] changed)
      throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT -> {
        reader.beginObject();
        writer.beginObject();
        while (reader.hasNext()) {
          String name = reader.nextName();
          writer.name(name);
          copy(reader, writer, memberSchema(schema, name), changed);
        }
        reader.endObject();
        writer.endObject();
      }
      case BEGIN_ARRAY -> {
        reader.beginArray();
        writer.beginArray();
        while (reader.hasNext()) {
          copy(reader, writer, "array".equals(type(schema)) ? schema.getItems() : null, changed);
        }
        reader.endArray();
        writer.endArray();
      }
      case NUMBER -> {
        String digits = reader.nextString(); // the number's own text
        if (decimalText(schema, new BigDecimal(digits).toPlainString())) {
          writer.value(new BigDecimal(digits).toPlainString());
          changed[0] = true;
        } else {
          writeNumber(writer, digits);
        }
      }
      case STRING -> {
        String text = reader.nextString();
        Boolean flag = "boolean".equals(type(schema)) ? Text.bool(text) : null;
        if (schema != null && "integer".equals(schema.getType()) && DIGITS.matcher(text).matches()) {
          writeNumber(writer, new BigInteger(text).toString());
          changed[0] = true;
        } else if (flag != null) {
          writer.value(flag.booleanValue()); // "true", as a form writes it: the form's spellings
          changed[0] = true;
        } else {
          writer.value(text);
        }
      }
      default -> {
        try (BufferedSink sink = writer.valueSink()) {
          sink.write(raw(reader));
        }
      }
    }
  }

  /**
   * A JSON body that nests what its schema declares as bracketed members: AddOrder's conditional
   * close sent as {@code "close": {"ordertype": ...}} (as AddOrderBatch nests it) is the members
   * {@code close[ordertype]}, {@code close[price]}, {@code close[price2]}, which the form keys and
   * the flat JSON names are too. Anything else, and a body that is not such a JSON object, is
   * left as it came, for the contract to judge.
   */
  static byte[] unnest(byte[] json, Schema schema) {
    Map<String, ?> declared = schema.getProperties() == null ? Map.of() : schema.getProperties();
    if (declared.keySet().stream().noneMatch(name -> name.contains("["))) {
      return json;
    }
    // Each value is copied as its raw JSON, so that numbers keep their digits (a nonce beyond 2^53).
    Map<String, byte[]> flat = new LinkedHashMap<>();
    boolean changed = false;
    try (JsonReader reader = JsonReader.of(new Buffer().write(json))) {
      if (reader.peek() != JsonReader.Token.BEGIN_OBJECT) {
        return json;
      }
      reader.beginObject();
      while (reader.hasNext()) {
        String name = reader.nextName();
        byte[] value = raw(reader);
        // Also where the name itself is declared too (AddOrder's scalar close, taken and ignored).
        Map<String, byte[]> nested = members(value);
        if (nested != null && !nested.isEmpty()
            && nested.keySet().stream().allMatch(key -> declared.containsKey(name + "[" + key + "]"))) {
          nested.forEach((key, member) -> flat.put(name + "[" + key + "]", member));
          changed = true;
        } else {
          flat.put(name, value);
        }
      }
      reader.endObject();
    } catch (IOException | RuntimeException notJson) {
      return json; // the contract reports what is wrong with it
    }
    if (!changed) {
      return json;
    }
    Buffer out = new Buffer();
    try (JsonWriter writer = JsonWriter.of(out)) {
      writer.beginObject();
      for (Map.Entry<String, byte[]> member : flat.entrySet()) {
        writer.name(member.getKey());
        try (BufferedSink sink = writer.valueSink()) {
          sink.write(member.getValue());
        }
      }
      writer.endObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a Buffer does not fail
    }
    return out.readByteArray();
  }

  /** The next value of {@code reader} as its JSON bytes. */
  private static byte[] raw(JsonReader reader) throws IOException {
    try (BufferedSource source = reader.nextSource()) {
      return source.readByteArray();
    }
  }

  /** The members of a JSON object, each as its JSON bytes; null when {@code value} is no object. */
  private static Map<String, byte[]> members(byte[] value) throws IOException {
    JsonReader reader = JsonReader.of(new Buffer().write(value));
    if (reader.peek() != JsonReader.Token.BEGIN_OBJECT) {
      return null;
    }
    Map<String, byte[]> members = new LinkedHashMap<>();
    reader.beginObject();
    while (reader.hasNext()) {
      members.put(reader.nextName(), raw(reader));
    }
    reader.endObject();
    return members;
  }

  /** True if {@code call}'s body is form-encoded, as it says or, saying nothing, as it reads ({@link #mediaType}). */
  public static boolean isForm(HttpCall call) {
    String type = mediaType(call);
    return type != null && type.toLowerCase(Locale.ROOT).startsWith(Operation.FORM);
  }

  /**
   * The media type of {@code call}'s body: its {@code Content-Type}, or for a body sent without
   * one, JSON when it starts with <code>{</code> and a form otherwise, as the service reads it (hand-written
   * clients and {@code curl --data} send no type); null without either.
   */
  public static String mediaType(HttpCall call) {
    String type = call.header("Content-Type");
    if (type != null || !call.hasBody()) {
      return type;
    }
    return call.bodyText().stripLeading().startsWith("{") ? Operation.JSON : Operation.FORM;
  }

  /** The body as JSON. */
  public byte[] json() {
    return json;
  }

  /** Whether the body came form-encoded. */
  public boolean form() {
    return form;
  }

  /** The body as a generated record (or any type the SDK's JSON set-up reads). */
  public <T> T read(Class<T> type) throws IOException {
    return Json.read(json, type);
  }

  /**
   * The body as a JSON tree that keeps every digit ({@link JsonTree}'s kinds: maps, lists,
   * strings, {@code Long}, {@code BigDecimal}, booleans), for {@link Parameters}.
   *
   * @throws IllegalArgumentException when the body is no JSON object.
   */
  public Map<String, Object> tree() {
    return JsonTree.readObject(new String(json, StandardCharsets.UTF_8));
  }

  /** {@code form}'s fields as the JSON object {@code schema} describes. */
  public static String formToJson(Map<String, List<String>> form, Schema schema) {
    Node root = new Node();
    Map<String, ?> declared = schema == null || schema.getProperties() == null ? Map.of() : schema.getProperties();
    for (Map.Entry<String, List<String>> field : form.entrySet()) {
      Node node = root;
      // A member whose name has brackets (AddOrder's flat `close[ordertype]`) is that member, not nesting.
      List<String> path = declared.containsKey(field.getKey()) ? List.of(field.getKey()) : segments(field.getKey());
      for (String segment : path) {
        node = node.children.computeIfAbsent(segment, s -> new Node());
      }
      node.values.addAll(field.getValue());
    }
    Buffer buffer = new Buffer();
    try (JsonWriter writer = JsonWriter.of(buffer)) {
      writeObject(writer, root, schema);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a Buffer does not fail
    }
    return buffer.readUtf8();
  }

  /** {@code orders[0][ordertype]} as {@code orders}, {@code 0}, {@code ordertype}; {@code txid[]} ends with "". */
  static List<String> segments(String key) {
    List<String> segments = new ArrayList<>();
    int open = key.indexOf('[');
    if (open <= 0 || !key.endsWith("]") || key.lastIndexOf(']', open) >= 0) {
      segments.add(key);
      return segments;
    }
    segments.add(key.substring(0, open));
    int at = open;
    while (at < key.length()) {
      int close = key.indexOf(']', at);
      if (key.charAt(at) != '[' || close < 0) {
        return List.of(key); // not bracket notation after all: the key as it is
      }
      segments.add(key.substring(at + 1, close));
      at = close + 1;
    }
    return segments;
  }

  /** The form's fields at one level, before they meet the schema. */
  private static final class Node {
    final Map<String, Node> children = new LinkedHashMap<>();
    final List<String> values = new ArrayList<>();
  }

  private static void write(JsonWriter writer, Node node, Schema schema) throws IOException {
    String type = type(schema);
    if ("array".equals(type)) {
      writeArray(writer, node, schema.getItems());
    } else if ("object".equals(type) || !node.children.isEmpty()) {
      if (!node.values.isEmpty() && node.children.isEmpty()) {
        writeValues(writer, node.values, schema); // a value where an object belongs: the contract refuses it
      } else {
        writeObject(writer, node, schema);
      }
    } else {
      writeValues(writer, node.values, schema);
    }
  }

  private static void writeValues(JsonWriter writer, List<String> values, Schema schema) throws IOException {
    if (values.size() == 1) {
      writeScalar(writer, values.get(0), schema);
      return;
    }
    writer.beginArray(); // a key repeated where the schema wants one value: the contract refuses it
    for (String value : values) {
      writeScalar(writer, value, schema);
    }
    writer.endArray();
  }

  private static void writeObject(JsonWriter writer, Node node, Schema schema) throws IOException {
    writer.beginObject();
    List<String> required = schema == null ? List.of() : schema.getRequired();
    for (Map.Entry<String, Node> member : node.children.entrySet()) {
      Node value = member.getValue();
      if (value.children.isEmpty() && value.values.size() == 1 && value.values.get(0).isEmpty()
          && !required.contains(member.getKey())) {
        continue; // an empty optional field (price2=) is absent, as the service reads it
      }
      writer.name(member.getKey());
      write(writer, member.getValue(), memberSchema(schema, member.getKey()));
    }
    writer.endObject();
  }

  private static void writeArray(JsonWriter writer, Node node, Schema items) throws IOException {
    writer.beginArray();
    for (String value : node.values) { // txid=A&txid=B
      Node element = new Node();
      element.values.add(value);
      write(writer, element, items);
    }
    TreeMap<Integer, Node> indexed = new TreeMap<>();
    List<Node> appended = new ArrayList<>();
    for (Map.Entry<String, Node> child : node.children.entrySet()) {
      if (child.getKey().isEmpty()) { // txid[]=A
        for (String value : child.getValue().values) {
          Node element = new Node();
          element.values.add(value);
          appended.add(element);
        }
      } else if (child.getKey().matches("[0-9]{1,9}")) { // orders[0][...]
        indexed.put(Integer.parseInt(child.getKey()), child.getValue());
      } else {
        appended.add(child.getValue()); // not an index: kept, for the contract to judge
      }
    }
    for (Node element : indexed.values()) {
      write(writer, element, items);
    }
    for (Node element : appended) {
      write(writer, element, items);
    }
    writer.endArray();
  }

  /** One value as the schema's type, when the text reads as that type; else the text. */
  private static void writeScalar(JsonWriter writer, String text, Schema schema) throws IOException {
    for (String type : scalarTypes(schema)) {
      switch (type) {
        case "integer" -> {
          if (INTEGER.matcher(text).matches()) {
            writeNumber(writer, new BigInteger(text).toString());
            return;
          }
        }
        case "number" -> {
          if (JSON_NUMBER.matcher(text).matches()) {
            writeNumber(writer, text);
            return;
          }
          try {
            writeNumber(writer, new BigDecimal(text).toPlainString()); // "1.", ".5", "+2"
            return;
          } catch (NumberFormatException notANumber) {
            // tried the next type
          }
        }
        case "boolean" -> {
          Boolean value = Text.bool(text);
          if (value != null) {
            writer.value(value);
            return;
          }
        }
        default -> { }
      }
    }
    writer.value(text);
  }

  private static void writeNumber(JsonWriter writer, String digits) throws IOException {
    try (BufferedSink sink = writer.valueSink()) {
      sink.writeUtf8(digits);
    }
  }

  /**
   * The types a scalar may take, most specific first: the schema's own, or each alternative of a
   * {@code oneOf}/{@code anyOf} (so that {@code 123} is an integer where a string would do too).
   */
  private static List<String> scalarTypes(Schema schema) {
    List<String> types = new ArrayList<>();
    if (schema == null) {
      return types;
    }
    List<Schema> alternatives = new ArrayList<>();
    if (schema.getOneOf() != null) {
      alternatives.addAll(schema.getOneOf());
    }
    if (schema.getAnyOf() != null) {
      alternatives.addAll(schema.getAnyOf());
    }
    if (schema.getType() != null) {
      types.add(schema.getType());
    }
    for (String preferred : List.of("integer", "number", "boolean")) {
      for (Schema alternative : alternatives) {
        if (preferred.equals(type(alternative)) && !types.contains(preferred)) {
          types.add(preferred);
        }
      }
    }
    return types;
  }

  /** The schema of member {@code name} of an object schema (its {@code allOf} parts included), or null. */
  @SuppressWarnings("rawtypes")
  private static Schema memberSchema(Schema schema, String name) {
    if (schema == null) {
      return null;
    }
    if (schema.getProperties() != null && schema.getProperties().containsKey(name)) {
      return schema.getProperties().get(name);
    }
    if (schema.getAllOf() != null) {
      for (Schema part : schema.getAllOf()) {
        Schema found = memberSchema(part, name);
        if (found != null) {
          return found;
        }
      }
    }
    return schema.getAdditionalProperties() instanceof Schema values ? values : null;
  }

  /** The schema's type, {@code object} for one with members, or null. */
  private static String type(Schema schema) {
    if (schema == null) {
      return null;
    }
    if (schema.getType() != null) {
      return schema.getType();
    }
    if (schema.getItems() != null) {
      return "array";
    }
    return schema.getProperties() != null || schema.getAllOf() != null
        || schema.getAdditionalProperties() instanceof Schema ? "object" : null;
  }

  @Override
  public String toString() {
    return "BodyParameters{" + (form ? "form" : "json") + "}";
  }
}
