package io.github.krakensdk.apispec.reference;

import java.util.List;

/**
 * The view model the reference templates render: plain records, built from the YAML by
 * {@link PageBuilder}. Fields ending in {@code Html} hold CommonMark already rendered (and
 * escaped) by {@link Html#markdown}; every other string is text the engine escapes. A null
 * field is absent: its section is left out.
 */
final class View {
  private View() {}

  /** {@code index.mustache}. */
  record Index(String version, List<Family> families, List<Family> streams) {}

  record Family(String name, String page, String title, long operations, String file) {}

  /** {@code family.mustache}: one family's page. */
  record Page(String title, String version, String openapi, String file, Prose prose, List<Toc> toc,
      List<Text> contents, List<Server> servers, List<Tag> tags, List<Extension> extensions, Security security,
      List<Operation> operations, List<Named> schemas, List<Named> sharedParameters, List<Named> sharedResponses,
      List<Group> otherComponents, List<Scheme> securitySchemes) {}

  /** {@code asyncapi.mustache}: the page of an AsyncAPI file. */
  record AsyncPage(String title, String version, String asyncapi, String file, String descriptionHtml,
      List<AsyncServer> servers, List<AsyncChannel> channels, List<AsyncOperation> operations) {}

  record AsyncServer(String name, String url, String description) {}

  record AsyncChannel(String anchor, String name, String description, List<String> servers, List<MessageLink> messages) {}

  record AsyncOperation(String anchor, String name, String action, String channel, String channelAnchor, String summary,
      List<MessageLink> messages, List<MessageLink> replies) {}

  /** A message, linked to its payload schema's section on the OpenAPI page. */
  record MessageLink(String name, String href) {}

  /** A description and a design decision, each Markdown rendered, either absent. */
  record Prose(String descriptionHtml, String decisionHtml) {}

  record Toc(Method method, String path, String anchor, String operationId, boolean callback, String summary) {}

  record Method(String name, String label) {}

  record Server(String url, String description) {}

  record Tag(String name, String descriptionHtml) {}

  record Extension(String name, String value) {}

  /** Security requirements: none (public), or alternatives each needing every scheme it names. */
  record Security(boolean open, List<Alternative> alternatives) {}

  record Alternative(List<SchemeUse> schemes) {}

  record SchemeUse(String name, String anchor, List<String> scopes) {}

  record Operation(String anchor, Method method, String path, boolean callback, String operationId, List<String> tags,
      String summary, Prose prose, Security security, List<Server> servers, boolean deprecated,
      List<Extension> extensions, List<Parameter> parameters, Body requestBody, List<Response> responses,
      List<Callback> callbacks) {}

  record Parameter(String name, String in, List<Text> type, boolean required, List<Text> shared, Prose prose,
      List<List<Text>> notes, String scalarExample, List<Example> examples, List<Extension> extensions) {}

  record Body(boolean required, List<Text> shared, Prose prose, List<Media> media) {}

  record Response(String anchor, String status, boolean otherwise, List<Text> shared, Prose prose, ResponseBody body) {}

  record ResponseBody(Prose prose, List<Header> headers, List<Media> media) {}

  record Header(String name, List<Text> type, Prose prose) {}

  record Media(String name, List<Text> type, Schema schema, List<Example> examples) {}

  record Example(String name, String summary, String json, List<Text> shared) {}

  record Callback(String name, List<CallbackOperation> operations) {}

  record CallbackOperation(Method method, String path, String anchor, String operationId) {}

  /** What a schema says besides its type: description, notes, values, members, properties. */
  record Schema(Prose prose, List<List<Text>> notes, List<String> values, List<Composition> compositions,
      List<Property> properties, Schema map, String scalarExample, List<Example> examples,
      List<Extension> extensions) {}

  record Composition(String label, List<Member> members) {}

  record Member(List<Text> type, Schema schema) {}

  record Property(String name, List<Text> type, boolean required, Prose prose, List<List<Text>> notes, Schema nested,
      Schema items, String scalarExample, List<Example> examples, List<Extension> extensions) {}

  /** A named component: a schema, a shared parameter or a shared response, with its page anchor. */
  record Named(String anchor, String name, List<Text> type, Schema schema, List<Parameter> parameters,
      ResponseBody response) {}

  /** Request bodies, headers and examples kept under components. */
  record Group(String id, String title, List<Entry> entries) {}

  record Entry(String anchor, String name, Prose prose, List<Media> media, List<Text> type, List<Example> examples) {}

  record Scheme(String anchor, String name, String type, String in, String parameter, String scheme,
      String bearerFormat, Prose prose, List<Flow> flows) {}

  record Flow(String name, List<Extension> urls, List<Extension> scopes) {}

  /**
   * A piece of inline text: plain text, a code span, a link to an anchor on the page shown as
   * code, or an emphasized word. Types, constraints and security lines are lists of these.
   */
  record Text(String text, String code, String href, String emphasis) {
    static Text plain(String text) {
      return new Text(text, null, null, null);
    }

    static Text code(String code) {
      return new Text(null, code, null, null);
    }

    static Text link(String anchor, String code) {
      return new Text(null, code, anchor, null);
    }

    static Text em(String word) {
      return new Text(null, null, null, word);
    }
  }
}
