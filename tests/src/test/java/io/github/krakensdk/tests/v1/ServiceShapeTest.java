package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.tests.client.ServiceCall;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The v1 shape of the generated services, checked on the classes themselves: every method takes
 * at most one argument (its request, or a {@code Consumer} of the request's builder), every
 * operation with parameters has its request type, and the implementation is plumbing.
 */
class ServiceShapeTest {
  @Test
  void noServiceMethodTakesMoreThanOneArgument() {
    List<String> wide = new ArrayList<>();
    int methods = 0;
    for (Family family : Family.values()) {
      for (Method method : service(family).getMethods()) {
        methods++;
        if (method.getParameterCount() > 1) {
          wide.add(method.toString());
        }
      }
    }
    assertTrue(methods > 0, "no service methods found");
    assertEquals(List.of(), wide, "service methods with more than one parameter");
  }

  @Test
  void eachOperationWithParametersTakesItsRequestOrABuilderConsumer() throws Exception {
    int oneOfOperations = 0;
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      Class<?> service = service(family);
      for (Contract.Op op : contract.operations()) {
        String name = ServiceCall.methodName(op);
        if (Boolean.FALSE.equals(extension(op, "x-kraken-service-method"))) {
          assertTrue(Arrays.stream(service.getMethods()).noneMatch(m -> m.getName().equals(name)),
              op.id() + " is served elsewhere (x-kraken-service-method: false) but is on " + service.getSimpleName());
          continue;
        }
        List<Method> overloads = Arrays.stream(service.getMethods()).filter(m -> m.getName().equals(name)).toList();
        boolean takesParameters = overloads.stream().anyMatch(m -> m.getParameterCount() == 1);
        if (!takesParameters) {
          assertEquals(1, overloads.size(), op.id() + ": one method without parameters");
          continue;
        }
        String requestName = Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Request";
        Class<?> request = Class.forName(family.modelPackage() + "." + requestName);
        assertTrue(Modifier.isFinal(request.getModifiers()) && !request.isRecord(),
            requestName + " is a final class (a record's canonical constructor would break on a new member)");
        assertEquals(0, Arrays.stream(request.getConstructors()).count(), requestName + " has no public constructor");
        service.getMethod(name, request);
        service.getMethod(name, Consumer.class);
        service.getMethod(name + "Async", request);
        service.getMethod(name + "Async", Consumer.class);
        boolean allOptional = overloads.stream().anyMatch(m -> m.getParameterCount() == 0);
        // Required by the contract, whether the client checks it or leaves it to the service
        // (x-kraken-contract-only): either way the call has no no-argument overload.
        // So does a one-of group (x-kraken-one-of: "give txid or cl_ord_id").
        ServiceCall call = ServiceCall.of(contract, op);
        boolean anyRequired = call.members.stream().anyMatch(ServiceCall.Member::required)
            || !call.oneOfGroups().isEmpty();
        assertEquals(!anyRequired, allOptional, op.id()
            + ": a no-argument overload exactly when the contract requires no member and has no one-of group");
        boolean documentedRequired = call.members.stream().anyMatch(m -> m.required() && !m.requiredByDecision())
            || !call.oneOfGroups().isEmpty() && !call.oneOfByDecision();
        assertEquals(!documentedRequired, emptyRequestBuilds(request), op.id()
            + ": an empty request builds exactly when no member and no one-of group is required by a documented rule");
        if (!call.oneOfGroups().isEmpty()) {
          oneOfOperations++;
        }
      }
    }
    // cancelOrder, amendOrder and cancelOrderBatch at least: none found means the walk is broken.
    assertTrue(oneOfOperations >= 3, "only " + oneOfOperations + " operations with x-kraken-one-of");
  }

  @Test
  void servicesAreInterfacesAndTheirImplementationIsInternal() {
    for (Family family : Family.values()) {
      Class<?> service = service(family);
      assertTrue(service.isInterface(), service.getName());
      for (Method accessor : KrakenClient.class.getMethods()) {
        if (accessor.getReturnType() == service) {
          assertEquals(service, accessor.getReturnType());
        }
      }
    }
    KrakenClient client = KrakenClient.builder().build();
    try {
      assertTrue(client.spot().getClass().getPackageName().endsWith(".internal"), client.spot().getClass().getName());
      assertTrue(client.embed().getClass().getPackageName().endsWith(".internal"));
    } finally {
      client.close();
    }
  }

  /** True if a request with no member set builds: no member is required. */
  private static boolean emptyRequestBuilds(Class<?> request) throws Exception {
    Object builder = request.getMethod("builder").invoke(null);
    try {
      builder.getClass().getMethod("build").invoke(builder);
      return true;
    } catch (java.lang.reflect.InvocationTargetException refused) {
      return false;
    }
  }

  private static Object extension(Contract.Op op, String name) {
    return op.operation().getExtensions() == null ? null : op.operation().getExtensions().get(name);
  }

  private static Class<?> service(Family family) {
    try {
      return Class.forName(family.apiPackage() + "." + family.displayName() + "Service");
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }
}
