package io.github.krakensdk.apispec.reference;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.reference.View.Family;
import io.github.krakensdk.apispec.reference.View.Index;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The HTML reference of the contract: one static page per family and an index linking them.
 *
 * <pre>{@code
 * ReferencePages.write(List.of(spot, futures, oauth, embed), "0.1.0", Path.of("target/reference"));
 * // target/reference/index.html, spot.html, futures.html, oauth.html, embed.html
 * }</pre>
 *
 * <p>The layout is a set of Mustache templates under {@code reference/} on the class path
 * ({@code index.mustache}, {@code family.mustache} and its partials): a designer changes the pages
 * there. This class only reads the YAML tree, in the file's order, into a plain view model
 * ({@link View}) so that everything the file says is on the pages: every operation (callbacks
 * included) with its parameters, body, responses by status, headers and every named example;
 * every named schema with its properties, constraints, enum values and extensions; shared
 * parameters and responses; security schemes; and every {@code x-kraken-decision} as a marked
 * "Design decision" note.
 *
 * <p>The engine escapes every {@code {{value}}}; the only raw insertions are descriptions and
 * decisions, which are CommonMark rendered with raw HTML escaped and URLs sanitized
 * ({@link Html#markdown}). A page is one file with its style inline: no script, no font, no image,
 * nothing fetched when it is viewed, so it reads the same offline and from inside the zip.
 *
 * <p>Why not OpenAPI Generator's {@code html} output: it shows examples made up from the
 * schemas instead of the contract's named examples, drops request-body examples, and its
 * templates cannot escape raw values; {@code html2} loads a web font from a CDN and draws the
 * schemas with scripts.
 */
public final class ReferencePages {
  private static final String TEMPLATES = "reference/";
  private static final Mustache.Compiler COMPILER = Mustache.compiler()
      .withEscaper(Html.ESCAPER)
      .defaultValue("")
      .withLoader(name -> reader(name + ".mustache"));
  private static final Template INDEX = template("index");
  private static final Template FAMILY = template("family");
  private static final Template ASYNCAPI = template("asyncapi");

  /**
   * A WebSocket contract: its OpenAPI file of message schemas ({@code ws/websocket.yaml}) and the
   * AsyncAPI file of its servers, channels and operations beside it.
   */
  public record Stream(Contract openApi, Contract asyncApi) {
    public Stream {
      Objects.requireNonNull(openApi, "openApi == null");
      Objects.requireNonNull(asyncApi, "asyncApi == null");
    }
  }

  private ReferencePages() {}

  /** Writes {@code index.html} and one {@code <family>.html} per contract into {@code dir}. */
  public static void write(List<Contract> contracts, String version, Path dir) throws IOException {
    write(contracts, List.of(), version, dir);
  }

  /**
   * {@link #write(List, String, Path)}, and for each WebSocket contract the page of its OpenAPI
   * file ({@code websocket.html}) and of its AsyncAPI file ({@code websocket.asyncapi.html}).
   */
  public static void write(List<Contract> contracts, List<Stream> streams, String version, Path dir) throws IOException {
    Objects.requireNonNull(contracts, "contracts == null");
    Objects.requireNonNull(streams, "streams == null");
    Objects.requireNonNull(version, "version == null");
    Files.createDirectories(dir);
    for (Contract contract : contracts) {
      Files.writeString(dir.resolve(pageName(contract)), page(contract), StandardCharsets.UTF_8);
    }
    for (Stream stream : streams) {
      Files.writeString(dir.resolve(pageName(stream.openApi())), page(stream.openApi()), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(pageName(stream.asyncApi())), asyncApiPage(stream.asyncApi()), StandardCharsets.UTF_8);
    }
    Files.writeString(dir.resolve("index.html"), index(contracts, streams, version), StandardCharsets.UTF_8);
  }

  /** The page of an AsyncAPI file: servers, channels, operations and replies, messages linked to their schemas. */
  public static String asyncApiPage(Contract asyncApi) {
    Objects.requireNonNull(asyncApi, "asyncApi == null");
    return ASYNCAPI.execute(new AsyncApiPageBuilder(asyncApi).build());
  }

  /** {@code spot.html} for {@code spot.yaml}. */
  public static String pageName(Contract contract) {
    return contract.family() + ".html";
  }

  /** The index: one line per family, with its page and its YAML as placed in the zip. */
  public static String index(List<Contract> contracts, String version) {
    return index(contracts, List.of(), version);
  }

  /**
   * The index with the WebSocket contracts: a line for each OpenAPI file (counting its messages:
   * the schemas with routing extensions) and one for its AsyncAPI file (counting its operations).
   */
  public static String index(List<Contract> contracts, List<Stream> streams, String version) {
    Objects.requireNonNull(version, "version == null");
    List<Family> streamRows = new ArrayList<>();
    for (Stream stream : streams) {
      Contract openApi = stream.openApi();
      long messages = 0;
      for (var schema : openApi.root().path("components").path("schemas")) {
        if (schema.has("x-kraken-ws-method") || schema.has("x-kraken-ws-channel") || schema.has("x-kraken-ws-success")) {
          messages++;
        }
      }
      streamRows.add(new Family("WebSocket messages", pageName(openApi), openApi.root().path("info").path("title")
          .asText(openApi.family()), messages, openApi.fileName()));
      Contract asyncApi = stream.asyncApi();
      streamRows.add(new Family("WebSocket (AsyncAPI)", pageName(asyncApi), asyncApi.root().path("info").path("title")
          .asText(asyncApi.family()), asyncApi.root().path("operations").size(), asyncApi.fileName()));
    }
    List<Family> families = new ArrayList<>();
    for (Contract c : contracts) {
      long operations = c.operations().stream().filter(op -> !op.callback()).count();
      families.add(new Family(displayName(c), pageName(c), c.root().path("info").path("title").asText(c.family()),
          operations, c.fileName()));
    }
    return INDEX.execute(new Index(version, families, streamRows));
  }

  /** The page of one family. */
  public static String page(Contract contract) {
    Objects.requireNonNull(contract, "contract == null");
    return FAMILY.execute(new PageBuilder(contract).build());
  }

  /** The family's tag (Spot, Futures, OAuth, Embed): one tag per file; else the file name, capitalized. */
  private static String displayName(Contract contract) {
    String tag = contract.root().path("tags").path(0).path("name").asText("");
    if (!tag.isEmpty()) return tag;
    String name = contract.family();
    return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  private static Template template(String name) {
    try (Reader reader = reader(name + ".mustache")) {
      return COMPILER.compile(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Reader reader(String name) {
    InputStream in = ReferencePages.class.getClassLoader().getResourceAsStream(TEMPLATES + name);
    if (in == null) throw new IllegalStateException("template " + TEMPLATES + name + " is not on the class path");
    return new InputStreamReader(in, StandardCharsets.UTF_8);
  }
}
