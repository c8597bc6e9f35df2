package io.github.krakensdk.apispec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The contract's {@code CHANGELOG.md}: one {@code ## <version>} section per version, newest
 * first, saying what changed in the contract.
 *
 * <pre>{@code
 * Changelog log = Changelog.load(Path.of("api-spec/CHANGELOG.md"));
 * String section = log.section("0.1.0"); // null when the version has no entry
 * }</pre>
 */
public final class Changelog {
  private static final Pattern HEADING = Pattern.compile("(?m)^## +\\[?([0-9][^\\]\\s]*)\\]?.*$");

  private final Map<String, String> sections;

  private Changelog(Map<String, String> sections) {
    this.sections = Collections.unmodifiableMap(sections);
  }

  public static Changelog load(Path file) throws IOException {
    Objects.requireNonNull(file, "file == null");
    return parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  public static Changelog parse(String markdown) {
    Map<String, String> sections = new LinkedHashMap<>();
    Matcher m = HEADING.matcher(markdown);
    List<int[]> starts = new ArrayList<>();
    List<String> versions = new ArrayList<>();
    while (m.find()) {
      starts.add(new int[] {m.start(), m.end()});
      versions.add(m.group(1));
    }
    for (int i = 0; i < starts.size(); i++) {
      int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : markdown.length();
      sections.put(versions.get(i), markdown.substring(starts.get(i)[1], end));
    }
    return new Changelog(sections);
  }

  /** The versions with a section, in file order. */
  public Collection<String> versions() {
    return sections.keySet();
  }

  /** The text of the version's section, or null. */
  public String section(String version) {
    return sections.get(version);
  }

  /** {@code 0.1.0} for {@code 0.1.0-SNAPSHOT}: the version a snapshot will be released as. */
  public static String releaseOf(String version) {
    Objects.requireNonNull(version, "version == null");
    return version.endsWith("-SNAPSHOT") ? version.substring(0, version.length() - "-SNAPSHOT".length()) : version;
  }

  /**
   * What is wrong with the changelog for a contract at {@code version}: the version's release
   * has no section, or one of {@code operationIds} (the operations the section must name: every
   * one for a first release, else those added or removed since the baseline) is not named in it
   * as {@code `operationId`}.
   */
  public List<String> problems(String version, Collection<String> operationIds) {
    List<String> problems = new ArrayList<>();
    String release = releaseOf(version);
    String section = section(release);
    if (section == null) {
      problems.add("CHANGELOG.md has no section \"## " + release + "\" for version " + version);
      return problems;
    }
    for (String id : operationIds) {
      if (!section.contains("`" + id + "`")) {
        problems.add("CHANGELOG.md section " + release + " does not name operation `" + id + "`");
      }
    }
    return problems;
  }
}
