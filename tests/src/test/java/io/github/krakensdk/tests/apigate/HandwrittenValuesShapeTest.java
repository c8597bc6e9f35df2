package io.github.krakensdk.tests.apigate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.AssetNames;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.PairKeyed;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.FilePart;
import io.github.krakensdk.runtime.json.OpenEnum;
import io.github.krakensdk.runtime.validation.Violation;
import io.github.krakensdk.spot.SpotService;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.values.OrderTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every public value of the published modules can gain a member in a minor release without
 * breaking a caller (the API gate rates a changed constructor MAJOR). The rule, on the public types
 * outside {@code internal} packages of client-runtime, auth-extensions, sdk and generated-client:
 *
 * <ul>
 *   <li>No public type is a record (its canonical constructor changes with every component).
 *   <li>A value (a class that overrides {@code equals}; exceptions and builders are not values) is
 *       a final class without a public constructor.
 *   <li>A value is made by its {@code builder()} and copied by {@code toBuilder()}: each of its
 *       fields has an accessor and a builder setter of the same name and type. The few values a
 *       caller makes from one input, listed in {@link #MADE_BY_FACTORY}, and the contract's open
 *       enumerations ({@link OpenEnum}, {@code OrderSide.of("buy")}) are made by static factories
 *       instead, where a new member comes as a new overload.
 * </ul>
 *
 * Each rule is also run on a known bad type, which it must refuse.
 */
final class HandwrittenValuesShapeTest {
  private static final List<Class<?>> PUBLISHED = List.of(
      KrakenException.class, // kraken-client-runtime
      SpotService.class, // kraken-generated-client
      ApiCredentials.class, // kraken-auth-extensions
      KrakenClient.class); // kraken-sdk
  /** Values made from one input by a static factory, and why a builder would not serve. */
  private static final Map<Class<?>, String> MADE_BY_FACTORY = Map.of(
      FilePart.class, "a file or bytes to upload: FilePart.of(path, mediaType) / of(name, mediaType, bytes)",
      KrakenError.class, "parsed from the service's error string: KrakenError.parse(raw); every member is read from it",
      PairKeyed.class, "a view of a pair-keyed result: PairKeyed.of(result, names)",
      OrderPrice.class, "one wire form of a price, named by its factory: OrderPrice.of(amount), offset, percent, sideOffset, sidePercent, parse(text)",
      OrderTime.class, "one wire form of an order time, named by its factory: OrderTime.now(), never(), after(duration), at(instant), parse(text)",
      OrderFlag.class, "an open set of Kraken's order flags: OrderFlag.POST ..., OrderFlag.of(name)");

  private static final List<Class<?>> PUBLIC_TYPES = PublicSurfaceTest.publicTypes(PUBLISHED);

  @Test
  void theListHoldsTheHandwrittenValues() {
    for (Class<?> value : List.of(CallAttempt.class, CallOutcome.class, ServiceError.class, Violation.class,
        AssetNames.Asset.class, AssetNames.Pair.class, OAuthTokens.class)) {
      assertTrue(PUBLIC_TYPES.contains(value), value.getName());
      assertTrue(isValue(value), value.getName() + " is a value");
    }
    assertFalse(isValue(KrakenException.class), "an exception is no value");
    assertFalse(isValue(OAuthTokens.Builder.class), "a builder is no value");
  }

  @Test
  void noPublicTypeIsARecord() {
    assertEquals(List.of(ARecord.class.getName()), records(List.of(ARecord.class, OAuthTokens.class)),
        "the check sees a record");
    assertEquals(List.of(), records(checked()),
        "a record cannot gain a component in a minor release: make it a final class with a builder");
  }

  @Test
  void everyValueIsAFinalClassMadeByItsBuilder() {
    assertEquals(List.of(
            AConstructedValue.class.getSimpleName() + " has a public constructor",
            AConstructedValue.class.getSimpleName() + " is not final",
            AConstructedValue.class.getSimpleName() + " has no builder() and toBuilder()"),
        problems(AConstructedValue.class), "the check refuses a value with a public constructor");
    assertEquals(List.of(AValueWithAHalfBuilder.class.getSimpleName() + ".amount has no builder setter"),
        problems(AValueWithAHalfBuilder.class), "the check refuses a builder without a member's setter");
    List<String> problems = new ArrayList<>();
    int values = 0;
    for (Class<?> type : checked()) {
      if (isValue(type)) {
        values++;
        problems.addAll(problems(type));
      }
    }
    assertTrue(values > 300, "values found: " + values);
    assertEquals(List.of(), problems);
  }

  @Test
  void theConvertedValuesCopyThroughTheirBuilders() {
    CallAttempt attempt = CallAttempt.builder().operationId("addOrder").number(2).reason(CallAttempt.Reason.RETRY)
        .paced(Duration.ofMillis(5)).queued(Duration.ZERO).onTheWire(Duration.ofMillis(40)).httpStatus(200).build();
    assertEquals(attempt, attempt.toBuilder().build());
    assertEquals(attempt.hashCode(), attempt.toBuilder().build().hashCode());
    assertEquals(503, attempt.toBuilder().httpStatus(503).build().httpStatus());
    assertEquals(200, attempt.httpStatus(), "a builder copies: the original is unchanged");
    assertEquals("CallAttempt[operationId=addOrder, number=2, reason=RETRY, paced=PT0.005S, queued=PT0S, "
        + "onTheWire=PT0.04S, httpStatus=200, failure=null]", attempt.toString());

    CallOutcome outcome = CallOutcome.builder().operationId("addOrder").attempts(2).retries(1)
        .paced(Duration.ZERO).queued(Duration.ZERO).duration(Duration.ofSeconds(1)).build();
    assertEquals(outcome, outcome.toBuilder().build());
    assertTrue(outcome.succeeded());
    assertFalse(outcome.equals(outcome.toBuilder().retries(0).build()));

    ServiceError error = ServiceError.builder().operationId("getBalance").httpStatus(200)
        .errors(new ArrayList<>(List.of("EAPI:Invalid key"))).build();
    assertEquals(error, error.toBuilder().build());
    assertEquals("ServiceError[operationId=getBalance, httpStatus=200, errors=[EAPI:Invalid key], code=null, "
        + "errorDescription=null, retryAfter=null, bodyExcerpt=null, requestId=null]", error.toString());
    assertEquals("operationId == null", npe(() -> ServiceError.builder().errors(List.of()).build()));
    assertEquals("errors == null", npe(() -> ServiceError.builder().operationId("getBalance").build()));

    Violation violation = Violation.builder().field("cl_ord_id").rule("pattern ^x$").value("\"y\"").build();
    assertEquals(violation, violation.toBuilder().build());
    assertEquals("cl_ord_id must satisfy pattern ^x$ (was \"y\")", violation.toString());
    assertEquals("rule == null", npe(() -> Violation.builder().field("cl_ord_id").build()));

    AssetNames.Asset xbt = AssetNames.Asset.builder().name("XXBT").altname("XBT").displayName("BTC").build();
    AssetNames.Asset usd = AssetNames.Asset.builder().name("ZUSD").altname("USD").displayName("USD").build();
    AssetNames.Pair pair = AssetNames.Pair.builder().name("XXBTZUSD").altname("XBTUSD").wsname("XBT/USD")
        .displayName("BTC/USD").base(xbt).quote(usd).build();
    assertEquals(pair, pair.toBuilder().build());
    assertEquals("quote == null", npe(() -> pair.toBuilder().quote(null).build()));

    OAuthTokens tokens = OAuthTokens.builder().accessToken("access").refreshToken("refresh")
        .expiresAt(Instant.EPOCH).tokenType("bearer").build();
    assertEquals(tokens, tokens.toBuilder().build());
    assertFalse(tokens.toBuilder().build().toString().contains("access,"), "the copy still hides its tokens");
  }

  private static List<Class<?>> checked() {
    return PUBLIC_TYPES;
  }

  /** The records among {@code types}. */
  private static List<String> records(List<Class<?>> types) {
    return types.stream().filter(Class::isRecord).map(Class::getName).toList();
  }

  /** A value: a class that declares {@code equals(Object)}, neither an exception nor a builder. */
  static boolean isValue(Class<?> type) {
    if (type.isInterface() || type.isEnum() || Throwable.class.isAssignableFrom(type)
        || type.getSimpleName().equals("Builder")) {
      return false;
    }
    try {
      type.getDeclaredMethod("equals", Object.class);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** What keeps {@code value} from gaining a member compatibly. */
  static List<String> problems(Class<?> value) {
    List<String> problems = new ArrayList<>();
    String name = value.getSimpleName();
    if (value.isRecord()) problems.add(name + " is a record");
    if (value.getConstructors().length > 0) problems.add(name + " has a public constructor");
    if (!Modifier.isFinal(value.getModifiers())) problems.add(name + " is not final");
    if (MADE_BY_FACTORY.containsKey(value)) return problems;
    if (OpenEnum.class.isAssignableFrom(value)) {
      Method of = publicMethod(value, "of", String.class);
      if (of == null || !Modifier.isStatic(of.getModifiers()) || of.getReturnType() != value) {
        problems.add(name + " has no static of(String)");
      }
      return problems;
    }
    Method builder = publicMethod(value, "builder");
    Method toBuilder = publicMethod(value, "toBuilder");
    if (builder == null || !Modifier.isStatic(builder.getModifiers()) || toBuilder == null
        || !toBuilder.getReturnType().equals(builder.getReturnType())) {
      problems.add(name + " has no builder() and toBuilder()");
      return problems;
    }
    Class<?> builderType = builder.getReturnType();
    for (Field field : value.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers) || field.isSynthetic()) continue;
      Method accessor = publicMethod(value, field.getName());
      if (accessor == null || !accessor.getGenericReturnType().equals(field.getGenericType())) {
        // Generated models may hold a member in another form than they hand out (a wire
        // string behind a typed accessor); the accessor and the setter still agree.
        if (accessor == null) {
          problems.add(name + "." + field.getName() + " has no accessor");
          continue;
        }
      }
      if (!Modifier.isFinal(modifiers) || !Modifier.isPrivate(modifiers)) {
        problems.add(name + "." + field.getName() + " is not private final");
      }
      try {
        builderType.getMethod(field.getName(), accessor.getReturnType());
      } catch (NoSuchMethodException e) {
        problems.add(name + "." + field.getName() + " has no builder setter");
      }
    }
    return problems;
  }

  private static Method publicMethod(Class<?> type, String name, Class<?>... parameters) {
    try {
      return type.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static String npe(Runnable build) {
    try {
      build.run();
    } catch (NullPointerException e) {
      return e.getMessage();
    }
    throw new AssertionError("no NullPointerException");
  }

  /** A known bad type: a record. */
  record ARecord(String name) {}

  /** A known bad type: a value made by its constructor. */
  public static class AConstructedValue {
    private final String name;

    public AConstructedValue(String name) {
      this.name = name;
    }

    public String name() {
      return name;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AConstructedValue that && name.equals(that.name);
    }

    @Override
    public int hashCode() {
      return name.hashCode();
    }
  }

  /** A known bad type: a value whose builder misses a member. */
  public static final class AValueWithAHalfBuilder {
    private final String name;
    private final int amount;

    private AValueWithAHalfBuilder(String name, int amount) {
      this.name = name;
      this.amount = amount;
    }

    public static Builder builder() {
      return new Builder();
    }

    public Builder toBuilder() {
      return new Builder().name(name);
    }

    public String name() {
      return name;
    }

    public int amount() {
      return amount;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AValueWithAHalfBuilder that && name.equals(that.name) && amount == that.amount;
    }

    @Override
    public int hashCode() {
      return name.hashCode() + amount;
    }

    public static final class Builder {
      private String name;

      public Builder name(String name) {
        this.name = name;
        return this;
      }

      public AValueWithAHalfBuilder build() {
        return new AValueWithAHalfBuilder(name, 0);
      }
    }
  }
}
