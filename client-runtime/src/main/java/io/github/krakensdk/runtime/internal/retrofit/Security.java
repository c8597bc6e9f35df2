package io.github.krakensdk.runtime.internal.retrofit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The security requirement of an operation, as its contract declares it: the names of the
 * security schemes it needs (none for a public operation) and the OAuth scopes. The generator
 * puts it on every Retrofit method; the signing and token interceptors read it from the request
 * (see {@link RequestSecurity}) and act only where it names a scheme, so that a public call never
 * carries credentials and nothing is inferred from the URL.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Security {
  /** The security schemes of the contract this operation needs, empty if it is public. */
  String[] schemes();

  /** The OAuth scopes the operation needs, if any. */
  String[] scopes() default {};
}
