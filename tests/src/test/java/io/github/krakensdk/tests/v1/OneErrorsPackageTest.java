package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.SpotService;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One error hierarchy in one package: every public exception of the published jars is a {@link
 * KrakenException} in {@code io.github.krakensdk.errors}, under one of its four kinds, so {@code
 * catch (KrakenException e)} sees every failure and one import reaches every type a caller
 * catches. Exceptions that only carry a failure through OkHttp (which lets nothing but an {@code
 * IOException} out of an interceptor) are plumbing, in {@code internal} packages.
 */
class OneErrorsPackageTest {
  private static final String ERRORS = "io.github.krakensdk.errors";

  /** Public Throwable subclasses outside internal packages, by jar, read from the jars themselves. */
  private static final Map<String, List<Class<?>>> publicThrowables = new TreeMap<>();

  @BeforeAll
  static void scanPublishedJars() throws Exception {
    for (Class<?> anchor : List.of(KrakenException.class, SpotService.class, SpotSigner.class,
        KrakenClient.class, Sandbox.class)) {
      Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
      List<Class<?>> found = new ArrayList<>();
      for (String name : classNames(location)) {
        if (name.contains(".internal.")) continue;
        Class<?> type = Class.forName(name, false, OneErrorsPackageTest.class.getClassLoader());
        if (Throwable.class.isAssignableFrom(type) && isPublicApi(type)) found.add(type);
      }
      publicThrowables.put(location.toString(), found);
    }
  }

  @Test
  void everyPublicExceptionIsAKrakenExceptionInTheErrorsPackage() {
    Set<String> misplaced = new TreeSet<>();
    Set<String> seen = new TreeSet<>();
    for (List<Class<?>> types : publicThrowables.values()) {
      for (Class<?> type : types) {
        seen.add(type.getSimpleName());
        if (!KrakenException.class.isAssignableFrom(type) || !type.getPackageName().equals(ERRORS)) {
          misplaced.add(type.getName());
        }
      }
    }
    assertEquals(Set.of(), misplaced, "public exceptions outside the one hierarchy and package");
    assertTrue(seen.containsAll(Set.of("KrakenException", "ConstraintViolationException", "OAuthException",
        "WebhookVerificationException", "RequestSigningException", "EarnDeallocationTimeoutException")),
        "the scan missed exceptions: " + seen);
  }

  @Test
  void everyErrorIsOfOneKind() {
    List<Class<?>> kinds = List.of(KrakenServiceException.class, UnexpectedResponseException.class,
        KrakenTransportException.class, KrakenClientException.class);
    Set<String> kindless = new TreeSet<>();
    for (List<Class<?>> types : publicThrowables.values()) {
      for (Class<?> type : types) {
        if (type == KrakenException.class) continue;
        if (kinds.stream().noneMatch(kind -> kind.isAssignableFrom(type))) kindless.add(type.getName());
      }
    }
    assertEquals(Set.of(), kindless, "exceptions that are none of " + kinds);
  }

  @Test
  void validationFailuresAreClientFailures() {
    assertTrue(KrakenClientException.class.isAssignableFrom(ConstraintViolationException.class));
    assertFalse(IllegalArgumentException.class.isAssignableFrom(ConstraintViolationException.class));
  }

  /** Public or protected, and reachable so: every enclosing class is too. */
  private static boolean isPublicApi(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      int modifiers = c.getModifiers();
      if (!Modifier.isPublic(modifiers) && !Modifier.isProtected(modifiers)) return false;
    }
    return !type.isAnonymousClass() && !type.isLocalClass();
  }

  /** The binary names of the classes in a jar or a classes directory. */
  private static List<String> classNames(Path location) throws IOException, URISyntaxException {
    List<String> entries = new ArrayList<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> files = Files.walk(location)) {
        files.filter(Files::isRegularFile)
            .forEach(f -> entries.add(location.relativize(f).toString().replace('\\', '/')));
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        jar.stream().forEach(e -> entries.add(e.getName()));
      }
    }
    List<String> names = new ArrayList<>();
    for (String entry : entries) {
      if (entry.endsWith(".class") && !entry.endsWith("module-info.class") && !entry.endsWith("package-info.class")
          && !entry.startsWith("META-INF/")) {
        names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
      }
    }
    return names;
  }
}
