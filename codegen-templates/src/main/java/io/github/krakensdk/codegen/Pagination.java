package io.github.krakensdk.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenOperation;
import org.openapitools.codegen.CodegenProperty;

/**
 * {@code x-kraken-pagination} on an operation (CONVENTIONS.md): how its pages follow one another,
 * made into the Java of the service's {@code ...Pages} and {@code ...PagesAsync} methods. The
 * generated method drives the runtime's {@code Paging} engine; this class writes the expression
 * that picks the style and reads the members ({@value #WALK}), the item type ({@value #ITEM_TYPE})
 * and a sentence for the Javadoc ({@value #DOC}).
 *
 * <p>The extension's members: {@code style} ({@code offset}, {@code since}, {@code cursor} or
 * {@code page-number}); {@code request}, the request member carrying the position; {@code items},
 * the result member holding a page's items ({@code additionalProperties} for the rows under a
 * map's keys); {@code next}, the result member with the next position (since, cursor) or the link
 * to the next page (page-number); {@code total}, the number of matching items (offset) or of pages
 * (page-number), a dotted path into the result; {@code item-key}, the item member by which items
 * the service repeats are recognised; {@code forming-after}, the item member that, after {@code
 * next}, marks an item still forming (since); {@code keep}, the request members a later cursor
 * page repeats (every member when absent).
 */
final class Pagination {
  static final String EXTENSION = "x-kraken-pagination";
  /** Set on a pageable operation: the {@code Paging} expression up to the call. */
  static final String WALK = "x-gen-paging-walk";
  /** Set on a pageable operation: the Java type of one item. */
  static final String ITEM_TYPE = "x-gen-paging-item-type";
  /** Set on a pageable operation: how the pages follow one another, for Javadoc. */
  static final String DOC = "x-gen-paging-doc";

  private static final String PAGING = "io.github.krakensdk.runtime.internal.Paging";

  private Pagination() {}

  /**
   * Marks {@code operation} when it declares {@value #EXTENSION}.
   *
   * @param requestClass the operation's request class; a pageable operation has one.
   * @param resultType the operation's result type, a page.
   * @param models the models by class name, null for none.
   */
  static void mark(CodegenOperation operation, String requestClass, String resultType,
      Function<String, CodegenModel> models) {
    Object declared = operation.vendorExtensions.get(EXTENSION);
    if (declared == null) {
      return;
    }
    String at = operation.operationId + " " + EXTENSION;
    if (!(declared instanceof Map<?, ?> pagination)) {
      throw new IllegalArgumentException(at + " must be an object");
    }
    if (requestClass == null) {
      throw new IllegalArgumentException(at + ": the operation takes no request, so it has no position");
    }
    CodegenModel request = models.apply(requestClass);
    CodegenModel page = models.apply(resultType);
    if (request == null || page == null) {
      throw new IllegalArgumentException(at + ": no model " + (request == null ? requestClass : resultType));
    }
    String style = text(pagination, "style", at);
    CodegenProperty position = member(request, text(pagination, "request", at), at);
    String positionSetter = position.name;
    String withPosition = "(query, position) -> " + following(pagination, request, positionSetter, at);
    String positionGetter = requestClass + "::" + position.name;
    String start;
    String doc;
    switch (style) {
      case "offset" -> {
        start = PAGING + ".offset(request, " + positionGetter + ", " + withPosition + ", "
            + accessor(page, text(pagination, "total", at), models, at) + ")";
        doc = "The first page is the request as given; each later one asks {@code " + position.baseName
            + "} past the items received, until it reaches {@code " + pagination.get("total")
            + "} or a page is empty.";
      }
      case "since" -> {
        start = PAGING + ".since(request, " + positionGetter + ", " + withPosition + ", "
            + accessor(page, text(pagination, "next", at), at) + ")";
        doc = "The first page is the request as given; each later one asks {@code " + position.baseName
            + "} from the {@code " + pagination.get("next") + "} of the page before, until a page is empty or its {@code "
            + pagination.get("next") + "} does not move.";
      }
      case "cursor" -> {
        start = PAGING + ".cursor(\"" + operation.operationId + "\", request, " + positionGetter + ", " + withPosition
            + ", " + accessor(page, text(pagination, "next", at), at) + ")";
        doc = "The first page is the request as given; each later one sends the {@code " + pagination.get("next")
            + "} of the page before as {@code " + position.baseName + "}"
            + (pagination.get("keep") == null ? "" : " with " + codeList(pagination.get("keep")))
            + ", until a page has none.";
      }
      case "page-number" -> {
        Object next = pagination.get("next");
        start = PAGING + ".pageNumber(request, " + positionGetter + ", " + withPosition + ", "
            + accessor(page, text(pagination, "total", at), models, at) + ", "
            + (next == null ? "page -> null" : accessor(page, String.valueOf(next), models, at)) + ")";
        doc = "Each page is the request as given with the next {@code " + position.baseName + "} (from 1), up to {@code "
            + pagination.get("total") + "}" + (next == null ? "" : " or, without it, a page without {@code " + next + "}")
            + ".";
      }
      default -> throw new IllegalArgumentException(at + ": style " + style
          + " is none of offset, since, cursor, page-number");
    }
    String itemsName = text(pagination, "items", at);
    CodegenProperty items = "additionalProperties".equals(itemsName) ? mapRest(page, at) : member(page, itemsName, at);
    String walk;
    String itemType;
    Object key = pagination.get("item-key");
    Object forming = pagination.get("forming-after");
    if ("additionalProperties".equals(itemsName)) {
      CodegenProperty row = items.items.items;
      itemType = row.datatypeWithEnum;
      String list = "page -> " + PAGING + ".everyList(page." + items.name + "())";
      walk = itemsWalk(style, list, row, itemType, key, forming, page, pagination, models, at);
    } else if (items.isMap) {
      itemType = "Map.Entry<String, " + items.items.datatypeWithEnum + ">";
      walk = ".entries(" + resultType + "::" + items.name + ")";
    } else if (items.isArray) {
      itemType = items.items.datatypeWithEnum;
      walk = itemsWalk(style, resultType + "::" + items.name, items.items, itemType, key, forming, page, pagination,
          models, at);
    } else {
      throw new IllegalArgumentException(at + ": items " + itemsName + " is neither a list nor a map");
    }
    operation.vendorExtensions.put(WALK, start + "\n        " + walk);
    operation.vendorExtensions.put(ITEM_TYPE, itemType);
    operation.vendorExtensions.put(DOC, doc + itemsDoc(walk, key, forming, pagination));
  }

  /** What the walk does with items the service gives twice, for Javadoc. */
  private static String itemsDoc(String walk, Object key, Object forming, Map<?, ?> pagination) {
    if (walk.startsWith(".entries(")) {
      return " Each id is given once: entries that arrive during the walk shift the pages.";
    }
    if (forming != null) {
      return " An item whose {@code " + forming + "} is after the page's {@code " + pagination.get("next")
          + "} is still forming: each is given once, final, and the one still forming when the walk ends last.";
    }
    if (walk.startsWith(".newAtBoundary(")) {
      return " Items the page before gave again at the boundary are left out (recognised "
          + (key == null ? "by all of their values" : "by {@code " + key + "}") + ").";
    }
    if (walk.startsWith(".uniqueItems(")) {
      return " Each {@code " + key + "} is given once: items that arrive during the walk shift the pages.";
    }
    return "";
  }

  /** How a list's items are given: as sent, once by key, new at the boundary, or final after forming. */
  private static String itemsWalk(String style, String list, CodegenProperty item, String itemType, Object key,
      Object forming, CodegenModel page, Map<?, ?> pagination, Function<String, CodegenModel> models, String at) {
    CodegenModel itemModel = models.apply(item.datatypeWithEnum);
    if (forming != null) {
      String next = accessor(page, text(pagination, "next", at), at);
      return ".formingAfterNext(" + list + ", " + itemType + "::" + member(require(itemModel, item, at),
          String.valueOf(forming), at).name + ", " + next + ")";
    }
    if (key == null) {
      return "since".equals(style) ? ".newAtBoundary(" + list + ", item -> item)" : ".items(" + list + ")";
    }
    String keyAccessor = itemType + "::" + member(require(itemModel, item, at), String.valueOf(key), at).name;
    return ("since".equals(style) ? ".newAtBoundary(" : ".uniqueItems(") + list + ", " + keyAccessor + ")";
  }

  private static CodegenModel require(CodegenModel model, CodegenProperty item, String at) {
    if (model == null) {
      throw new IllegalArgumentException(at + ": the items " + item.datatypeWithEnum + " have no members");
    }
    return model;
  }

  /** The request of a later page: every member kept, or only those of {@code keep}. */
  private static String following(Map<?, ?> pagination, CodegenModel request, String setter, String at) {
    Object keep = pagination.get("keep");
    if (keep == null) {
      return "query.toBuilder()." + setter + "(position).build()";
    }
    StringBuilder built = new StringBuilder(request.classname + ".builder()");
    for (Object name : (List<?>) keep) {
      String member = member(request, String.valueOf(name), at).name;
      built.append('.').append(member).append("(query.").append(member).append("())");
    }
    return built.append('.').append(setter).append("(position).build()").toString();
  }

  /** A function from a page to the member at a dotted path, null where a step is missing. */
  private static String accessor(CodegenModel page, String path, String at) {
    return accessor(page, path, name -> null, at);
  }

  private static String accessor(CodegenModel page, String path, Function<String, CodegenModel> models, String at) {
    String[] steps = path.split("\\.");
    if (steps.length == 1) {
      return page.classname + "::" + member(page, path, at).name;
    }
    CodegenProperty outer = member(page, steps[0], at);
    // One level deep is all the contract uses (meta.total_pages); deeper paths would need the models of each step.
    if (steps.length != 2) {
      throw new IllegalArgumentException(at + ": " + path + " is deeper than one member of a member");
    }
    CodegenModel inner = models.apply(outer.datatypeWithEnum);
    if (inner == null) {
      throw new IllegalArgumentException(at + ": " + steps[0] + " of " + page.classname + " has no members");
    }
    return "(" + page.classname + " page) -> page." + outer.name + "() == null ? null : page." + outer.name + "()."
        + member(inner, steps[1], at).name + "()";
  }

  private static CodegenProperty member(CodegenModel model, String baseName, String at) {
    return model.vars.stream().filter(p -> p.baseName.equals(baseName)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(at + ": " + model.classname + " has no member " + baseName));
  }

  private static CodegenProperty mapRest(CodegenModel model, String at) {
    return model.vars.stream()
        .filter(p -> Boolean.TRUE.equals(p.vendorExtensions.get(ShapeExtensions.MAP_REST)))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(at + ": " + model.classname
            + " has no additionalProperties beside its members (x-kraken-map-name)"));
  }

  private static String text(Map<?, ?> pagination, String name, String at) {
    Object value = pagination.get(name);
    if (!(value instanceof String text) || text.isEmpty()) {
      throw new IllegalArgumentException(at + ": " + name + " is missing");
    }
    return text;
  }

  private static String codeList(Object names) {
    List<String> code = new ArrayList<>();
    for (Object name : (List<?>) names) {
      code.add("{@code " + name + "}");
    }
    return String.join(", ", code);
  }
}
