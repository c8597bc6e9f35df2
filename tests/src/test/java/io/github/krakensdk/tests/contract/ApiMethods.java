package io.github.krakensdk.tests.contract;

import io.github.krakensdk.runtime.internal.retrofit.JsonQuery;
import io.github.krakensdk.runtime.internal.retrofit.Required;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import retrofit2.http.Body;
import retrofit2.http.DELETE;
import retrofit2.http.Field;
import retrofit2.http.FormUrlEncoded;
import retrofit2.http.GET;
import retrofit2.http.HEAD;
import retrofit2.http.HTTP;
import retrofit2.http.Header;
import retrofit2.http.Multipart;
import retrofit2.http.OPTIONS;
import retrofit2.http.PATCH;
import retrofit2.http.POST;
import retrofit2.http.PUT;
import retrofit2.http.Path;
import retrofit2.http.Query;

/** Reads the Retrofit annotations of the generated interfaces. */
public final class ApiMethods {
  private ApiMethods() {}

  /** One parameter of a generated method as the contract would name it. */
  public record Param(String name, String location, boolean required, boolean jsonQuery, Parameter parameter, int index) {}

  /** One generated method: HTTP method, relative path and parameters. */
  public record ApiMethod(Method method, String httpMethod, String path, boolean formUrlEncoded, List<Param> params) {
    public String name() {
      return method.getName();
    }

    public Param param(String name, String location) {
      return params.stream()
          .filter(p -> p.name().equals(name) && p.location().equals(location))
          .findFirst()
          .orElse(null);
    }
  }

  /**
   * The abstract methods of the family's Retrofit interface, by name; the {@code @Multipart} ones,
   * which {@link Contract#operations()} leaves out, are in {@link #multipart(Family)}.
   */
  public static List<ApiMethod> of(Family family) {
    List<ApiMethod> methods = new ArrayList<>();
    Arrays.stream(family.apiClass().getDeclaredMethods())
        .filter(m -> Modifier.isAbstract(m.getModifiers()) && !m.isSynthetic())
        .filter(m -> !m.isAnnotationPresent(Multipart.class))
        .sorted(Comparator.comparing(Method::getName))
        .forEach(m -> methods.add(describe(m)));
    return methods;
  }

  /** The family's {@code @Multipart} Retrofit methods, by name. */
  public static List<Method> multipart(Family family) {
    return Arrays.stream(family.apiClass().getDeclaredMethods())
        .filter(m -> Modifier.isAbstract(m.getModifiers()) && m.isAnnotationPresent(Multipart.class))
        .sorted(Comparator.comparing(Method::getName))
        .toList();
  }

  /** The generated method named {@code operationId}, or {@code null}. */
  public static ApiMethod find(Family family, String operationId) {
    return of(family).stream().filter(m -> m.name().equals(operationId)).findFirst().orElse(null);
  }

  public static ApiMethod describe(Method method) {
    String httpMethod = null;
    String path = null;
    for (Annotation a : method.getAnnotations()) {
      if (a instanceof GET g) {
        httpMethod = "GET";
        path = g.value();
      } else if (a instanceof POST p) {
        httpMethod = "POST";
        path = p.value();
      } else if (a instanceof PUT p) {
        httpMethod = "PUT";
        path = p.value();
      } else if (a instanceof PATCH p) {
        httpMethod = "PATCH";
        path = p.value();
      } else if (a instanceof DELETE d) {
        httpMethod = "DELETE";
        path = d.value();
      } else if (a instanceof HEAD h) {
        httpMethod = "HEAD";
        path = h.value();
      } else if (a instanceof OPTIONS o) {
        httpMethod = "OPTIONS";
        path = o.value();
      } else if (a instanceof HTTP h) {
        httpMethod = h.method();
        path = h.path();
      }
    }
    boolean form = method.isAnnotationPresent(FormUrlEncoded.class);
    List<Param> params = new ArrayList<>();
    Parameter[] parameters = method.getParameters();
    for (int i = 0; i < parameters.length; i++) {
      Parameter p = parameters[i];
      String name = null;
      String location = null;
      for (Annotation a : p.getAnnotations()) {
        if (a instanceof Query q) {
          name = q.value();
          location = "query";
        } else if (a instanceof Path q) {
          name = q.value();
          location = "path";
        } else if (a instanceof Header q) {
          name = q.value();
          location = "header";
        } else if (a instanceof Field q) {
          name = q.value();
          location = "form";
        } else if (a instanceof Body) {
          name = "body";
          location = "body";
        } else if (a.annotationType().getPackageName().equals("retrofit2.http")) {
          name = p.getName();
          location = "unsupported @" + a.annotationType().getSimpleName();
        }
      }
      if (location == null) {
        name = p.getName();
        location = "unannotated";
      }
      params.add(new Param(name, location, p.isAnnotationPresent(Required.class),
          p.isAnnotationPresent(JsonQuery.class), p, i));
    }
    return new ApiMethod(method, httpMethod, path, form, params);
  }
}
