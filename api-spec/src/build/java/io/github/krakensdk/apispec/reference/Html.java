package io.github.krakensdk.apispec.reference;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/** HTML text helpers: escaping, fragment ids, and the Markdown of the contract's descriptions and decisions. */
final class Html {
  private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create());
  private static final Parser MARKDOWN = Parser.builder().extensions(EXTENSIONS).build();
  // Raw HTML in a description is shown as text (`<credentials>` is text, not a tag), and
  // links are sanitized: the pages never execute or load anything.
  private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
      .extensions(EXTENSIONS)
      .escapeHtml(true)
      .sanitizeUrls(true)
      .build();

  private Html() {}

  /**
   * The pages' escaping, the engine's for every {@code {{value}}}: the five characters that
   * matter in an element or a quoted attribute. (jmustache's default HTML escaper also turns
   * {@code =} and {@code `} into entities, which only makes the examples harder to read.)
   */
  static final Mustache.Escaper ESCAPER = Escapers.simple(new String[][] {
      {"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"}});

  /** Escapes text for an element or a quoted attribute, as the templates do. */
  static String escape(String text) {
    return ESCAPER.escape(text);
  }

  /**
   * A description written in CommonMark (with tables), as HTML. Its headings move down two
   * levels ({@code ##} becomes h4), below the page's own h1 to h3.
   */
  static String markdown(String text) {
    Node document = MARKDOWN.parse(text);
    document.accept(new AbstractVisitor() {
      @Override public void visit(Heading heading) {
        heading.setLevel(Math.min(6, heading.getLevel() + 2));
        visitChildren(heading);
      }
    });
    return RENDERER.render(document).trim();
  }

  /** A fragment id made from a name: letters, digits, {@code -}, {@code _} and {@code .} stay. */
  static String id(String prefix, String name) {
    StringBuilder out = new StringBuilder(prefix).append('-');
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      out.append(Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.' ? c : '_');
    }
    return out.toString();
  }
}
