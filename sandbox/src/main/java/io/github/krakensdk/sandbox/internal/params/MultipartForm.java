package io.github.krakensdk.sandbox.internal.params;


import io.github.krakensdk.sandbox.internal.contract.Operation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code multipart/form-data} body (RFC 7578) split into its parts, read from the exact bytes
 * that arrived (which the signature covers):
 *
 * <pre>{@code
 * List<MultipartForm.Part> parts = MultipartForm.parse(call.body, call.header("Content-Type"));
 * }</pre>
 *
 * A body that does not follow the format (no boundary, a part without {@code Content-Disposition:
 * form-data; name=...}, no closing delimiter) is refused with an {@link IllegalArgumentException}
 * saying what is wrong.
 */
public final class MultipartForm {
  public static final String MEDIA_TYPE = "multipart/form-data";
  private static final Pattern BOUNDARY = Pattern.compile("(?i);\\s*boundary=(\"([^\"]+)\"|([^;\\s]+))");
  private static final Pattern NAME = Pattern.compile("(?i);\\s*name=\"([^\"]*)\"");
  private static final Pattern FILE_NAME = Pattern.compile("(?i);\\s*filename=\"([^\"]*)\"");
  private static final byte[] CRLF = {'\r', '\n'};
  private static final byte[] HEADERS_END = {'\r', '\n', '\r', '\n'};

  /**
   * One part: its form field {@code name}, the {@code filename} of a file part (else null), its
   * {@code Content-Type} (null when it sent none, which means {@code text/plain}) and its bytes.
   */
  record Part(String name, String fileName, String contentType, byte[] bytes) {
    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }

    boolean isJson() {
      return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(Operation.JSON);
    }
  }

  private MultipartForm() {}

  /** True if {@code contentType} is {@code multipart/form-data}. */
  static boolean is(String contentType) {
    return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(MEDIA_TYPE);
  }

  /** The parts of {@code body}, sent with {@code contentType}, in order. */
  static List<Part> parse(byte[] body, String contentType) {
    if (!is(contentType)) {
      throw new IllegalArgumentException("Content-Type is " + contentType + ", not " + MEDIA_TYPE);
    }
    Matcher boundaryMatch = BOUNDARY.matcher(contentType);
    if (!boundaryMatch.find()) {
      throw new IllegalArgumentException("Content-Type has no boundary");
    }
    String boundary = boundaryMatch.group(2) != null ? boundaryMatch.group(2) : boundaryMatch.group(3);
    byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
    int at = indexOf(body, delimiter, 0);
    if (at < 0) {
      throw new IllegalArgumentException("the body has no boundary delimiter");
    }
    List<Part> parts = new ArrayList<>();
    while (true) {
      int afterDelimiter = at + delimiter.length;
      if (startsWith(body, afterDelimiter, new byte[] {'-', '-'})) {
        return parts; // the closing delimiter; an epilogue after it is ignored
      }
      if (!startsWith(body, afterDelimiter, CRLF)) {
        throw new IllegalArgumentException("a boundary delimiter is not followed by a line break");
      }
      int headersStart = afterDelimiter + CRLF.length;
      int headersEnd = indexOf(body, HEADERS_END, headersStart);
      if (headersEnd < 0) {
        throw new IllegalArgumentException("part " + (parts.size() + 1) + " has no end of headers");
      }
      byte[] next = concat(CRLF, delimiter);
      int contentEnd = indexOf(body, next, headersEnd + HEADERS_END.length);
      if (contentEnd < 0) {
        throw new IllegalArgumentException("the body has no closing boundary delimiter");
      }
      String headers = new String(body, headersStart, headersEnd - headersStart, StandardCharsets.UTF_8);
      byte[] content = Arrays.copyOfRange(body, headersEnd + HEADERS_END.length, contentEnd);
      parts.add(part(headers, content, parts.size() + 1));
      at = contentEnd + CRLF.length;
    }
  }

  private static Part part(String headers, byte[] content, int number) {
    String disposition = null;
    String contentType = null;
    for (String line : headers.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException("part " + number + " has a malformed header: " + line);
      }
      String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).trim();
      if (name.equals("content-disposition")) {
        disposition = value;
      } else if (name.equals("content-type")) {
        contentType = value;
      }
    }
    if (disposition == null || !disposition.toLowerCase(Locale.ROOT).startsWith("form-data")) {
      throw new IllegalArgumentException("part " + number + " has no Content-Disposition: form-data");
    }
    Matcher name = NAME.matcher(disposition);
    if (!name.find() || name.group(1).isEmpty()) {
      throw new IllegalArgumentException("part " + number + " has no name");
    }
    Matcher fileName = FILE_NAME.matcher(disposition);
    return new Part(name.group(1), fileName.find() ? fileName.group(1) : null, contentType, content);
  }

  private static boolean startsWith(byte[] data, int from, byte[] prefix) {
    if (from + prefix.length > data.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (data[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(byte[] data, byte[] target, int from) {
    for (int i = Math.max(from, 0); i <= data.length - target.length; i++) {
      if (startsWith(data, i, target)) {
        return i;
      }
    }
    return -1;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] result = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, result, a.length, b.length);
    return result;
  }
}
