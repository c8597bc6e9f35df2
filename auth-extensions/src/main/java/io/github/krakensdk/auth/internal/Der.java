package io.github.krakensdk.auth.internal;

import java.math.BigInteger;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;

/**
 * A minimal DER reader: just enough ASN.1 for PKCS#1 and PKCS#8 private keys and their PBES2
 * encryption parameters. Every read is bounds-checked; malformed input fails with
 * {@link InvalidKeySpecException}.
 */
public final class Der {
  public static final int INTEGER = 0x02;
  public static final int OCTET_STRING = 0x04;
  public static final int NULL = 0x05;
  public static final int OBJECT_IDENTIFIER = 0x06;
  public static final int SEQUENCE = 0x30;

  private final byte[] data;
  private int pos;
  private final int end;

  public Der(byte[] data) {
    this(data, 0, data.length);
  }

  private Der(byte[] data, int start, int end) {
    this.data = data;
    this.pos = start;
    this.end = end;
  }

  public boolean hasMore() {
    return pos < end;
  }

  /** The tag of the next element, or -1 at the end. */
  public int peekTag() {
    return pos < end ? data[pos] & 0xff : -1;
  }

  /** Reads a SEQUENCE and returns a reader over its contents. */
  public Der sequence() throws InvalidKeySpecException {
    int length = header(SEQUENCE);
    Der inner = new Der(data, pos, pos + length);
    pos += length;
    return inner;
  }

  public BigInteger integer() throws InvalidKeySpecException {
    int length = header(INTEGER);
    if (length == 0) throw new InvalidKeySpecException("empty DER INTEGER");
    BigInteger value = new BigInteger(Arrays.copyOfRange(data, pos, pos + length));
    pos += length;
    return value;
  }

  public byte[] octetString() throws InvalidKeySpecException {
    int length = header(OCTET_STRING);
    byte[] value = Arrays.copyOfRange(data, pos, pos + length);
    pos += length;
    return value;
  }

  /** An OBJECT IDENTIFIER in dotted form, e.g. {@code 1.2.840.113549.1.5.13}. */
  public String oid() throws InvalidKeySpecException {
    int length = header(OBJECT_IDENTIFIER);
    if (length == 0) throw new InvalidKeySpecException("empty DER OBJECT IDENTIFIER");
    StringBuilder out = new StringBuilder();
    long value = 0;
    boolean first = true;
    for (int i = pos; i < pos + length; i++) {
      int b = data[i] & 0xff;
      if (value > (Long.MAX_VALUE >> 7)) throw new InvalidKeySpecException("OID arc too large");
      value = (value << 7) | (b & 0x7f);
      if ((b & 0x80) != 0) continue;
      if (first) {
        int top = value < 40 ? 0 : value < 80 ? 1 : 2;
        out.append(top).append('.').append(value - 40L * top);
        first = false;
      } else {
        out.append('.').append(value);
      }
      value = 0;
    }
    if ((data[pos + length - 1] & 0x80) != 0) throw new InvalidKeySpecException("truncated OID");
    pos += length;
    return out.toString();
  }

  /** Skips one element of any type. */
  public void skip() throws InvalidKeySpecException {
    if (pos >= end) throw new InvalidKeySpecException("truncated DER");
    int length = header(data[pos] & 0xff);
    pos += length;
  }

  /** Reads a tag and a length; leaves pos at the contents and checks they fit. */
  private int header(int expectedTag) throws InvalidKeySpecException {
    if (pos + 2 > end) throw new InvalidKeySpecException("truncated DER");
    int tag = data[pos++] & 0xff;
    if (tag != expectedTag) {
      throw new InvalidKeySpecException(
          "unexpected DER tag 0x" + Integer.toHexString(tag) + ", expected 0x"
              + Integer.toHexString(expectedTag));
    }
    int first = data[pos++] & 0xff;
    int length;
    if (first < 0x80) {
      length = first;
    } else {
      int count = first & 0x7f;
      if (count == 0 || count > 3) throw new InvalidKeySpecException("unsupported DER length");
      if (pos + count > end) throw new InvalidKeySpecException("truncated DER");
      length = 0;
      for (int i = 0; i < count; i++) length = (length << 8) | (data[pos++] & 0xff);
    }
    if (length > end - pos) throw new InvalidKeySpecException("truncated DER");
    return length;
  }
}
