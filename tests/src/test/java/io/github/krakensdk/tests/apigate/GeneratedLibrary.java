package io.github.krakensdk.tests.apigate;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;
import org.openapitools.codegen.ClientOptInput;
import org.openapitools.codegen.CodegenConstants;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One family of the generated client made as {@code generated-client} makes it: the generator and
 * the configuration of the {@code openapi-generator-maven-plugin} in {@code generated-client/pom.xml}
 * (its shared {@code <configuration>} and the family's {@code <execution>}), applied to a contract
 * file, then compiled with the running JDK against the test class path and packed into a jar.
 *
 * <pre>{@code
 * GeneratedLibrary futures = GeneratedLibrary.fromPom(Path.of("../generated-client/pom.xml"), "futures");
 * Path jar = futures.jar(Path.of("../api-spec/futures.yaml"), workDir);
 * }</pre>
 */
final class GeneratedLibrary {
  private final Element configuration;
  private final Element execution;

  private GeneratedLibrary(Element configuration, Element execution) {
    this.configuration = configuration;
    this.execution = execution;
  }

  /** The generation of {@code family} (an execution id: {@code spot}, {@code futures}, ...) in {@code pom}. */
  static GeneratedLibrary fromPom(Path pom, String family) throws Exception {
    requireNonNull(pom, "pom == null");
    requireNonNull(family, "family == null");
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Element project = factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    for (Element plugin : children(child(child(project, "build"), "plugins"), "plugin")) {
      if (text(child(plugin, "artifactId")).equals("openapi-generator-maven-plugin")) {
        for (Element execution : children(child(plugin, "executions"), "execution")) {
          if (text(child(execution, "id")).equals(family)) {
            return new GeneratedLibrary(child(plugin, "configuration"), child(execution, "configuration"));
          }
        }
      }
    }
    throw new IllegalStateException(pom + " generates no family " + family);
  }

  /** The contract file the build generates this family from, relative to {@code generated-client}. */
  String inputSpec() {
    return text(child(execution, "inputSpec")).replace("${project.basedir}/", "");
  }

  /** Generates the family from {@code contract} into {@code dir}, compiles it and returns its jar. */
  Path jar(Path contract, Path dir) throws IOException {
    Path generated = dir.resolve("generated");
    generate(contract, generated);
    List<Path> sources;
    try (Stream<Path> walk = Files.walk(generated.resolve(text(child(child(configuration, "configOptions"),
        "sourceFolder"))))) {
      sources = walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> options = List.of("-d", classes.toString(), "--release", "17", "-proc:none", "-nowarn",
        "-classpath", System.getProperty("java.class.path"));
    StringWriter diagnostics = new StringWriter();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      if (!javac.getTask(diagnostics, files, null, options, null, files.getJavaFileObjectsFromPaths(sources)).call()) {
        throw new AssertionError("the Java generated from " + contract + " does not compile:\n" + diagnostics);
      }
    }
    Path jar = dir.resolve(dir.getFileName() + ".jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        zip.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        zip.write(Files.readAllBytes(f));
        zip.closeEntry();
      }
    }
    return jar;
  }

  private void generate(Path contract, Path output) {
    CodegenConfigurator configurator = new CodegenConfigurator()
        .setGeneratorName(text(child(configuration, "generatorName")))
        .setInputSpec(contract.toString())
        .setOutputDir(output.toString())
        .setValidateSpec(!Boolean.parseBoolean(text(child(configuration, "skipValidateSpec"))))
        .setApiPackage(text(child(execution, "apiPackage")))
        .setModelPackage(text(child(execution, "modelPackage")));
    pairs(child(configuration, "typeMappings")).forEach(configurator::addTypeMapping);
    pairs(child(configuration, "importMappings")).forEach(configurator::addImportMapping);
    pairs(child(execution, "additionalProperties")).forEach(configurator::addAdditionalProperty);
    for (Element option : children(child(configuration, "configOptions"), null)) {
      configurator.addAdditionalProperty(option.getTagName(), text(option));
    }
    for (Element property : children(child(configuration, "globalProperties"), null)) {
      configurator.addGlobalProperty(property.getTagName(), text(property));
    }
    ClientOptInput input = configurator.toClientOptInput();
    DefaultGenerator generator = new DefaultGenerator();
    generator.setGeneratorPropertyDefault(CodegenConstants.API_TESTS, text(child(configuration, "generateApiTests")));
    generator.setGeneratorPropertyDefault(CodegenConstants.MODEL_TESTS, text(child(configuration, "generateModelTests")));
    generator.setGeneratorPropertyDefault(CodegenConstants.API_DOCS,
        text(child(configuration, "generateApiDocumentation")));
    generator.setGeneratorPropertyDefault(CodegenConstants.MODEL_DOCS,
        text(child(configuration, "generateModelDocumentation")));
    generator.setGenerateMetadata(false);
    generator.opts(input).generate();
  }

  /** The {@code key=value} texts under {@code parent}. */
  private static Map<String, String> pairs(Element parent) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (Element e : children(parent, null)) {
      String pair = text(e);
      int equals = pair.indexOf('=');
      pairs.put(pair.substring(0, equals), pair.substring(equals + 1));
    }
    return pairs;
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    if (found.isEmpty()) throw new IllegalStateException("<" + parent.getTagName() + "> has no <" + name + ">");
    return found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && (name == null || e.getTagName().equals(name))) found.add(e);
    }
    return found;
  }

  private static String text(Element e) {
    return e.getTextContent().trim();
  }
}
