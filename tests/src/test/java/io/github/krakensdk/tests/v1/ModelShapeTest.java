package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.validation.Validatable;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import io.github.krakensdk.tests.contract.JavaTypes;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shape that lets the contract grow without breaking callers (CONVENTIONS.md, "How an
 * operation becomes a Java call"), checked on the generated classes: a model is a final class
 * without a public constructor, read through one accessor and set through one builder method per
 * member; a service method has a default body, so a new operation does not break a class
 * implementing the service.
 */
class ModelShapeTest {
  @Test
  void everyModelIsAFinalClassMadeByItsBuilder() throws Exception {
    List<String> problems = new ArrayList<>();
    int models = 0;
    for (Family family : Family.values()) {
      for (String schema : Contracts.get(family).api.getComponents().getSchemas().keySet()) {
        Class<?> model = family.modelClassOrNull(schema);
        if (model == null || !Validatable.class.isAssignableFrom(model)) continue; // an enum, or not public
        models++;
        String name = model.getSimpleName();
        if (!Modifier.isFinal(model.getModifiers()) || model.isRecord()) problems.add(name + " is not a final class");
        if (model.getConstructors().length > 0) problems.add(name + " has a public constructor");
        Class<?> builder = model.getMethod("builder").getReturnType();
        Method build = builder.getMethod("build");
        Object empty = build.invoke(model.getMethod("builder").invoke(null));
        Object copy = build.invoke(model.getMethod("toBuilder").invoke(empty));
        if (!empty.equals(copy) || empty.hashCode() != copy.hashCode() || empty == copy) {
          problems.add(name + ": toBuilder().build() is not an equal copy");
        }
        for (Map.Entry<String, Type> member : JavaTypes.members(model).entrySet()) {
          Method accessor = model.getMethod(member.getKey());
          if (!accessor.getGenericReturnType().equals(member.getValue())) problems.add(name + "." + member.getKey());
          builder.getMethod(member.getKey(), accessor.getReturnType());
        }
      }
    }
    assertTrue(models > 300, "models found: " + models);
    assertEquals(List.of(), problems);
  }

  @Test
  void everyServiceMethodHasADefaultBody() throws Exception {
    List<String> abstractMethods = new ArrayList<>();
    for (Family family : Family.values()) {
      Class<?> service = Class.forName(family.apiPackage() + "." + family.displayName() + "Service");
      Arrays.stream(service.getMethods()).filter(m -> !m.isDefault() && !Modifier.isStatic(m.getModifiers()))
          .forEach(m -> abstractMethods.add(service.getSimpleName() + "." + m.getName()));
    }
    assertEquals(List.of(), abstractMethods, "a new operation would break a class implementing the service");
  }
}
