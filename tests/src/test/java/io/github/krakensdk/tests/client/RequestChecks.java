package io.github.krakensdk.tests.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.tests.client.ServiceCall.Member;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import io.github.krakensdk.tests.contract.JsonEquivalence;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;

/**
 * What a request sent through {@code KrakenClient} must look like on the wire, derived from the
 * contract and the request's members that were passed (one JSON object keyed by their contract
 * names): method, server and path, query (a JSON query parameter carrying its members), security
 * headers (with the signature recomputed), client-setting headers, and body (the body members,
 * plus the signer-filled ones the signer added).
 */
final class RequestChecks {
  private RequestChecks() {}

  /** Every difference between {@code recorded} and what the contract and {@code sent} call for. */
  static List<String> problems(ServiceCall call, ObjectNode sent, RecordedRequest recorded,
      WireFixture wire) {
    List<String> problems = new ArrayList<>();
    Contract contract = call.contract;
    Contract.Op op = call.op;
    if (!op.httpMethod().equals(recorded.getMethod())) {
      problems.add("method " + recorded.getMethod() + ", contract " + op.httpMethod());
    }
    checkPath(call, sent, recorded, problems);
    checkQuery(call, sent, recorded, problems);
    checkSecurity(call, recorded, wire, problems);
    for (Parameter parameter : contract.parameters(op)) {
      Map<String, Object> extensions = parameter.getExtensions();
      if ("header".equals(parameter.getIn()) && extensions != null
          && Boolean.TRUE.equals(extensions.get(ServiceCall.CLIENT_SETTING))) {
        String value = recorded.getHeaders().get(parameter.getName());
        if (!wire.serviceVersion.value().equals(value)) {
          problems.add("client-setting header " + parameter.getName() + " is " + value + ", configured "
              + wire.serviceVersion.value());
        }
      }
    }
    // A per-call header member (Funding's API-OTP): sent as given, absent when not given.
    for (ServiceCall.Member member : call.members) {
      if (member.location().equals("header")) {
        String value = recorded.getHeaders().get(member.name());
        String expected = sent.hasNonNull(member.name()) ? sent.get(member.name()).asText() : null;
        if (!java.util.Objects.equals(expected, value)) {
          problems.add("header " + member.name() + " is " + value + ", given " + expected);
        }
      }
    }
    checkBody(call, sent, recorded, problems);
    return problems;
  }

  /** A readable dump of the request, for failure messages. */
  static String describe(RecordedRequest recorded) {
    return recorded.getRequestLine() + "\n  headers: " + recorded.getHeaders().toMultimap()
        + "\n  body: " + new String(Signatures.body(recorded), StandardCharsets.UTF_8);
  }

  private static void checkPath(ServiceCall call, ObjectNode sent, RecordedRequest recorded,
      List<String> problems) {
    List<String> expected = new ArrayList<>();
    for (String segment : (call.contract.serverPath(call.op) + call.op.path()).split("/")) {
      if (segment.isEmpty()) {
        continue;
      }
      if (segment.startsWith("{") && segment.endsWith("}")) {
        String name = segment.substring(1, segment.length() - 1);
        JsonNode value = call.member(name).location().equals("path") ? sent.get(name) : null;
        expected.add(value == null ? "<no value for " + name + ">" : value.asText());
      } else {
        expected.add(segment);
      }
    }
    List<String> actual = recorded.getUrl().pathSegments();
    if (!expected.equals(actual)) {
      problems.add("path segments " + actual + ", expected " + expected);
    }
  }

  private static void checkQuery(ServiceCall call, ObjectNode sent, RecordedRequest recorded,
      List<String> problems) {
    HttpUrl url = recorded.getUrl();
    Set<String> expectedNames = new TreeSet<>();
    // A JSON query parameter carries its members as one JSON text; the service always sends it.
    Set<Parameter> jsonQueries = new LinkedHashSet<>();
    call.members.stream().filter(m -> m.location().equals("json-query")).forEach(m -> jsonQueries.add(m.parameter()));
    for (Parameter parameter : jsonQueries) {
      String name = parameter.getName();
      expectedNames.add(name);
      List<String> actual = url.queryParameterValues(name);
      JsonNode received = actual.size() == 1 ? Contracts.readJson(actual.get(0)) : null;
      if (received == null) {
        problems.add("query " + name + " sent " + actual + ", expected one JSON text");
      } else {
        JsonEquivalence.compare(call.contract, Contract.parameterSchema(parameter), call.part(sent, "json-query"),
            received, JsonEquivalence.Mode.ROUND_TRIP)
            .differences().forEach(d -> problems.add("query " + name + " (JSON): " + d));
      }
    }
    for (Member member : call.members) {
      JsonNode value = sent.get(member.name());
      if (!member.location().equals("query") || value == null || value.isNull()) {
        continue;
      }
      expectedNames.add(member.name());
      List<String> actual = url.queryParameterValues(member.name());
      Schema<?> schema = call.contract.resolve(member.schema());
      List<String> expected = new ArrayList<>();
      if (value.isArray()) {
        value.forEach(item -> expected.add(item.asText()));
      } else {
        expected.add(value.asText());
      }
      boolean same = "date-time".equals(schema.getFormat())
          ? actual.size() == 1 && sameInstant(expected.get(0), actual.get(0))
          : expected.equals(actual);
      if (!same) {
        problems.add("query " + member.name() + " sent " + actual + ", expected " + expected);
      }
    }
    Set<String> actualNames = new TreeSet<>(url.queryParameterNames());
    if (!expectedNames.equals(actualNames)) {
      problems.add("query parameters " + actualNames + ", expected exactly those passed " + expectedNames);
    }
  }

  private static boolean sameInstant(String a, String b) {
    try {
      return OffsetDateTime.parse(a).toInstant().equals(OffsetDateTime.parse(b).toInstant());
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * The headers of the operation's security schemes: the API key and a signature that matches the
   * bytes sent, Basic client credentials, or the stored bearer token; for a public operation,
   * none of the family's credentials.
   */
  private static void checkSecurity(ServiceCall call, RecordedRequest recorded, WireFixture wire,
      List<String> problems) {
    Family family = call.contract.family;
    List<SecurityScheme> schemes = call.contract.securitySchemes(call.op);
    if (schemes.isEmpty()) {
      Set<String> credentialHeaders = new LinkedHashSet<>(List.of("Authorization"));
      call.contract.api.getComponents().getSecuritySchemes().values().stream()
          .filter(s -> s.getType() == SecurityScheme.Type.APIKEY && s.getIn() == SecurityScheme.In.HEADER)
          .forEach(s -> credentialHeaders.add(s.getName()));
      for (String name : credentialHeaders) {
        if (recorded.getHeaders().get(name) != null) {
          problems.add("public operation sent credential header " + name);
        }
      }
      return;
    }
    boolean apiKeys = false;
    for (SecurityScheme scheme : schemes) {
      switch (scheme.getType()) {
        case APIKEY -> {
          apiKeys = true;
          String value = recorded.getHeaders().get(scheme.getName());
          if (value == null || value.isBlank()) {
            problems.add("security header " + scheme.getName() + " missing");
          }
        }
        case HTTP -> {
          String expected = "basic".equalsIgnoreCase(scheme.getScheme())
              ? WireFixture.OAUTH_CLIENT.basicAuthorization()
              : "Bearer " + WireFixture.ACCESS_TOKEN;
          expectHeader(recorded, "Authorization", expected, problems);
        }
        case OAUTH2, OPENIDCONNECT -> expectHeader(recorded, "Authorization", "Bearer " + WireFixture.ACCESS_TOKEN,
            problems);
        default -> problems.add("unknown security scheme type " + scheme.getType());
      }
    }
    if (apiKeys) {
      String key = switch (family) {
        // Funding (Beta) is signed with the Spot key.
        case SPOT, FUNDING -> WireFixture.SPOT_KEY.key();
        case FUTURES -> WireFixture.FUTURES_KEY.key();
        case EMBED -> WireFixture.EMBED_KEY.key();
        case OAUTH -> throw new AssertionError("OAuth has no API keys");
      };
      problems.addAll(Signatures.problems(family, recorded, key));
    }
  }

  private static void expectHeader(RecordedRequest recorded, String name, String expected, List<String> problems) {
    String actual = recorded.getHeaders().get(name);
    if (!expected.equals(actual)) {
      problems.add("header " + name + " is " + actual + ", expected " + expected);
    }
  }

  private static void checkBody(ServiceCall call, ObjectNode sent, RecordedRequest recorded,
      List<String> problems) {
    String mediaType = call.contract.requestMediaType(call.op);
    String body = new String(Signatures.body(recorded), StandardCharsets.UTF_8);
    String contentType = recorded.getHeaders().get("Content-Type");
    if (mediaType == null) {
      if (!body.isEmpty()) {
        problems.add("operation without a request body sent " + body);
      }
      return;
    }
    if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(mediaType)) {
      problems.add("Content-Type " + contentType + ", contract " + mediaType);
    }
    if (Contract.FORM_MEDIA_TYPE.equals(mediaType)) {
      Map<String, String> expected = new LinkedHashMap<>();
      call.part(sent, "form").properties().forEach(e -> expected.put(e.getKey(), e.getValue().asText()));
      Map<String, String> actual = parseForm(body);
      // The signer adds its members (a fresh nonce) to a form as to a JSON body.
      for (String name : call.signerFilled()) {
        String value = actual.remove(name);
        if (value == null || !value.matches("[0-9]+")) {
          problems.add("signer-filled member " + name + " is not an integer in " + body);
        }
      }
      if (!expected.equals(actual)) {
        problems.add("form fields " + actual + ", expected " + expected);
      }
      return;
    }
    JsonNode passed = call.part(sent, "body");
    JsonNode received;
    try {
      received = Contracts.readJson(body);
    } catch (RuntimeException e) {
      problems.add("body is not JSON: " + body);
      return;
    }
    // No request has a signer-filled member: the signer adds it (a fresh nonce); the signature check covers it.
    if (received.isObject()) {
      received = received.deepCopy();
      for (String name : call.signerFilled()) {
        if (!received.path(name).isIntegralNumber()) {
          problems.add("signer-filled member " + name + " is not an integer in " + body);
        }
        ((ObjectNode) received).remove(name);
      }
    }
    JsonEquivalence.compare(call.contract, call.bodySchema(), passed, received, JsonEquivalence.Mode.ROUND_TRIP)
        .differences().forEach(d -> problems.add("body differs from the value passed: " + d));
  }

  private static Map<String, String> parseForm(String body) {
    Map<String, String> form = new LinkedHashMap<>();
    if (body.isEmpty()) {
      return form;
    }
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      if (form.put(name, value) != null) {
        form.put(name, "<sent twice>");
      }
    }
    return form;
  }
}
