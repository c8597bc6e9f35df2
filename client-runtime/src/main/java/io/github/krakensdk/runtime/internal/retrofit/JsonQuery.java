package io.github.krakensdk.runtime.internal.retrofit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a query parameter whose value travels as JSON text (OpenAPI {@code content:
 * application/json} on a query parameter), such as the futures {@code simulate} call's
 * {@code json}. {@link QueryConverterFactory} writes it.
 */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonQuery {}
