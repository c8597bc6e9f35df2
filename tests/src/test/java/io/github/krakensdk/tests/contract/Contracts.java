package io.github.krakensdk.tests.contract;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * Loads the four contracts from the classpath (the published {@code kraken-api-spec} jar), once
 * per test JVM, and holds the JSON set-up every test shares.
 */
public final class Contracts {
  /** Jackson for JSON and YAML trees; floats become BigDecimal so that no digit is lost. */
  public static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  public static final ObjectMapper YAML = new YAMLMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private static final Map<Family, Contract> CACHE = new EnumMap<>(Family.class);
  private static Moshi moshi;

  private Contracts() {}

  /** The contract of {@code family}, parsed with swagger-parser and also kept as a raw YAML tree. */
  public static synchronized Contract get(Family family) {
    return CACHE.computeIfAbsent(family, Contracts::load);
  }

  /** The text of the published contract. */
  public static String text(Family family) {
    try (InputStream in = Contracts.class.getClassLoader().getResourceAsStream(family.resource())) {
      if (in == null) {
        throw new IllegalStateException(family.resource() + " is not on the classpath (kraken-api-spec jar)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses {@code text} as the tests do: references resolved, nothing flattened. */
  public static SwaggerParseResult parse(String text) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    return new OpenAPIV3Parser().readContents(text, null, options);
  }

  /** Moshi as the SDK builds it: the shared runtime adapters plus every family's registry. */
  public static synchronized Moshi moshi() {
    if (moshi == null) {
      Moshi.Builder builder = KrakenJson.newBuilder();
      for (Family family : Family.values()) {
        builder.add(family.adapterFactory());
      }
      moshi = builder.build();
    }
    return moshi;
  }

  /** Parses JSON text into a tree that keeps every digit. */
  public static JsonNode readJson(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String writeJson(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Contract load(Family family) {
    String text = text(family);
    SwaggerParseResult result = parse(text);
    if (result.getOpenAPI() == null) {
      throw new IllegalStateException(family.fileName() + " does not parse: " + result.getMessages());
    }
    try {
      return new Contract(family, text, YAML.readTree(text), result.getOpenAPI());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
