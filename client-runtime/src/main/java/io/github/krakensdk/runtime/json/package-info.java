/**
 * JSON support shared by the generated models: decimal strings as {@link java.math.BigDecimal},
 * RFC 3339 dates, open enums, and the lookup of generic types. Parameters and return values are
 * non-null unless documented otherwise.
 */
package io.github.krakensdk.runtime.json;
