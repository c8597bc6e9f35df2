package io.github.krakensdk.runtime.internal.retrofit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parameter of a generated Retrofit method that the contract requires ({@code required:
 * true} on the parameter, or a required request body). Retrofit's own annotations cannot say it.
 */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface Required {}
