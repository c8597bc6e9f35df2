package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.SchemaSites;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every decimal quantity sent as a string is {@code type: string, format: decimal}, so that
 * every generated client reads it as an exact decimal and never as a float or plain text.
 *
 * <p>A string property or parameter is a decimal quantity when
 * <ul>
 *   <li>the last word of its name (words split at {@code _}, capitals and brackets) is one of
 *       {@code quantityWords}: {@code min_fee}, {@code tier_volume}, {@code total_pnl_pct}; the
 *       last word decides, so {@code price_currency} or {@code fee_volume_currency} are not; or</li>
 *   <li>its {@code example} matches {@code decimalExample} (a number with a fraction, as text).</li>
 * </ul>
 * A string that is named like a quantity without being one is listed under {@code notQuantities}
 * as {@code Schema.property} (or {@code parameter:name}, {@code inline:name}) with the reason.
 * JSON numbers ({@code type: number}) are not concerned: they are what the source sends
 * ({@code decimal-type}, a data rule, says where {@code format: decimal} may go).
 */
final class DecimalFormatRule implements Rule {
  private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

  @Override public String id() {
    return "decimal-format";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    Set<String> words = new LinkedHashSet<>();
    for (String w : options.strings("quantityWords")) words.add(w.toLowerCase(Locale.ROOT));
    Pattern decimalExample = Pattern.compile(options.string("decimalExample", "^-?[0-9]+\\.[0-9]+$"));
    Set<String> notQuantities = new LinkedHashSet<>();
    for (JsonNode entry : options.objects("notQuantities")) {
      if (!entry.hasNonNull("name") || !entry.hasNonNull("reason")) {
        throw new IllegalArgumentException("ruleset: decimal-format notQuantities entries need name and reason");
      }
      notQuantities.add(entry.get("name").asText());
    }

    for (SchemaSites.Site site : SchemaSites.of(contract)) {
      if (site.isRef()) continue;
      JsonNode schema = site.schema();
      String type = schema.path("type").asText("");
      String format = schema.path("format").asText("");
      if (!type.equals("string") || format.equals("decimal") || schema.has("enum") || site.name() == null) continue;
      if (site.kind() != SchemaSites.Kind.PROPERTY && site.kind() != SchemaSites.Kind.PARAMETER
          && site.kind() != SchemaSites.Kind.ITEMS) {
        continue;
      }
      String key = site.kind() == SchemaSites.Kind.PARAMETER ? "parameter:" + site.name()
          : site.owner() != null ? site.owner() + "." + site.name()
          : "inline:" + site.name();
      if (notQuantities.contains(key)) continue;
      String why = null;
      List<String> nameWords = words(site.name());
      String last = nameWords.isEmpty() ? "" : nameWords.get(nameWords.size() - 1);
      if (words.contains(last)) {
        why = "its name ends in the quantity word \"" + last + "\"";
      } else if (schema.has("example") && schema.get("example").isTextual()
          && decimalExample.matcher(schema.get("example").asText()).matches()) {
        why = "its example " + schema.get("example").asText() + " is a decimal number";
      }
      if (why != null) {
        report.at(site.pointer(), "string " + key + " is a decimal quantity (" + why
            + ") and must be format: decimal; if it is not a quantity, list it under notQuantities with the reason");
      }
    }
  }

  /** {@code total_pnl_pct} to [total, pnl, pct]; {@code pnlCurrency} to [pnl, currency]. */
  static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    for (String w : WORD_BREAK.split(name)) {
      if (!w.isEmpty()) out.add(w.toLowerCase(Locale.ROOT));
    }
    return out;
  }
}
