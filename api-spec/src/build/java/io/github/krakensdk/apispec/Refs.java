package io.github.krakensdk.apispec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code $ref}s written in a tree, example values left out (they are data, not references). */
public final class Refs {
  /** One reference: where it is written and what it names. */
  public record Ref(String pointer, String target) {
    /** True for a reference into the same file ({@code #/...}). */
    public boolean isLocal() {
      return target.startsWith("#/");
    }
  }

  private Refs() {}

  /** Every {@code $ref} under {@code node}, whose own pointer is {@code pointer}. */
  public static List<Ref> under(JsonNode node, String pointer) {
    List<Ref> refs = new ArrayList<>();
    walk(node, pointer, null, refs);
    return refs;
  }

  private static void walk(JsonNode node, String pointer, String key, List<Ref> out) {
    if (node.isObject()) {
      JsonNode ref = node.get("$ref");
      if (ref != null && ref.isTextual()) out.add(new Ref(pointer, ref.asText()));
      boolean propertyNames = "properties".equals(key); // there "example" is just a property's name
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        String child = e.getKey();
        if (!propertyNames && child.equals("example")) continue;
        if (child.equals("value") && "examples-entry".equals(key)) continue;
        String childKey = !propertyNames && "examples".equals(key) ? "examples-entry" : propertyNames ? "property" : child;
        walk(e.getValue(), pointer + "/" + Contract.escape(child), childKey, out);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) walk(node.get(i), pointer + "/" + i, null, out);
    }
  }
}
