package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.FilePart;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.RequestBody;

/**
 * Plumbing, not API: the parts of a {@code multipart/form-data} request as the generated services
 * hand them to Retrofit ({@code @Multipart} methods). A null member is a null part, which Retrofit
 * leaves out. JSON parts (objects of the contract) go through Retrofit's JSON converter instead.
 */
public final class MultipartParts {
  private static final MediaType TEXT = MediaType.get("text/plain; charset=utf-8");

  private MultipartParts() {}

  /** The part {@code name} holding {@code file}, with its file name and media type; null for null. */
  public static MultipartBody.Part file(String name, FilePart file) {
    if (file == null) {
      return null;
    }
    RequestBody body = RequestBody.create(file.bytes(), MediaType.get(file.mediaType()));
    return MultipartBody.Part.createFormData(name, file.fileName(), body);
  }

  /**
   * A text part holding {@code value}'s wire form ({@code toString()}: an open enum's value, a
   * number's digits); null for null.
   */
  public static RequestBody text(Object value) {
    return value == null ? null : RequestBody.create(String.valueOf(value).getBytes(StandardCharsets.UTF_8), TEXT);
  }
}
