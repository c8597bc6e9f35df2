/** Retrofit support for the generated interfaces. Parameters are non-null unless documented otherwise. */
package io.github.krakensdk.runtime.retrofit;
