package io.github.krakensdk.tests.apigate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.funding.FundingService;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.futures.FuturesService;
import io.github.krakensdk.oauth.OAuthService;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.internal.SpotApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public surface is what callers use (issue 22): the public types of every published module,
 * outside {@code internal} packages, listed from the modules' own classes.
 *
 * <ul>
 *   <li>None is a Retrofit interface.
 *   <li>Every public type of the generated packages is reached from a public signature (a
 *       service method, or the hand-written API: webhook events, authorization languages, client
 *       settings) or is a family's error code; an envelope the service unwraps or a body record it
 *       builds from a request is reached by nothing, and must be internal.
 *   <li>No public or protected signature (supertypes, type parameters, fields, constructors,
 *       methods, generic arguments) mentions an OkHttp, Retrofit or Moshi type, except {@link
 *       #ALLOWED}, the builder hook for a caller's own {@code OkHttpClient}.
 *   <li>No public type is a request of a service method's twin, differing by a verb or a filler
 *       word ({@code TradeVolumeRequest} beside {@code GetTradeVolumeRequest}).
 * </ul>
 *
 * Each check is also run on a known internal type, which it must refuse, so that a check that
 * cannot fail is caught.
 */
final class PublicSurfaceTest {
  /** One class of each published module ({@code includeModules} of the API gate): where its classes are. */
  private static final List<Class<?>> MODULES = List.of(
      KrakenException.class, // kraken-client-runtime
      SpotService.class, // kraken-generated-client
      ApiCredentials.class, // kraken-auth-extensions
      KrakenClient.class, // kraken-sdk
      Sandbox.class); // kraken-sandbox
  private static final List<Class<?>> SERVICES =
      List.of(SpotService.class, FuturesService.class, OAuthService.class, EmbedService.class, FundingService.class);
  private static final Pattern GENERATED =
      Pattern.compile("io\\.github\\.krakensdk\\.(spot|futures|oauth|embed|funding)\\..*");
  private static final List<String> PLUMBING = List.of("okhttp3.", "retrofit2.", "com.squareup.moshi.");
  /** The one public signature allowed to name OkHttp: a caller's own client to share (its Javadoc says so). */
  static final Set<String> ALLOWED = Set.of("io.github.krakensdk.KrakenClient$Builder.httpClient(okhttp3.OkHttpClient)");
  /** Words a look-alike adds to an operation's request: a verb, or a filler noun. */
  private static final Set<String> FILLER = Set.of("get", "list", "query", "fetch", "retrieve", "fund", "order");

  private static final List<Class<?>> PUBLIC_TYPES = publicTypes(MODULES);

  @Test
  void theListIsComplete() {
    assertTrue(PUBLIC_TYPES.contains(KrakenClient.class));
    assertTrue(PUBLIC_TYPES.contains(SpotService.class));
    assertTrue(PUBLIC_TYPES.stream().anyMatch(t -> t.getName().equals("io.github.krakensdk.spot.model.TradeVolume")));
    assertTrue(PUBLIC_TYPES.size() > 500, "public types: " + PUBLIC_TYPES.size());
    assertFalse(PUBLIC_TYPES.contains(SpotApi.class), "internal packages are not listed");
  }

  @Test
  void noPublicTypeIsARetrofitInterface() {
    assertTrue(isRetrofitInterface(SpotApi.class), "the check sees a Retrofit interface");
    List<String> found = PUBLIC_TYPES.stream().filter(PublicSurfaceTest::isRetrofitInterface).map(Class::getName).toList();
    assertEquals(List.of(), found, "Retrofit interfaces are plumbing: generate them into internal");
  }

  @Test
  void everyPublicGeneratedTypeIsReachedByCallers() throws ClassNotFoundException {
    Set<Class<?>> reached = reachedByCallers();
    assertTrue(reached.contains(Class.forName("io.github.krakensdk.spot.model.TradeVolume")));
    Class<?> envelope = Class.forName("io.github.krakensdk.spot.internal.model.TradeVolumeResponse");
    assertEquals(List.of(envelope.getName()), unreached(List.of(envelope), reached),
        "the check refuses an envelope if it were public");
    assertEquals(List.of(), unreached(PUBLIC_TYPES, reached),
        "public generated types no public signature reaches (envelopes, body-only records): the generator "
            + "decides by reachability from the services (PublicModels), so a caller's root is missing or a "
            + "type leaked");
  }

  @Test
  void noPublicSignatureMentionsOkHttpRetrofitOrMoshi() {
    assertFalse(plumbingIn(KrakenHttpClients.class).isEmpty(), "the check sees OkHttp in a signature");
    assertFalse(plumbingIn(SpotApi.class).isEmpty(), "the check sees Retrofit in a signature");
    List<String> found = new ArrayList<>();
    for (Class<?> type : PUBLIC_TYPES) {
      found.addAll(plumbingIn(type));
    }
    found.removeAll(ALLOWED);
    assertEquals(List.of(), found, "OkHttp, Retrofit and Moshi are the SDK's plumbing, not its API");
  }

  @Test
  void noPublicTypeTwinsAServiceRequest() {
    for (String[] pair : new String[][] {
        {"GetTradeVolumeRequest", "TradeVolumeRequest"}, {"CancelAllOrdersRequest", "CancelAllRequest"},
        {"WithdrawFundsRequest", "WithdrawRequest"}, {"QueryLedgersRequest", "LedgerQueryRequest"},
        {"DeallocateEarnFundsRequest", "EarnDeallocateRequest"}}) {
      assertTrue(twins(pair[0], pair[1]), "the check sees " + pair[0] + " and " + pair[1] + " as twins");
    }
    assertFalse(twins("GetAssetsRequest", "GetAssetPairsRequest"), "different words are no twins");
    Set<Class<?>> requests = new LinkedHashSet<>();
    for (Class<?> service : SERVICES) {
      for (Method method : service.getMethods()) {
        for (Class<?> parameter : method.getParameterTypes()) {
          if (parameter.getSimpleName().endsWith("Request")) {
            requests.add(parameter);
          }
        }
      }
    }
    assertTrue(requests.size() > 100, "service requests: " + requests.size());
    List<String> found = new ArrayList<>();
    for (Class<?> request : requests) {
      for (Class<?> other : PUBLIC_TYPES) {
        if (other != request && !requests.contains(other) && other.getPackageName().equals(request.getPackageName())
            && twins(request.getSimpleName(), other.getSimpleName())) {
          found.add(request.getSimpleName() + " / " + other.getSimpleName());
        }
      }
    }
    assertEquals(List.of(), found, "public types that read as a service request");
  }

  /** The words of a type name, singular, without the request/response suffix and the {@link #FILLER}, sorted. */
  static Set<String> words(String simpleName) {
    Matcher word = Pattern.compile("[A-Z][a-z0-9]*").matcher(simpleName.replaceAll("(Request|Response)$", ""));
    Set<String> words = new TreeSet<>();
    while (word.find()) {
      String w = word.group().toLowerCase(Locale.ROOT);
      w = w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
      if (!FILLER.contains(w)) {
        words.add(w);
      }
    }
    return words;
  }

  static boolean twins(String a, String b) {
    boolean sameKind = a.endsWith("Request") == b.endsWith("Request") && a.endsWith("Response") == b.endsWith("Response");
    return sameKind && !words(a).isEmpty() && words(a).equals(words(b));
  }

  /** Whether a method of {@code type} carries a Retrofit HTTP annotation ({@code @GET}, {@code @POST}, ...). */
  static boolean isRetrofitInterface(Class<?> type) {
    for (Method method : type.getDeclaredMethods()) {
      for (Annotation annotation : method.getAnnotations()) {
        if (annotation.annotationType().getName().startsWith("retrofit2.http.")) {
          return true;
        }
      }
    }
    return false;
  }

  /** The public and protected members of {@code type} whose signature names OkHttp, Retrofit or Moshi. */
  static List<String> plumbingIn(Class<?> type) {
    List<String> found = new ArrayList<>();
    String name = type.getName();
    if (type.getGenericSuperclass() != null && mentionsPlumbing(type.getGenericSuperclass())) {
      found.add(name + " extends " + type.getGenericSuperclass().getTypeName());
    }
    for (Type supertype : type.getGenericInterfaces()) {
      if (mentionsPlumbing(supertype)) {
        found.add(name + " implements " + supertype.getTypeName());
      }
    }
    for (TypeVariable<?> variable : type.getTypeParameters()) {
      if (mentionsPlumbing(variable)) {
        found.add(name + "<" + variable + ">");
      }
    }
    for (Field field : type.getDeclaredFields()) {
      if (visible(field.getModifiers()) && !field.isSynthetic() && mentionsPlumbing(field.getGenericType())) {
        found.add(name + "." + field.getName());
      }
    }
    List<Executable> executables = new ArrayList<>(Arrays.asList(type.getDeclaredConstructors()));
    executables.addAll(Arrays.asList(type.getDeclaredMethods()));
    for (Executable executable : executables) {
      if (!visible(executable.getModifiers()) || executable.isSynthetic()) {
        continue;
      }
      List<Type> signature = new ArrayList<>(Arrays.asList(executable.getGenericParameterTypes()));
      signature.addAll(Arrays.asList(executable.getGenericExceptionTypes()));
      signature.addAll(Arrays.asList(executable.getTypeParameters()));
      if (executable instanceof Method method) {
        signature.add(method.getGenericReturnType());
      }
      if (signature.stream().anyMatch(PublicSurfaceTest::mentionsPlumbing)) {
        String parameters = String.join(",", Arrays.stream(executable.getParameterTypes()).map(Class::getName).toList());
        String member = executable instanceof Constructor<?> ? "<init>" : executable.getName();
        found.add(name + "." + member + "(" + parameters + ")");
      }
    }
    return found;
  }

  private static boolean mentionsPlumbing(Type type) {
    for (Class<?> named : namedBy(type)) {
      String name = named.getName();
      if (PLUMBING.stream().anyMatch(name::startsWith)) {
        return true;
      }
    }
    return false;
  }

  /** The classes a type names: itself, its generic arguments, bounds and array components, and their enclosing classes. */
  static Set<Class<?>> namedBy(Type type) {
    Set<Class<?>> named = new LinkedHashSet<>();
    Deque<Type> pending = new ArrayDeque<>(List.of(type));
    Set<Type> seen = new LinkedHashSet<>();
    while (!pending.isEmpty()) {
      Type next = pending.pop();
      if (!seen.add(next)) {
        continue;
      }
      if (next instanceof Class<?> c) {
        for (Class<?> at = c.isArray() ? c.getComponentType() : c; at != null; at = at.getEnclosingClass()) {
          named.add(at);
        }
      } else if (next instanceof ParameterizedType p) {
        pending.add(p.getRawType());
        pending.addAll(Arrays.asList(p.getActualTypeArguments()));
        if (p.getOwnerType() != null) {
          pending.add(p.getOwnerType());
        }
      } else if (next instanceof WildcardType w) {
        pending.addAll(Arrays.asList(w.getUpperBounds()));
        pending.addAll(Arrays.asList(w.getLowerBounds()));
      } else if (next instanceof GenericArrayType a) {
        pending.add(a.getGenericComponentType());
      } else if (next instanceof TypeVariable<?> v) {
        pending.addAll(Arrays.asList(v.getBounds()));
      }
    }
    return named;
  }

  /**
   * The generated types a caller can reach: from every signature of the services and of the
   * hand-written public types, transitively through the generated types' own public members; and
   * the families' error codes, which exceptions carry by value.
   */
  static Set<Class<?>> reachedByCallers() {
    Set<Class<?>> reached = new LinkedHashSet<>();
    Deque<Class<?>> pending = new ArrayDeque<>();
    for (Class<?> type : PUBLIC_TYPES) {
      boolean root = !GENERATED.matcher(type.getName()).matches() || SERVICES.contains(type)
          || type.getSimpleName().endsWith("ErrorCode");
      if (root && reached.add(type)) {
        pending.add(type);
      }
    }
    while (!pending.isEmpty()) {
      Class<?> type = pending.pop();
      List<Type> signatures = new ArrayList<>();
      for (Method method : type.getDeclaredMethods()) {
        if (visible(method.getModifiers()) && !method.isSynthetic()) {
          signatures.add(method.getGenericReturnType());
          signatures.addAll(Arrays.asList(method.getGenericParameterTypes()));
        }
      }
      for (Constructor<?> constructor : type.getDeclaredConstructors()) {
        if (visible(constructor.getModifiers())) {
          signatures.addAll(Arrays.asList(constructor.getGenericParameterTypes()));
        }
      }
      for (Field field : type.getDeclaredFields()) {
        if (visible(field.getModifiers())) {
          signatures.add(field.getGenericType());
        }
      }
      for (Type signature : signatures) {
        for (Class<?> named : namedBy(signature)) {
          if (GENERATED.matcher(named.getName()).matches() && reached.add(named)) {
            pending.add(named);
          }
        }
      }
    }
    return reached;
  }

  /** The generated types among {@code types} that {@code reached} does not hold. */
  static List<String> unreached(List<Class<?>> types, Set<Class<?>> reached) {
    return types.stream()
        .filter(type -> GENERATED.matcher(type.getName()).matches() && !reached.contains(type))
        .map(Class::getName)
        .toList();
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** The public types of {@code modules} (one class of each), outside {@code internal} packages, nested ones too. */
  static List<Class<?>> publicTypes(List<Class<?>> modules) {
    List<Class<?>> types = new ArrayList<>();
    for (Class<?> module : modules) {
      for (String name : classNames(module)) {
        if (name.contains(".internal.") || name.endsWith("package-info") || name.endsWith("module-info")) {
          continue;
        }
        Class<?> type;
        try {
          type = Class.forName(name, false, module.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
          throw new AssertionError("cannot load " + name, e);
        }
        if (isPublicApi(type)) {
          types.add(type);
        }
      }
    }
    return types;
  }

  private static boolean isPublicApi(Class<?> type) {
    if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
      return false;
    }
    for (Class<?> at = type; at != null; at = at.getEnclosingClass()) {
      if (!Modifier.isPublic(at.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  /** The class names of the module holding {@code anchor}: its classes directory or its jar. */
  private static List<String> classNames(Class<?> anchor) {
    Path location;
    try {
      location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    try {
      if (Files.isDirectory(location)) {
        try (Stream<Path> files = Files.walk(location)) {
          return files.map(location::relativize).map(Path::toString).filter(f -> f.endsWith(".class"))
              .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.').replace('\\', '.'))
              .sorted().toList();
        }
      }
      try (JarFile jar = new JarFile(location.toFile())) {
        return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
            .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
            .sorted().toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
