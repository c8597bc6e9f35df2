package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The artifacts as built (failsafe, after package): the attached
 * {@code kraken-api-spec-<version>-openapi.zip} and the jar.
 */
final class PublishedZipIT {
  @Test void zipHoldsTheContractsThePagesAndTheChangelogUnderStablePaths() throws IOException {
    try (ZipFile zip = new ZipFile(artifact("kraken.zip", "-openapi.zip").toFile())) {
      Set<String> files = files(zip);
      Set<String> expected = new LinkedHashSet<>(List.of("reference/index.html", "CHANGELOG.md", "CONVENTIONS.md"));
      for (String family : Specs.families()) {
        expected.add("openapi/" + family + ".yaml");
        expected.add("openapi/public-service/" + family + ".yaml");
        expected.add("reference/" + family + ".html");
      }
      // The sandbox's control plane: published and on the reference's index, no public-service variant.
      expected.add("openapi/sandbox.yaml");
      expected.add("reference/sandbox.html");
      // The WebSocket contract: its two files byte for byte, a page each.
      expected.add("openapi/ws/websocket.yaml");
      expected.add("openapi/ws/websocket.asyncapi.yaml");
      expected.add("reference/websocket.html");
      expected.add("reference/websocket.asyncapi.html");
      assertEquals(expected, files);
      for (String ws : List.of("ws/websocket.yaml", "ws/websocket.asyncapi.yaml")) {
        assertArrayEquals(Files.readAllBytes(Specs.dir().resolve(ws)),
            zip.getInputStream(zip.getEntry("openapi/" + ws)).readAllBytes(), ws + " changed on the way");
      }
      assertArrayEquals(Files.readAllBytes(Specs.dir().resolve("sandbox.yaml")),
          zip.getInputStream(zip.getEntry("openapi/sandbox.yaml")).readAllBytes(), "sandbox.yaml changed on the way");

      Path variants = Path.of(System.getProperty("kraken.publicServiceDir", Specs.dir().resolve("target/public-service").toString()));
      for (String family : Specs.families()) {
        byte[] published = zip.getInputStream(zip.getEntry("openapi/public-service/" + family + ".yaml")).readAllBytes();
        assertArrayEquals(Files.readAllBytes(variants.resolve(family + ".yaml")), published, "public-service/" + family + ".yaml");
        Contract variant = Contract.parse(family + ".yaml", new String(published, StandardCharsets.UTF_8));
        assertTrue(variant.root().at("/info/title").asText().endsWith("(public-service forms)"), family);
        assertFalse(variant.text().contains(PublicService.EXTENSION), family + ": the variant still records differences");
      }

      for (String family : Specs.families()) {
        byte[] published = zip.getInputStream(zip.getEntry("openapi/" + family + ".yaml")).readAllBytes();
        assertArrayEquals(Files.readAllBytes(Specs.dir().resolve(family + ".yaml")), published, family + ".yaml changed on the way");
        Contract contract = Contract.parse(family + ".yaml", new String(published, StandardCharsets.UTF_8));
        for (Refs.Ref ref : Refs.under(contract.root(), "")) {
          assertTrue(ref.isLocal() && !contract.at(ref.target().substring(1)).isMissingNode(), family + ": " + ref);
        }
      }
    }
  }

  @Test void everyLinkOfThePagesResolvesInsideTheZip() throws IOException {
    try (ZipFile zip = new ZipFile(artifact("kraken.zip", "-openapi.zip").toFile())) {
      Set<String> files = files(zip);
      List<String> checked = new ArrayList<>();
      for (String page : files) {
        if (!page.endsWith(".html")) continue;
        String html = new String(zip.getInputStream(zip.getEntry(page)).readAllBytes(), StandardCharsets.UTF_8);
        assertFalse(html.contains("<script") || html.contains("<link") || html.contains("<img"), page);
        Matcher href = Pattern.compile("href=\"([^\"#]+)(#[^\"]*)?\"").matcher(html);
        while (href.find()) {
          String target = URI.create(page).resolve(href.group(1)).getPath();
          assertTrue(files.contains(target), page + " links " + href.group(1) + ", not in the zip");
          checked.add(target);
        }
      }
      assertTrue(checked.contains("openapi/spot.yaml") && checked.contains("CHANGELOG.md") && checked.contains("reference/embed.html"),
          "links checked: " + checked);
    }
  }

  @Test void jarHoldsTheContractsAndNoneOfTheTools() throws IOException {
    try (ZipFile jar = new ZipFile(artifact("kraken.jar", ".jar").toFile())) {
      Set<String> files = files(jar);
      for (String family : Specs.families()) assertTrue(files.contains("kraken/openapi/" + family + ".yaml"), family);
      assertTrue(files.contains("kraken/openapi/CHANGELOG.md"));
      // The control plane and its JSON copy, which the sandbox reads at run time.
      assertTrue(files.contains("kraken/openapi/sandbox.yaml") && files.contains("kraken/openapi/sandbox.json"), files.toString());
      assertTrue(files.contains("kraken/openapi/ws/websocket.yaml") && files.contains("kraken/openapi/ws/websocket.asyncapi.yaml"),
          files.toString());
      assertTrue(files.stream().noneMatch(f -> f.endsWith(".class")), "classes in the jar: " + files);
    }
  }

  private static Set<String> files(ZipFile zip) {
    Set<String> files = new LinkedHashSet<>();
    for (ZipEntry entry : Collections.list(zip.entries())) {
      if (!entry.isDirectory()) files.add(entry.getName());
    }
    return files;
  }

  private static Path artifact(String property, String suffix) throws IOException {
    String configured = System.getProperty(property);
    if (configured != null) return Path.of(configured);
    try (var files = Files.list(Specs.dir().resolve("target"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(suffix) && !f.getFileName().toString().endsWith("-openapi.zip") == !suffix.equals("-openapi.zip"))
          .findFirst().orElseThrow(() -> new AssertionError("no *" + suffix + " in target: run mvn verify"));
    }
  }
}
