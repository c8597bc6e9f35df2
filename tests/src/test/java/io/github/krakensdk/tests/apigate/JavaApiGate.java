package io.github.krakensdk.tests.apigate;

import static java.util.Objects.requireNonNull;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.config.Options;
import japicmp.exception.JApiCmpException;
import japicmp.model.AccessModifier;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiSemanticVersionLevel;
import japicmp.output.incompatible.IncompatibleErrorOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The Java API gate of the build, run in-process: the {@code <parameter>} block of the
 * {@code japicmp-maven-plugin} in the parent {@code pom.xml}, applied by japicmp's own
 * {@link JarArchiveComparator} and {@link IncompatibleErrorOutput} (the class the Maven plugin
 * breaks the build with), so that a test proves what {@code mvn verify} does.
 *
 * <pre>{@code
 * JavaApiGate gate = JavaApiGate.fromPom(Path.of("../pom.xml"));
 * JavaApiGate.Verdict v = gate.compare(oldJar, "1.0.0", newJar, "1.1.0");
 * if (!v.passes()) System.out.println(v.report());
 * }</pre>
 */
final class JavaApiGate {
  private final Element parameter;
  private final Element oldVersion;
  private final String baselineVersion;

  private JavaApiGate(Element parameter, Element oldVersion, String baselineVersion) {
    this.parameter = parameter;
    this.oldVersion = oldVersion;
    this.baselineVersion = baselineVersion;
  }

  /** The gate as the parent POM configures it. */
  static JavaApiGate fromPom(Path pom) throws Exception {
    requireNonNull(pom, "pom == null");
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Element project = factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    Element plugins = child(child(project, "build"), "plugins");
    for (Element plugin : children(plugins, "plugin")) {
      if (text(child(plugin, "artifactId")).equals("japicmp-maven-plugin")) {
        Element configuration = child(plugin, "configuration");
        String baseline = text(child(child(project, "properties"), "kraken.api.baseline"));
        return new JavaApiGate(child(configuration, "parameter"), child(configuration, "oldVersion"), baseline);
      }
    }
    throw new IllegalStateException(pom + " has no japicmp-maven-plugin under build/plugins");
  }

  /** The released version the gate compares with ({@code kraken.api.baseline}), {@code none} before the first release. */
  String baselineVersion() {
    return baselineVersion;
  }

  /** Where a module's baseline jar is looked for, with the POM's placeholders left in. */
  String baselinePathTemplate() {
    return text(child(child(oldVersion, "dependency"), "systemPath"));
  }

  /** The artifacts the gate checks ({@code includeModules}). */
  List<String> modules() {
    List<String> modules = new ArrayList<>();
    for (Element e : children(child(parameter, "includeModules"), "includeModule")) modules.add(text(e));
    return modules;
  }

  /**
   * japicmp's options from the POM's {@code <parameter>}, mapped as the Maven plugin maps them.
   * An option this method does not know fails, so that the test never runs a gate weaker than
   * the build's.
   */
  Options options() {
    Options options = Options.newDefault();
    for (Element e : children(parameter, null)) {
      String value = text(e);
      switch (e.getTagName()) {
        case "excludes" -> {
          for (Element exclude : children(e, "exclude")) options.addExcludeFromArgument(Optional.of(text(exclude)), false);
        }
        case "accessModifier" -> options.setAccessModifier(AccessModifier.valueOf(value.toUpperCase(java.util.Locale.ROOT)));
        case "onlyModified" -> options.setOutputOnlyModifications(Boolean.parseBoolean(value));
        case "breakBuildOnBinaryIncompatibleModifications" -> options.setErrorOnBinaryIncompatibility(Boolean.parseBoolean(value));
        case "breakBuildOnSourceIncompatibleModifications" -> options.setErrorOnSourceIncompatibility(Boolean.parseBoolean(value));
        case "breakBuildBasedOnSemanticVersioning" -> options.setErrorOnSemanticIncompatibility(Boolean.parseBoolean(value));
        case "breakBuildBasedOnSemanticVersioningForMajorVersionZero" ->
            options.setErrorOnSemanticIncompatibilityForMajorVersionZero(Boolean.parseBoolean(value));
        case "ignoreMissingOldVersion" -> options.setIgnoreMissingOldVersion(Boolean.parseBoolean(value));
        case "ignoreMissingClassesByRegularExpressions" -> {
          for (Element regex : children(e, "ignoreMissingClassesByRegularExpression")) {
            options.addIgnoreMissingClassRegularExpression(text(regex));
          }
        }
        case "overrideCompatibilityChangeParameters" -> { } // comparatorOptions()
        // Which modules and which report files: nothing to do with what breaks.
        case "includeModules", "skipHtmlReport", "skipXmlReport", "skipDiffReport", "skipMarkdownReport" -> { }
        default -> throw new IllegalStateException("JavaApiGate does not apply japicmp option <" + e.getTagName()
            + "> of the POM yet; map it in options() so the test runs the build's gate");
      }
    }
    return options;
  }

  /** The comparator's options: {@link #options()} with the POM's {@code overrideCompatibilityChangeParameters}. */
  JarArchiveComparatorOptions comparatorOptions(Options options) {
    JarArchiveComparatorOptions comparatorOptions = JarArchiveComparatorOptions.of(options);
    for (Element e : children(parameter, "overrideCompatibilityChangeParameters")) {
      for (Element o : children(e, "overrideCompatibilityChangeParameter")) {
        comparatorOptions.addOverrideCompatibilityChange(new JarArchiveComparatorOptions.OverrideCompatibilityChange(
            JApiCompatibilityChangeType.valueOf(text(child(o, "compatibilityChange"))),
            Boolean.parseBoolean(text(child(o, "binaryCompatible"))),
            Boolean.parseBoolean(text(child(o, "sourceCompatible"))),
            JApiSemanticVersionLevel.valueOf(text(child(o, "semanticVersionLevel")))));
      }
    }
    return comparatorOptions;
  }

  /** Compares two jars at their versions, as {@code mvn verify} compares baseline and build. */
  Verdict compare(Path oldJar, String oldVersion, Path newJar, String newVersion) {
    Options options = options();
    options.setOldArchives(List.of(new JApiCmpArchive(oldJar.toFile(), oldVersion)));
    options.setNewArchives(List.of(new JApiCmpArchive(newJar.toFile(), newVersion)));
    JarArchiveComparator comparator = new JarArchiveComparator(comparatorOptions(options));
    List<JApiClass> classes = comparator.compare(options.getOldArchives(), options.getNewArchives());
    List<String> findings = new ArrayList<>();
    IncompatibleErrorOutput output = new IncompatibleErrorOutput(options, classes, comparator) {
      @Override protected void warn(String msg) { findings.add(msg); }
      @Override protected void warn(String msg, Throwable error) { findings.add(msg); }
    };
    try {
      output.generate();
      return new Verdict(true, null, findings);
    } catch (JApiCmpException e) {
      return new Verdict(false, e.getMessage(), findings);
    }
  }

  /** Whether the build passes, japicmp's failure message, and the changes it names (class and member). */
  record Verdict(boolean passes, String failure, List<String> findings) {
    String report() {
      return (passes ? "passes" : "FAILS: " + failure) + "\n  " + String.join("\n  ", findings);
    }
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    if (found.isEmpty()) throw new IllegalStateException("<" + parent.getTagName() + "> has no <" + name + ">");
    return found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element e && (name == null || e.getTagName().equals(name))) found.add(e);
    }
    return found;
  }

  private static String text(Element e) {
    return e.getTextContent().trim();
  }
}
