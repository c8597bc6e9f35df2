package io.github.krakensdk.runtime.json;

import com.squareup.moshi.JsonQualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link java.math.BigDecimal} that is a JSON number on the wire ({@code type: number,
 * format: decimal} in the contract), such as a Unix time with a fraction ({@code
 * 1688666559.8974}): it is read exactly, never through a {@code double}, and written back as a
 * number with every digit it had. Plain {@code BigDecimal}s are decimal strings.
 *
 * <pre>{@code
 * JsonAdapter<BigDecimal> adapter = moshi.adapter(BigDecimal.class, DecimalNumber.class);
 * }</pre>
 */
@Documented
@JsonQualifier
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface DecimalNumber {}
