package io.github.krakensdk.codegen;

import static java.util.Objects.requireNonNull;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.Writer;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Turns a contract's Markdown {@code description} into Javadoc HTML that doclint accepts, as the
 * Mustache lambda {@code javadoc}:
 *
 * <pre>{@code
 *  * {{#lambda.javadoc}}{{{unescapedDescription}}}{{/lambda.javadoc}}
 * }</pre>
 *
 * <p>Markdown becomes HTML through commonmark (the generator's own copy), with raw HTML escaped, so
 * {@code `<severity>`} is shown, not read as a tag. The result is one line: paragraphs after the
 * first start with {@code <p>}, and {@code @} and the comment's end are escaped. Input is the raw
 * text ({@code unescaped...}): the stock {@code description} is escaped for Java strings ({@code \"}).
 */
final class JavadocText implements Mustache.Lambda {
  private static final Parser PARSER = Parser.builder().build();
  private static final HtmlRenderer RENDERER = HtmlRenderer.builder().escapeHtml(true).build();

  @Override
  public void execute(Template.Fragment fragment, Writer out) throws IOException {
    out.write(render(fragment.execute()));
  }

  /** The Javadoc HTML of {@code markdown}; blank input gives the empty string. */
  static String render(String markdown) {
    requireNonNull(markdown, "markdown == null");
    String html = RENDERER.render(PARSER.parse(markdown)).strip();
    if (html.startsWith("<p>")) {
      html = html.substring("<p>".length());
      if (html.endsWith("</p>")) {
        html = html.substring(0, html.length() - "</p>".length());
      }
    }
    return html
        .replace("</p>\n<p>", "\n<p>")
        .replace("</p>", "")
        .replaceAll("\\s*\\R\\s*", " ")
        .replace("*/", "*&#47;")
        .replace("@", "&#64;")
        .strip();
  }
}
