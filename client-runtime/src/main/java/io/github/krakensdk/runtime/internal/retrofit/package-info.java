/**
 * Retrofit support for the generated Retrofit interfaces: the annotations they carry and the
 * converters of query values. Not API: it may change in any release. Parameters are non-null
 * unless documented otherwise.
 */
package io.github.krakensdk.runtime.internal.retrofit;
