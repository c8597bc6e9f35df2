package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.internal.params.BodyParameters;
import io.github.krakensdk.sandbox.internal.params.ServiceForms;

import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every family does with a call: find the operation, authenticate the caller as the family
 * does, check the request against the contract, then run the operation. Each family supplies its
 * routes, its authentication and its error envelope.
 *
 * @param <P> who the family's authentication identifies (a key, a partner, a token).
 */
public abstract class Endpoint<P> {
  public final Family family;
  public final ContractValidator contract;
  private final List<Route<P>> routes = new ArrayList<>();

  public Endpoint(Family family, ContractValidator contract) {
    this.family = family;
    this.contract = contract;
  }

  /** An operation of the contract handled by this endpoint. */
  public interface Handler<P> {
    Reply handle(HttpCall call, Map<String, String> path, P principal) throws IOException;
  }

  public record Route<P>(String method, String template, Pattern pattern, List<String> names, String operationId,
      boolean signed, Handler<P> handler) {}

  /** Either the caller, or the answer that refuses it. */
  public record Authenticated<P>(P principal, Reply refusal) {
    public static <P> Authenticated<P> as(P principal) {
      return new Authenticated<>(principal, null);
    }

    public static <P> Authenticated<P> refused(Reply refusal) {
      return new Authenticated<>(null, refusal);
    }
  }

  /** The answer to a call, with the operation it was for (null when none matched). */
  public record Served(Reply reply, String operationId, Family family, String contractPath) {}

  /** Registers {@code method template} ({@code {name}} marks a path parameter). */
  public final void route(String method, String template, String operationId, boolean signed, Handler<P> handler) {
    List<String> names = new ArrayList<>();
    Matcher parameter = Pattern.compile("\\{([^}]+)}").matcher(template);
    StringBuilder regex = new StringBuilder();
    int last = 0;
    while (parameter.find()) {
      regex.append(Pattern.quote(template.substring(last, parameter.start()))).append("([^/]+)");
      names.add(parameter.group(1));
      last = parameter.end();
    }
    regex.append(Pattern.quote(template.substring(last)));
    routes.add(new Route<>(method, template, Pattern.compile(regex.toString()), names, operationId, signed, handler));
  }

  /**
   * Serves {@code received} at {@code path} (the demo prefix removed), in the contract's form or
   * in the public service's ({@link ServiceForms}): both are accepted, as the service would.
   */
  public final Served serve(HttpCall received, String path) {
    HttpCall call = contract.serviceForms.withContractHeaders(received);
    return serveContractForm(call, contract.serviceForms.contractPath(call.method, path));
  }

  private Served serveContractForm(HttpCall call, String contractPath) {
    Route<P> route = null;
    Map<String, String> pathParameters = new LinkedHashMap<>();
    Set<String> allowed = new TreeSet<>();
    for (Route<P> candidate : routes) {
      Matcher matcher = candidate.pattern().matcher(contractPath);
      if (matcher.matches()) {
        allowed.add(candidate.method());
        if (candidate.method().equals(call.method)) {
          route = candidate;
          for (int i = 0; i < candidate.names().size(); i++) {
            pathParameters.put(candidate.names().get(i), URLDecoder.decode(matcher.group(i + 1), StandardCharsets.UTF_8));
          }
          break;
        }
      }
    }
    if (route == null) {
      return new Served(allowed.isEmpty() ? unknownOperation(call)
          : wrongMethod(call, allowed).withHeader("Allow", String.join(", ", allowed)), null, family, contractPath);
    }
    if (call.bodyTooLarge()) {
      // Before authentication: only the start of the body was kept, so no signature could match it.
      return new Served(rejected(route, List.of(new Problem("request.body.tooLarge",
          "request body larger than " + call.bodyLimit() + " bytes"))), route.operationId(), family,
          contractPath);
    }
    try {
      Operation op = contract.operations.find(call.method, contractPath);
      call.parameters(BodyParameters.of(call, op));
      P principal = null;
      if (route.signed()) {
        Authenticated<P> who = authenticate(call, route);
        if (who.refusal() != null) {
          return new Served(who.refusal(), route.operationId(), family, contractPath);
        }
        principal = who.principal();
      }
      String conflict = contract.serviceForms.headerConflict(call);
      if (conflict != null) {
        return new Served(rejected(route, List.of(new Problem("request.header.conflict", conflict))),
            route.operationId(), family, contractPath);
      }
      Reply early = beforeValidation(call, route);
      if (early != null) {
        return new Served(early, route.operationId(), family, contractPath);
      }
      List<Problem> problems = contract.checkRequest(call, contractPath);
      if (!problems.isEmpty()) {
        return new Served(rejected(route, problems), route.operationId(), family, contractPath);
      }
      if (op != null) {
        call.parameters(call.parameters().without(op.ignored())); // checked, and ignored as the service does
      }
      return new Served(route.handler().handle(call, pathParameters, principal), route.operationId(), family, contractPath);
    } catch (IOException | RuntimeException e) {
      return new Served(internalError(e), route.operationId(), family, contractPath);
    }
  }

  /** Checks the caller of a signed operation. */
  public abstract Authenticated<P> authenticate(HttpCall call, Route<P> route);

  /** A refusal that comes before the contract check (e.g. a grant type the service does not know); null for none. */
  public Reply beforeValidation(HttpCall call, Route<P> route) {
    return null;
  }

  /** The family's envelope for a request the contract rejects. */
  public abstract Reply rejected(Route<P> route, List<Problem> problems);

  /** The family's envelope for a path it does not serve (HTTP 404). */
  public abstract Reply unknownOperation(HttpCall call);

  /**
   * The family's envelope for a path it serves called with another method: HTTP 405, to which
   * the endpoint adds {@code Allow}. The Spot service has answered so since January 2024 (a public
   * endpoint over POST); for the other families the sandbox answers as HTTP says (CONVENTIONS.md).
   *
   * @param allowed the methods the path takes.
   */
  public abstract Reply wrongMethod(HttpCall call, Set<String> allowed);

  /** The family's envelope for a failure of the sandbox itself. */
  public abstract Reply internalError(Exception e);

  /** The first problem as one line, for the error detail. */
  public static String detail(List<Problem> problems) {
    String message = problems.get(0).message().replaceAll("\\s+", " ").trim();
    return message.length() <= 300 ? message : message.substring(0, 300) + "…";
  }
}
