package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.oauth.model.AuthorizationLanguage;
import io.github.krakensdk.oauth.model.AuthorizationTheme;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

/**
 * The OAuth authorization pages are documented in {@code oauth.yaml} as browser pages ({@code
 * x-kraken-browser-page: true}: no generated method); the SDK builds their address with {@link
 * AuthorizationRequest}. Every address it builds is one the contract documents: the page's server
 * and path (each documented language in the path of the language variant), only documented query
 * parameters, every required one, and enum values from the enums.
 */
class AuthorizationPagesTest {
  private static final String REDIRECT = "https://app.example.com/oauth/kraken/callback";
  private final Contract oauth = Contracts.get(Family.OAUTH);

  @Test
  void theContractDocumentsTheTwoPagesAsBrowserPagesOnly() {
    List<String> pages = oauth.browserPages().stream().map(Contract.Op::id).toList();
    assertEquals(List.of("openAuthorizationPage", "openAuthorizationPageInLanguage"), pages);
    assertTrue(oauth.operations().stream().noneMatch(op -> pages.contains(op.id())), "not client operations");
  }

  @Test
  void theDefaultAddressIsTheDocumentedPage() {
    assertEquals(url(page("openAuthorizationPage"), Map.of()).uri(), AuthorizationRequest.DEFAULT_AUTHORIZE_URL);
  }

  @Test
  void everyBuiltAddressIsADocumentedOne() {
    Contract.Op plain = page("openAuthorizationPage");
    check(plain, Map.of(), AuthorizationRequest.builder("client-1", REDIRECT).build());
    check(plain, Map.of(), AuthorizationRequest.builder("client-1", REDIRECT)
        .scopes("account.info:basic", "account.fast-api-key:write").state("s-1")
        .preferTheme(AuthorizationTheme.LIGHT).build());

    Contract.Op inLanguage = page("openAuthorizationPageInLanguage");
    List<String> languages = enumValues(pathParameter(inLanguage, "language"));
    assertEquals(14, languages.size(), "the service's languages: " + languages);
    for (String language : languages) {
      AuthorizationRequest request = AuthorizationRequest.builder("client-1", REDIRECT)
          .language(AuthorizationLanguage.of(language)).preferTheme(AuthorizationTheme.DARK)
          .scopes("account.info:basic").build();
      check(inLanguage, Map.of("language", language), request);
    }
    // The SDK's constants are the contract's values.
    assertEquals(new TreeSet<>(languages),
        new TreeSet<>(AuthorizationLanguage.values().stream().map(AuthorizationLanguage::value).toList()));
  }

  private Contract.Op page(String operationId) {
    return oauth.browserPages().stream().filter(op -> op.id().equals(operationId)).findFirst()
        .orElseThrow(() -> new AssertionError("oauth.yaml has no browser page " + operationId));
  }

  /** The page's address with its path parameters filled in, no query. */
  private HttpUrl url(Contract.Op page, Map<String, String> pathValues) {
    String path = page.path();
    for (Map.Entry<String, String> value : pathValues.entrySet()) {
      path = path.replace("{" + value.getKey() + "}", value.getValue());
    }
    return HttpUrl.get(oauth.servers(page).get(0).getUrl() + path);
  }

  private void check(Contract.Op page, Map<String, String> pathValues, AuthorizationRequest request) {
    HttpUrl built = HttpUrl.get(request.url());
    assertEquals(url(page, pathValues), built.newBuilder().query(null).build(), page.label());

    Map<String, Parameter> documented = new TreeMap<>();
    for (Parameter parameter : oauth.parameters(page)) {
      if (parameter.getIn().equals("query")) {
        documented.put(parameter.getName(), parameter);
      }
    }
    Set<String> sent = built.queryParameterNames();
    List<String> problems = new ArrayList<>();
    for (String name : sent) {
      Parameter parameter = documented.get(name);
      if (parameter == null) {
        problems.add(name + " is not a documented parameter of " + page.id());
        continue;
      }
      List<String> allowed = enumValues(parameter);
      String value = built.queryParameter(name);
      if (!allowed.isEmpty() && !allowed.contains(value)) {
        problems.add(name + "=" + value + " is not one of " + allowed);
      }
    }
    documented.values().stream().filter(p -> Boolean.TRUE.equals(p.getRequired()))
        .filter(p -> !sent.contains(p.getName()))
        .forEach(p -> problems.add("the required parameter " + p.getName() + " is missing"));
    assertEquals(List.of(), problems, built.toString());
  }

  private Parameter pathParameter(Contract.Op page, String name) {
    return oauth.parameters(page).stream().filter(p -> p.getIn().equals("path") && p.getName().equals(name))
        .findFirst().orElseThrow(() -> new AssertionError(page.id() + " has no path parameter " + name));
  }

  private List<String> enumValues(Parameter parameter) {
    Schema<?> schema = oauth.resolve(Contract.parameterSchema(parameter));
    List<String> values = new ArrayList<>();
    if (schema.getEnum() != null) {
      schema.getEnum().forEach(value -> values.add(String.valueOf(value)));
    }
    return values;
  }
}
