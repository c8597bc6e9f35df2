package io.github.krakensdk.runtime.call;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * A file sent as one part of a {@code multipart/form-data} request (a document of an Embed
 * verification): its file name, its media type and its bytes, held in memory. Immutable; the bytes
 * are copied in and out.
 *
 * <pre>{@code
 * FilePart front = FilePart.of(Path.of("passport.jpg"), "image/jpeg");
 * kraken.embed().submitVerification(r -> r.user(iiban)
 *     .type(VerificationKind.IDENTITY_DOCUMENT)
 *     .metadata(check)
 *     .front(front));
 * }</pre>
 *
 * The request is signed over the exact bytes sent, so the whole file is read before anything is
 * sent; the contract may bound each file's size ({@code maxLength}, in bytes), which the request's
 * {@code build()} checks where the bound is documented and leaves to the service where it is the
 * contract's own decision (the Embed upload's 10 MiB: the sandbox refuses a larger file).
 */
public final class FilePart {
  private final String fileName;
  private final String mediaType;
  private final byte[] bytes;

  private FilePart(String fileName, String mediaType, byte[] bytes) {
    this.fileName = Objects.requireNonNull(fileName, "fileName == null");
    this.mediaType = Objects.requireNonNull(mediaType, "mediaType == null");
    this.bytes = Objects.requireNonNull(bytes, "bytes == null").clone();
    if (fileName.isBlank()) {
      throw new IllegalArgumentException("fileName is blank");
    }
    if (fileName.indexOf('"') >= 0 || fileName.indexOf('\r') >= 0 || fileName.indexOf('\n') >= 0) {
      // It travels in a Content-Disposition header, quoted: a quote or line break would break it.
      throw new IllegalArgumentException("fileName contains a quote or a line break: " + fileName);
    }
    if (mediaType.indexOf('/') <= 0) {
      throw new IllegalArgumentException("mediaType is not a media type (type/subtype): " + mediaType);
    }
  }

  /**
   * A file named {@code fileName} of media type {@code mediaType} ({@code image/jpeg},
   * {@code application/pdf}) holding {@code bytes}, copied.
   */
  public static FilePart of(String fileName, String mediaType, byte[] bytes) {
    return new FilePart(fileName, mediaType, bytes);
  }

  /** The file at {@code file}, read now, named by its last path segment. */
  public static FilePart of(Path file, String mediaType) throws IOException {
    Objects.requireNonNull(file, "file == null");
    Path name = file.getFileName();
    if (name == null) {
      throw new IllegalArgumentException("file has no name: " + file);
    }
    return new FilePart(name.toString(), mediaType, Files.readAllBytes(file));
  }

  /** The name the part carries ({@code filename} of its {@code Content-Disposition}). */
  public String fileName() {
    return fileName;
  }

  /** The part's {@code Content-Type}. */
  public String mediaType() {
    return mediaType;
  }

  /** A copy of the file's bytes. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** The file's size in bytes. */
  public int size() {
    return bytes.length;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FilePart that
        && fileName.equals(that.fileName)
        && mediaType.equals(that.mediaType)
        && Arrays.equals(bytes, that.bytes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileName, mediaType, Arrays.hashCode(bytes));
  }

  /** Name, media type and size; never the content (an identity document). */
  @Override
  public String toString() {
    return "FilePart{" + fileName + ", " + mediaType + ", " + bytes.length + " bytes}";
  }
}
