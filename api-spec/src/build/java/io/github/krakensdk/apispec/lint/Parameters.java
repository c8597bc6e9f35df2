package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Where each parameter is defined: under {@code components/parameters} or inline; a {@code $ref} is not a definition. */
final class Parameters {
  record Definition(String pointer, JsonNode parameter) {
    String name() {
      return parameter.path("name").asText("");
    }

    String in() {
      return parameter.path("in").asText("");
    }

  }

  private Parameters() {}

  static List<Definition> of(Contract contract) {
    List<Definition> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : contract.root().path("components").path("parameters").properties()) {
      if (!e.getValue().has("$ref")) out.add(new Definition("/components/parameters/" + Contract.escape(e.getKey()), e.getValue()));
    }
    paths(contract.root().path("paths"), "/paths", out);
    return out;
  }

  private static void paths(JsonNode paths, String pointer, List<Definition> out) {
    for (Map.Entry<String, JsonNode> path : paths.properties()) {
      String pathPointer = pointer + "/" + Contract.escape(path.getKey());
      inline(path.getValue(), pathPointer, out);
      for (String method : Contract.METHODS) {
        JsonNode op = path.getValue().get(method);
        if (op == null || !op.isObject()) continue;
        inline(op, pathPointer + "/" + method, out);
        for (Map.Entry<String, JsonNode> cb : op.path("callbacks").properties()) {
          paths(cb.getValue(), pathPointer + "/" + method + "/callbacks/" + Contract.escape(cb.getKey()), out);
        }
      }
    }
  }

  private static void inline(JsonNode holder, String pointer, List<Definition> out) {
    JsonNode parameters = holder.path("parameters");
    for (int i = 0; i < parameters.size(); i++) {
      JsonNode p = parameters.get(i);
      if (!p.has("$ref")) out.add(new Definition(pointer + "/parameters/" + i, p));
    }
  }
}
