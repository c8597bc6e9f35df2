package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.internal.http.HttpCall;

import io.github.krakensdk.sandbox.internal.contract.Contract;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The public service's forms of a family, read from its contract's {@code x-kraken-public-service}
 * (CONVENTIONS.md), which the sandbox accepts as well as the contract's own, as the service would:
 * an operation's path at the service ({@code GET /oauth/fast-api-key} for {@code
 * /oauth/fast-api-keys}) and a header under the service's names ({@code Kraken-Version} or {@code
 * Payward-Version} for {@code Service-Version}). Each call is turned into the contract's form
 * before it is checked and served; signatures are checked over what was sent. Immutable.
 */
public final class ServiceForms {
  private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");

  /** The operation {@code method contractPath} as the service serves it. */
  private record PathForm(String method, Pattern servicePath, List<String> names, String contractPath) {}

  private final List<PathForm> paths = new ArrayList<>();
  /** The service's names of each header, by the contract's name. */
  private final Map<String, List<String>> headers = new LinkedHashMap<>();
  private final Contract operations;

  public ServiceForms(Contract operations) {
    this.operations = operations;
    for (Operation operation : operations.all()) {
      String servicePath = operation.servicePath();
      if (servicePath != null) {
        List<String> names = new ArrayList<>();
        Matcher parameter = PARAMETER.matcher(servicePath);
        StringBuilder regex = new StringBuilder();
        int last = 0;
        while (parameter.find()) {
          regex.append(Pattern.quote(servicePath.substring(last, parameter.start()))).append("([^/]+)");
          names.add(parameter.group(1));
          last = parameter.end();
        }
        regex.append(Pattern.quote(servicePath.substring(last)));
        paths.add(new PathForm(operation.method(), Pattern.compile(regex.toString()), names, operation.path()));
      }
      for (Parameter parameter : operation.parameters()) {
        if ("header".equals(parameter.in()) && !parameter.serviceNames().isEmpty()) {
          headers.putIfAbsent(parameter.name(), parameter.serviceNames());
        }
      }
    }
  }

  /**
   * The contract's path of {@code method path}: the path itself when the contract serves it, the
   * contract's path of the operation the service serves there otherwise.
   */
  public String contractPath(String method, String path) {
    if (operations.find(method, path) != null) {
      return path;
    }
    for (PathForm form : paths) {
      Matcher matcher = form.servicePath().matcher(path);
      if (form.method().equals(method) && matcher.matches()) {
        String contractPath = form.contractPath();
        for (int i = 0; i < form.names().size(); i++) {
          contractPath = contractPath.replace("{" + form.names().get(i) + "}", matcher.group(i + 1));
        }
        return contractPath;
      }
    }
    return path;
  }

  /**
   * {@code call} with each header the service reads under other names under the contract's name
   * too, when only a service's name was sent; {@code call} itself when there is nothing to add.
   */
  public HttpCall withContractHeaders(HttpCall call) {
    Map<String, List<String>> added = null;
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (call.header(header.getKey()) != null) continue;
      for (String name : header.getValue()) {
        List<String> values = call.headers.get(name);
        if (values != null && !values.isEmpty()) {
          if (added == null) added = new LinkedHashMap<>(call.headers);
          added.put(header.getKey(), values);
          break;
        }
      }
    }
    if (added == null) {
      return call;
    }
    return new HttpCall(call.method, call.rawPath, call.rawQuery, added, call.body);
  }

  /**
   * Why {@code call} is refused for its headers: the contract's name and the service's names of
   * one header carrying different values; null when they agree.
   */
  public String headerConflict(HttpCall call) {
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      Map<String, String> sent = new LinkedHashMap<>();
      List<String> names = new ArrayList<>(List.of(header.getKey()));
      names.addAll(header.getValue());
      for (String name : names) {
        String value = call.header(name);
        if (value != null) sent.put(name, value);
      }
      if (sent.values().stream().distinct().count() > 1) {
        return "the headers " + String.join(", ", sent.keySet()) + " name the same setting and must carry the same"
            + " value (sent: " + sent + ")";
      }
    }
    return null;
  }
}
