package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.Map;

/**
 * Every operation shows at least one response example (of a body, or of a header of an answer
 * without one, such as a redirect's {@code Location}), and every response body (a media type
 * with a schema, in an operation or under {@code components/responses}) carries {@code example}
 * or non-empty {@code examples}. Option {@code callbacks}: whether callback operations are held
 * to it too (their responses are the receiver's, usually without a body).
 */
final class ResponseExampleRule implements Rule {
  @Override public String id() {
    return "operation-response-example";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    boolean callbacks = options.bool("callbacks", true);
    for (Contract.Operation op : contract.operations()) {
      if (op.callback() && !callbacks) continue;
      int examples = 0;
      for (Map.Entry<String, JsonNode> r : op.node().path("responses").properties()) {
        JsonNode response = r.getValue();
        String pointer = op.pointer() + "/responses/" + Contract.escape(r.getKey());
        if (response.has("$ref")) {
          pointer = response.get("$ref").asText().substring(1);
          response = contract.resolve(response);
        }
        examples += bodies(response, pointer, report) + headerExamples(response);
      }
      if (examples == 0) report.at(op.pointer() + "/responses", op.label() + " has no response example");
    }
    for (Map.Entry<String, JsonNode> r : contract.root().path("components").path("responses").properties()) {
      bodies(r.getValue(), "/components/responses/" + Contract.escape(r.getKey()), report);
    }
  }

  /**
   * Examples of the response's headers: the example of an answer without a body (a redirect's
   * {@code Location}, such as the OAuth authorization page's).
   */
  private static int headerExamples(JsonNode response) {
    int examples = 0;
    for (Map.Entry<String, JsonNode> header : response.path("headers").properties()) {
      examples += (header.getValue().has("example") ? 1 : 0) + header.getValue().path("examples").size();
    }
    return examples;
  }

  /** Reports bodies without an example; returns how many examples the response has. */
  private static int bodies(JsonNode response, String pointer, Report report) {
    int examples = 0;
    for (Map.Entry<String, JsonNode> media : response.path("content").properties()) {
      JsonNode body = media.getValue();
      int here = (body.has("example") ? 1 : 0) + body.path("examples").size();
      if (here == 0 && body.has("schema")) {
        report.at(pointer + "/content/" + Contract.escape(media.getKey()), "response body " + media.getKey() + " has no example");
      }
      examples += here;
    }
    return examples;
  }
}
