package io.github.krakensdk.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;

/**
 * One family's differences from the public service, as its contract records them in {@code
 * x-kraken-public-service}: the operations the service serves at another path, the headers it
 * reads under other names, the members it names differently. The generator writes one table per
 * family ({@code <Family>PublicServiceForms.FORMS}, in the family's {@code internal} package);
 * {@link #interceptor(List)} applies it to what the client sends.
 *
 * <pre>{@code
 * OkHttpClient client = http.newBuilder()
 *     .addInterceptor(OAuthPublicServiceForms.FORMS.interceptor(List.of(environment.oauth())))
 *     .build(); // before the network interceptors that sign: the signed path is the path sent
 * }</pre>
 *
 * <p>Members are not rewritten: the generated decoders read the service's names as well
 * ({@code x-aliases}), and the generator refuses a renamed member in a request.
 */
public final class PublicServiceForms {
  /**
   * The public service serves operation {@code operationId} ({@code method contractPath}) at
   * {@code servicePath}; both paths are the contract's templates, relative to the family's base,
   * with the same {@code {parameters}}.
   */
  public record PathForm(String operationId, String method, String contractPath, String servicePath, String evidence) {
    public PathForm {
      Objects.requireNonNull(operationId, "operationId == null");
      Objects.requireNonNull(method, "method == null");
      Objects.requireNonNull(contractPath, "contractPath == null");
      Objects.requireNonNull(servicePath, "servicePath == null");
      Objects.requireNonNull(evidence, "evidence == null");
    }
  }

  /** The public service reads header {@code contractName} under each of {@code serviceNames}; all are sent. */
  public record HeaderForm(String contractName, List<String> serviceNames, String evidence) {
    public HeaderForm {
      Objects.requireNonNull(contractName, "contractName == null");
      serviceNames = List.copyOf(serviceNames);
      Objects.requireNonNull(evidence, "evidence == null");
      if (serviceNames.isEmpty()) {
        throw new IllegalArgumentException("serviceNames is empty");
      }
    }
  }

  /**
   * The public service names member {@code contractName} of schema {@code schema} {@code
   * serviceName}; {@code javaName} is the generated record's component.
   */
  public record MemberForm(String schema, String contractName, String javaName, String serviceName, String evidence) {
    public MemberForm {
      Objects.requireNonNull(schema, "schema == null");
      Objects.requireNonNull(contractName, "contractName == null");
      Objects.requireNonNull(javaName, "javaName == null");
      Objects.requireNonNull(serviceName, "serviceName == null");
      Objects.requireNonNull(evidence, "evidence == null");
    }
  }

  private final List<PathForm> paths;
  private final List<HeaderForm> headers;
  private final List<MemberForm> members;

  private PublicServiceForms(Builder builder) {
    this.paths = List.copyOf(builder.paths);
    this.headers = List.copyOf(builder.headers);
    this.members = List.copyOf(builder.members);
  }

  public static Builder builder() {
    return new Builder();
  }

  public List<PathForm> paths() {
    return paths;
  }

  public List<HeaderForm> headers() {
    return headers;
  }

  public List<MemberForm> members() {
    return members;
  }

  /** True when nothing the client sends differs: the interceptor would change nothing. */
  public boolean sendsAsTheContract() {
    return paths.isEmpty() && headers.isEmpty();
  }

  /**
   * An application interceptor that puts requests into the public service's forms: a request to
   * one of the {@link #paths()} under one of {@code bases} goes to the service's path (query kept),
   * and each of the {@link #headers()} is sent under the service's names instead. Add it before
   * the signers, which are network interceptors, so that the path signed is the path sent.
   */
  public Interceptor interceptor(List<HttpUrl> bases) {
    List<HttpUrl> copy = List.copyOf(bases);
    return chain -> chain.proceed(toService(chain.request(), copy));
  }

  /** {@code request} in the public service's forms; itself when nothing applies. */
  public Request toService(Request request, List<HttpUrl> bases) {
    Request.Builder changed = null;
    HttpUrl url = servicePath(request, bases);
    if (url != null) {
      changed = request.newBuilder().url(url);
    }
    for (HeaderForm header : headers) {
      String value = request.header(header.contractName());
      if (value == null) {
        continue;
      }
      if (changed == null) {
        changed = request.newBuilder();
      }
      changed.removeHeader(header.contractName());
      for (String name : header.serviceNames()) {
        changed.header(name, value);
      }
    }
    return changed == null ? request : changed.build();
  }

  /**
   * The request's URL at the service's path, or null when it is not one of {@link #paths()}. Only
   * the path under a base counts, not the host: a caller's interceptor may have sent the request
   * elsewhere (a test server, a proxy) before this one runs.
   */
  private HttpUrl servicePath(Request request, List<HttpUrl> bases) {
    if (paths.isEmpty()) {
      return null;
    }
    List<String> segments = request.url().encodedPathSegments();
    for (HttpUrl base : bases) {
      List<String> prefix = base.encodedPathSegments();
      prefix = prefix.subList(0, prefix.size() - 1); // a base ends with "/": its last segment is empty
      if (!samePrefix(segments, prefix)) {
        continue;
      }
      List<String> rest = segments.subList(prefix.size(), segments.size());
      for (PathForm form : paths) {
        List<String> values = form.method().equalsIgnoreCase(request.method())
            ? match(template(form.contractPath()), rest) : null;
        if (values != null) {
          List<String> path = new ArrayList<>(prefix);
          path.addAll(fill(template(form.servicePath()), values, form));
          return request.url().newBuilder().encodedPath("/" + String.join("/", path)).build();
        }
      }
    }
    return null;
  }

  private static boolean samePrefix(List<String> segments, List<String> prefix) {
    return segments.size() >= prefix.size() && segments.subList(0, prefix.size()).equals(prefix);
  }

  private static List<String> template(String path) {
    String relative = path.startsWith("/") ? path.substring(1) : path;
    return List.of(relative.split("/", -1));
  }

  /** The values of the template's {@code {parameters}} in order, by name; null if {@code segments} do not match. */
  private static List<String> match(List<String> template, List<String> segments) {
    if (template.size() != segments.size()) {
      return null;
    }
    List<String> values = new ArrayList<>();
    for (int i = 0; i < template.size(); i++) {
      String part = template.get(i);
      if (isParameter(part)) {
        if (segments.get(i).isEmpty()) {
          return null;
        }
        values.add(part + "=" + segments.get(i));
      } else if (!part.equals(segments.get(i))) {
        return null;
      }
    }
    return values;
  }

  private static List<String> fill(List<String> template, List<String> values, PathForm form) {
    List<String> path = new ArrayList<>();
    for (String part : template) {
      if (!isParameter(part)) {
        path.add(part);
        continue;
      }
      String value = values.stream().filter(v -> v.startsWith(part + "=")).findFirst()
          .orElseThrow(() -> new IllegalStateException(form.operationId() + ": " + form.servicePath()
              + " names " + part + ", which " + form.contractPath() + " does not"));
      path.add(value.substring(part.length() + 1));
    }
    return path;
  }

  private static boolean isParameter(String segment) {
    return segment.startsWith("{") && segment.endsWith("}");
  }

  /** Collects a family's forms; the generated tables use it. */
  public static final class Builder {
    private final List<PathForm> paths = new ArrayList<>();
    private final List<HeaderForm> headers = new ArrayList<>();
    private final List<MemberForm> members = new ArrayList<>();

    private Builder() {}

    public Builder path(String operationId, String method, String contractPath, String servicePath, String evidence) {
      paths.add(new PathForm(operationId, method, contractPath, servicePath, evidence));
      return this;
    }

    public Builder header(String contractName, List<String> serviceNames, String evidence) {
      headers.add(new HeaderForm(contractName, serviceNames, evidence));
      return this;
    }

    public Builder member(String schema, String contractName, String javaName, String serviceName, String evidence) {
      members.add(new MemberForm(schema, contractName, javaName, serviceName, evidence));
      return this;
    }

    public PublicServiceForms build() {
      return new PublicServiceForms(this);
    }
  }

  @Override
  public String toString() {
    return "PublicServiceForms{paths=" + paths + ", headers=" + headers + ", members=" + members + "}";
  }
}
