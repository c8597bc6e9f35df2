package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.params.Parameters;

import io.github.krakensdk.KrakenClient;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts a {@link Sandbox} for a test class and hands its tests a {@link KrakenClient} configured
 * for it (the sandbox's environment, the demo keys and the confidential OAuth client).
 *
 * <pre>{@code
 * @ExtendWith(SandboxExtension.class)
 * class MyTest {
 *   @Test
 *   void readsAssets(KrakenClient kraken, Sandbox sandbox) {
 *     assertEquals(Set.of("XXBT"), kraken.spot().listAssets(r -> r.asset("XBT")).keySet());
 *   }
 * }
 *
 * class MyClockedTest {
 *   static final MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
 *   @RegisterExtension
 *   static final SandboxExtension sandbox = new SandboxExtension(() -> Sandbox.builder().clock(clock));
 * }
 * }</pre>
 *
 * <p>Registered on a static field or with {@code @ExtendWith}, one sandbox serves the whole class;
 * on an instance field, each test gets its own. Parameters of type {@link Sandbox}, {@link
 * KrakenClient} (a new client per parameter, closed after the test) and {@link SandboxCredentials}
 * are resolved. The sandbox checks every answer it sends against the contract, and the class fails
 * if one did not match it.
 */
public final class SandboxExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SandboxExtension.class);
  private static final String SANDBOX = "sandbox";

  private final Supplier<Sandbox.Builder> builder;

  /** Sandboxes with the defaults (free port, system clock). */
  public SandboxExtension() {
    this(Sandbox::builder);
  }

  /** Sandboxes from {@code builder}; the extension turns {@link Sandbox.Builder#checkResponses} on. */
  public SandboxExtension(Supplier<Sandbox.Builder> builder) {
    this.builder = Objects.requireNonNull(builder, "builder == null");
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (find(context) == null) {
      start(context); // registered on an instance field: a sandbox per test
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    checkAndClose(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    checkAndClose(context);
  }

  /** The sandbox serving the current test. */
  public static Sandbox sandbox(ExtensionContext context) {
    Sandbox sandbox = find(context);
    if (sandbox == null) {
      throw new IllegalStateException("no sandbox: register SandboxExtension on the test class");
    }
    return sandbox;
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == Sandbox.class || type == KrakenClient.class || type == SandboxCredentials.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    Sandbox sandbox = sandbox(context);
    if (type == Sandbox.class) {
      return sandbox;
    }
    if (type == SandboxCredentials.class) {
      return sandbox.credentials();
    }
    KrakenClient client = sandbox.newClient();
    // Closed with the context that asked for it: the test method's, or the class's for a constructor.
    context.getStore(NAMESPACE).put(new Object(), (AutoCloseable) client::close);
    return client;
  }

  private void start(ExtensionContext context) {
    Sandbox sandbox = builder.get().checkResponses(true).start();
    context.getStore(NAMESPACE).put(SANDBOX, new Started(sandbox));
  }

  private static Sandbox find(ExtensionContext context) {
    Started started = context.getStore(NAMESPACE).get(SANDBOX, Started.class);
    return started == null ? null : started.sandbox;
  }

  /** Closes the sandbox this context started, failing when it sent an answer the contract does not allow. */
  private static void checkAndClose(ExtensionContext context) {
    Started started = context.getStore(NAMESPACE).remove(SANDBOX, Started.class);
    if (started == null) {
      return;
    }
    started.close();
    List<String> problems = started.sandbox.responseProblems();
    if (!problems.isEmpty()) {
      throw new AssertionError("the sandbox sent " + problems.size() + " answer(s) the contract does not allow:\n  "
          + String.join("\n  ", problems));
    }
  }

  /** Stored so that JUnit closes it even if a callback above never runs. */
  private record Started(Sandbox sandbox) implements AutoCloseable {
    @Override
    public void close() {
      sandbox.close();
    }
  }
}
