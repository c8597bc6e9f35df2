package io.github.krakensdk.tests.contract;

import com.squareup.moshi.JsonAdapter;
import java.util.Locale;

/**
 * The five API families: the contract each one is generated from (on the classpath, as the
 * {@code kraken-api-spec} jar publishes it) and the Java packages the generator writes it to.
 */
public enum Family {
  SPOT("Spot"),
  FUTURES("Futures"),
  OAUTH("OAuth"),
  EMBED("Embed"),
  FUNDING("Funding");

  private static final String BASE_PACKAGE = "io.github.krakensdk.";

  private final String displayName;

  Family(String displayName) {
    this.displayName = displayName;
  }

  /**
   * {@code Spot}, {@code Futures}, {@code OAuth}, {@code Embed}, {@code Funding}: the tag and the
   * Java type prefix.
   */
  public String displayName() {
    return displayName;
  }

  /** {@code spot}, ...: the contract's file name without extension and the family's package segment. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The classpath resource of the contract, as published by {@code kraken-api-spec}. */
  public String resource() {
    return "kraken/openapi/" + id() + ".yaml";
  }

  public String fileName() {
    return id() + ".yaml";
  }

  /** {@code io.github.krakensdk.spot}. */
  public String apiPackage() {
    return BASE_PACKAGE + id();
  }

  /** {@code io.github.krakensdk.spot.model}. */
  public String modelPackage() {
    return apiPackage() + ".model";
  }

  /** {@code io.github.krakensdk.spot.internal.model}: the models no caller reaches (envelopes, bodies). */
  public String internalModelPackage() {
    return apiPackage() + ".internal.model";
  }

  /** The generated Retrofit interface of the family, e.g. {@code io.github.krakensdk.spot.internal.SpotApi}. */
  public Class<?> apiClass() {
    return load(apiPackage() + ".internal." + displayName + "Api");
  }

  /**
   * The generated model named after a schema of {@code components/schemas}, public or internal, or
   * {@code null}.
   */
  public Class<?> modelClassOrNull(String schemaName) {
    for (String pkg : new String[] {modelPackage(), internalModelPackage()}) {
      try {
        return Class.forName(pkg + "." + schemaName, false, Family.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        // not in this package
      }
    }
    return null;
  }

  /** The family's generated adapter registry, {@code <Family>JsonAdapters.FACTORY}. */
  public JsonAdapter.Factory adapterFactory() {
    Class<?> registry = load(internalModelPackage() + "." + displayName + "JsonAdapters");
    try {
      return (JsonAdapter.Factory) registry.getField("FACTORY").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("No FACTORY on " + registry.getName(), e);
    }
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, true, Family.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("Generated class missing: " + name, e);
    }
  }
}
