package io.github.krakensdk.apispec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The README's table of differences from the public service, made from the contracts'
 * {@code x-kraken-public-service} ({@link PublicService}): one row per operation path and header,
 * one per schema for its renamed members (with one evidence), in family then file order. The README
 * holds it between {@link #START} and {@link #END}; {@link #replaceIn} puts a fresh one there.
 */
public final class PublicServiceTable {
  /** The line before the table in README.md. */
  public static final String START = "<!-- public-service-differences: generated from x-kraken-public-service by"
      + " api-spec's ContractBuild; do not edit by hand -->";
  /** The line after the table in README.md. */
  public static final String END = "<!-- public-service-differences: end -->";

  private PublicServiceTable() {}

  /** The table, a Markdown string ending with a newline. */
  public static String markdown(List<Contract> contracts) {
    StringBuilder out = new StringBuilder()
        .append("| family | what | the contract (`WireProfile.CONTRACT`) | the public service (`WireProfile.PUBLIC_SERVICE`) | evidence |\n")
        .append("|---|---|---|---|---|\n");
    for (Contract contract : contracts) {
      String family = contract.root().path("tags").path(0).path("name").asText(contract.family());
      Map<String, List<PublicService.Divergence>> members = new LinkedHashMap<>();
      List<List<PublicService.Divergence>> rows = new ArrayList<>();
      for (PublicService.Divergence d : PublicService.of(contract).divergences()) {
        if (d.kind() == PublicService.Kind.MEMBER) {
          List<PublicService.Divergence> group = members.get(d.schema() + "\n" + d.evidence());
          if (group == null) {
            group = new ArrayList<>();
            members.put(d.schema() + "\n" + d.evidence(), group);
            rows.add(group);
          }
          group.add(d);
        } else {
          rows.add(List.of(d));
        }
      }
      for (List<PublicService.Divergence> row : rows) {
        PublicService.Divergence first = row.get(0);
        String what = switch (first.kind()) {
          case PATH -> "path of `" + first.where() + "`";
          case HEADER -> "header `" + first.contractForm() + "`";
          case MEMBER -> "members of `" + first.schema() + "`";
        };
        List<String> contractForms = new ArrayList<>();
        List<String> serviceForms = new ArrayList<>();
        for (PublicService.Divergence d : row) {
          contractForms.add(code(d.kind() == PublicService.Kind.PATH ? d.method() + " " + d.contractForm() : d.contractForm()));
          serviceForms.add(serviceForm(d));
        }
        out.append("| ").append(family)
            .append(" | ").append(what)
            .append(" | ").append(String.join(", ", contractForms))
            .append(" | ").append(String.join(", ", serviceForms))
            .append(" | ").append(cell(first.evidence()))
            .append(" |\n");
      }
    }
    return out.toString();
  }

  /** One difference in words, for the variant's description. */
  static String sentence(PublicService.Divergence d) {
    return switch (d.kind()) {
      case PATH -> "`" + d.where() + "` is at `" + d.method() + " " + d.serviceForms().get(0) + "` (the contract: `"
          + d.contractForm() + "`).";
      case HEADER -> "the header `" + d.contractForm() + "` is sent as " + serviceForm(d) + ".";
      case MEMBER -> "`" + d.where() + "` is `" + d.serviceForms().get(0) + "`.";
    };
  }

  private static String serviceForm(PublicService.Divergence d) {
    return switch (d.kind()) {
      case PATH -> code(d.method() + " " + d.serviceForms().get(0));
      case HEADER -> d.serviceForms().size() == 1 ? code(d.serviceForms().get(0))
          : String.join(" and ", d.serviceForms().stream().map(PublicServiceTable::code).toList()) + " (both sent, same value)";
      case MEMBER -> code(d.serviceForms().get(0));
    };
  }

  /**
   * {@code readme} with the table between its markers replaced by {@code table}.
   *
   * @throws IllegalArgumentException if the markers are missing or out of order
   */
  public static String replaceIn(String readme, String table) {
    Objects.requireNonNull(readme, "readme == null");
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("README.md has no table markers: the lines\n" + START + "\n" + END);
    }
    return readme.substring(0, start + START.length()) + "\n" + table + readme.substring(end);
  }

  /** The table between the markers of {@code readme}, or null without markers. */
  public static String currentIn(String readme) {
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    if (start < 0 || end < start) return null;
    return readme.substring(start + START.length() + 1, end);
  }

  /** Rewrites the table of the README at {@code readme}; true if it changed. */
  public static boolean update(Path readme, String table) throws IOException {
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    String updated = replaceIn(text, table);
    if (updated.equals(text)) return false;
    Files.writeString(readme, updated, StandardCharsets.UTF_8);
    return true;
  }

  private static String code(String text) {
    return "`" + text + "`";
  }

  /** Text for one table cell: one line, no pipe. */
  private static String cell(String text) {
    return text.replaceAll("\\s+", " ").trim().replace("|", "\\|");
  }
}
