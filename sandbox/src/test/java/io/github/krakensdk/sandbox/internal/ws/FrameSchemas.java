package io.github.krakensdk.sandbox.internal.ws;

import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The contract's check of a frame: {@code api-spec/ws/websocket.yaml} (kraken-api-spec, on the test
 * classpath) routes each message to its schema by its {@code x-kraken-ws-*} extensions (a reply by
 * {@code method} and {@code success}, a channel message by {@code channel} and {@code type}), and
 * swagger-request-validator checks the frame against it.
 */
final class FrameSchemas {
  static final String RESOURCE = "kraken/openapi/ws/websocket.yaml";
  private static final OpenAPI API = load();
  private static final SchemaValidator VALIDATOR = new SchemaValidator(API, new MessageResolver(
      LevelResolver.create().build()));

  private FrameSchemas() {}

  private static OpenAPI load() {
    try (InputStream in = FrameSchemas.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the test classpath (kraken-api-spec)");
      }
      ParseOptions options = new ParseOptions();
      options.setResolve(true);
      return new OpenAPIV3Parser().readContents(new String(in.readAllBytes(), StandardCharsets.UTF_8), null, options)
          .getOpenAPI();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The name of the schema a frame must match. */
  static String schemaOf(Map<String, Object> frame) {
    Object method = frame.get("method");
    if (method != null) {
      if (Boolean.FALSE.equals(frame.get("success"))) {
        return "ErrorReply";
      }
      return find(schema -> method.equals(ext(schema, "x-kraken-ws-method"))
          && (method.equals("pong") || Boolean.TRUE.equals(ext(schema, "x-kraken-ws-success"))), "method " + method);
    }
    Object channel = frame.get("channel");
    Object type = frame.get("type");
    return find(schema -> channel != null && channel.equals(ext(schema, "x-kraken-ws-channel"))
        && (type == null ? ext(schema, "x-kraken-ws-type") == null
            : ext(schema, "x-kraken-ws-type") instanceof List<?> types && types.contains(type)),
        "channel " + channel + " type " + type);
  }

  /** What the frame's schema finds wrong with it (empty when it matches). */
  static List<String> check(String text) {
    Map<String, Object> frame = WsClient.parse(text);
    String name;
    try {
      name = schemaOf(frame);
    } catch (IllegalArgumentException e) {
      return List.of(e.getMessage() + ": " + text);
    }
    ValidationReport report = VALIDATOR.validate(text, API.getComponents().getSchemas().get(name), "ws");
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(name + ": " + message.getMessage() + " in " + text);
      }
    }
    return problems;
  }

  private static Object ext(Schema<?> schema, String name) {
    return schema.getExtensions() == null ? null : schema.getExtensions().get(name);
  }

  private static String find(java.util.function.Predicate<Schema<?>> wanted, String what) {
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, Schema> entry : API.getComponents().getSchemas().entrySet()) {
      if (wanted.test(entry.getValue())) {
        names.add(entry.getKey());
      }
    }
    if (names.size() != 1) {
      throw new IllegalArgumentException("the contract has " + names + " for " + what);
    }
    return names.get(0);
  }
}
