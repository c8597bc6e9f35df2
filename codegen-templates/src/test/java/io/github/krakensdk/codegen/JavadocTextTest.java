package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The contract's Markdown as doclint-clean Javadoc HTML (the generated-client's javadoc run checks the rest). */
final class JavadocTextTest {
  @Test
  void codeSpansShowAngleBracketsInsteadOfOpeningTags() {
    assertEquals("Codes such as <code>&lt;severity&gt;&lt;category&gt;:&lt;message&gt;</code>.",
        JavadocText.render("Codes such as `<severity><category>:<message>`."));
  }

  @Test
  void rawHtmlAndAmpersandsAreEscaped() {
    assertEquals("Send <code>a[]=1&amp;a[]=2</code> with &lt;credentials&gt; &amp; more.",
        JavadocText.render("Send `a[]=1&a[]=2` with <credentials> & more."));
  }

  @Test
  void quotesStayQuotesAndMarkdownBecomesHtml() {
    assertEquals("The &quot;Kraken Connect&quot; <strong>OAuth</strong> interface.",
        JavadocText.render("The \"Kraken Connect\" **OAuth** interface."));
  }

  @Test
  void paragraphsAndListsFoldIntoOneLine() {
    assertEquals("First line continued. <p>Second: <ul> <li>one</li> <li>two</li> </ul>",
        JavadocText.render("First line\ncontinued.\n\nSecond:\n\n- one\n- two\n"));
  }

  @Test
  void tagsAndTheCommentEndCannotEscape() {
    assertEquals("Use &#64;param or *&#47; never: <code>*&#47;</code>",
        JavadocText.render("Use @param or */ never: `*/`"));
    assertEquals("", JavadocText.render(""));
  }
}
