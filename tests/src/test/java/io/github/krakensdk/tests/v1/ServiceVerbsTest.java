package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.tests.contract.Family;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Service methods follow CONVENTIONS.md's verbs (get one, list many): a method answering a {@code
 * List} is {@code list...}, and a call named by the same noun in two families has the same verb
 * there ({@code listWithdrawalMethods} on Spot and Embed). A method named otherwise than its
 * operationId carries the operation's {@code x-kraken-java-name}.
 */
class ServiceVerbsTest {

  @Test
  void aMethodAnsweringAListIsAListMethod() {
    List<String> wrong = new ArrayList<>();
    int lists = 0;
    for (Family family : Family.values()) {
      for (Method method : service(family).getMethods()) {
        if (method.getName().endsWith("Async") || method.getName().contains("Pages")) {
          continue;
        }
        if (List.class.equals(method.getReturnType())) {
          lists++;
          if (!method.getName().startsWith("list")) {
            wrong.add(service(family).getSimpleName() + "." + method.getName());
          }
        }
      }
    }
    assertEquals(List.of(), wrong, "answer a List, so their names begin with list");
    // Spot's deposit and withdrawal methods and addresses at least: none found means the walk is broken.
    assertTrue(lists >= 5, "only " + lists + " service methods answer a List");
  }

  @Test
  void theSameCallHasTheSameVerbInEveryFamily() {
    Map<String, Map<String, String>> verbByNoun = new TreeMap<>();
    for (Family family : Family.values()) {
      for (Method method : service(family).getMethods()) {
        String name = method.getName();
        if (name.endsWith("Async") || name.contains("Pages")) {
          continue;
        }
        String verb = name.startsWith("get") ? "get" : name.startsWith("list") ? "list" : null;
        if (verb != null) {
          verbByNoun.computeIfAbsent(name.substring(verb.length()), noun -> new TreeMap<>())
              .put(service(family).getSimpleName(), verb);
        }
      }
    }
    Map<String, Map<String, String>> mixed = new TreeMap<>();
    verbByNoun.forEach((noun, verbs) -> {
      if (new TreeSet<>(verbs.values()).size() > 1) {
        mixed.put(noun, verbs);
      }
    });
    assertEquals(Map.of(), mixed, "the same noun with get in one family and list in another");
    assertEquals(Map.of("EmbedService", "list", "SpotService", "list"), verbByNoun.get("WithdrawalMethods"));
  }

  private static Class<?> service(Family family) {
    try {
      return Class.forName(family.apiPackage() + "." + family.displayName() + "Service");
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }
}
