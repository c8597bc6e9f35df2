package io.github.krakensdk.auth.internal;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Reads an RSA private key from PEM, in the four forms OpenSSL writes:
 *
 * <ul>
 *   <li>{@code BEGIN PRIVATE KEY}: PKCS#8, unencrypted;
 *   <li>{@code BEGIN ENCRYPTED PRIVATE KEY}: PKCS#8 with PBES2 (PBKDF2 + AES-CBC or 3DES-CBC),
 *       what OpenSSL 3 writes for {@code openssl genrsa -aes128};
 *   <li>{@code BEGIN RSA PRIVATE KEY}: PKCS#1, unencrypted;
 *   <li>{@code BEGIN RSA PRIVATE KEY} with {@code Proc-Type: 4,ENCRYPTED} and {@code DEK-Info}:
 *       the traditional OpenSSL encryption, key from EVP_BytesToKey (MD5, one round, the first 8
 *       bytes of the IV as salt).
 * </ul>
 *
 * Derived keys and passphrase bytes are wiped after use. Messages never include key material.
 */
public final class PemPrivateKeyReader {
  private PemPrivateKeyReader() {}

  private static final String OID_RSA = "1.2.840.113549.1.1.1";
  private static final String OID_PBES2 = "1.2.840.113549.1.5.13";
  private static final String OID_PBKDF2 = "1.2.840.113549.1.5.12";
  private static final Map<String, String> PRF_BY_OID =
      Map.of(
          "1.2.840.113549.2.7", "PBKDF2WithHmacSHA1",
          "1.2.840.113549.2.8", "PBKDF2WithHmacSHA224",
          "1.2.840.113549.2.9", "PBKDF2WithHmacSHA256",
          "1.2.840.113549.2.10", "PBKDF2WithHmacSHA384",
          "1.2.840.113549.2.11", "PBKDF2WithHmacSHA512");

  /** A block cipher in CBC mode: JCA name and key length in bytes. */
  private static final class CbcCipher {
    final String transformation;
    final String keyAlgorithm;
    final int keyLength;

    CbcCipher(String transformation, String keyAlgorithm, int keyLength) {
      this.transformation = transformation;
      this.keyAlgorithm = keyAlgorithm;
      this.keyLength = keyLength;
    }
  }

  private static final CbcCipher AES_128 = new CbcCipher("AES/CBC/PKCS5Padding", "AES", 16);
  private static final CbcCipher AES_192 = new CbcCipher("AES/CBC/PKCS5Padding", "AES", 24);
  private static final CbcCipher AES_256 = new CbcCipher("AES/CBC/PKCS5Padding", "AES", 32);
  private static final CbcCipher DES_EDE3 =
      new CbcCipher("DESede/CBC/PKCS5Padding", "DESede", 24);

  private static final Map<String, CbcCipher> CIPHER_BY_OID =
      Map.of(
          "2.16.840.1.101.3.4.1.2", AES_128,
          "2.16.840.1.101.3.4.1.22", AES_192,
          "2.16.840.1.101.3.4.1.42", AES_256,
          "1.2.840.113549.3.7", DES_EDE3);

  private static final Map<String, CbcCipher> CIPHER_BY_DEK_NAME =
      Map.of(
          "AES-128-CBC", AES_128,
          "AES-192-CBC", AES_192,
          "AES-256-CBC", AES_256,
          "DES-EDE3-CBC", DES_EDE3);

  /**
   * Reads the first private key block of {@code pem}.
   *
   * @param passphrase needed for an encrypted key, ignored for a plain one; may be null.
   */
  public static RSAPrivateKey read(String pem, char[] passphrase) throws GeneralSecurityException {
    PemBlock block = PemBlock.find(pem);
    switch (block.label) {
      case "PRIVATE KEY":
        return fromPkcs8(block.der);
      case "ENCRYPTED PRIVATE KEY":
        {
          byte[] der = decryptPkcs8(block.der, requirePassphrase(passphrase));
          try {
            return fromPkcs8(der);
          } finally {
            Arrays.fill(der, (byte) 0);
          }
        }
      case "RSA PRIVATE KEY":
        {
          String procType = block.headers.get("Proc-Type");
          if (procType == null) return fromPkcs1(block.der);
          if (!procType.replace(" ", "").equals("4,ENCRYPTED")) {
            throw new InvalidKeySpecException("unsupported Proc-Type in PEM");
          }
          byte[] der = decryptTraditional(block, requirePassphrase(passphrase));
          try {
            return fromPkcs1(der);
          } finally {
            Arrays.fill(der, (byte) 0);
          }
        }
      default:
        throw new InvalidKeySpecException("no RSA private key in PEM");
    }
  }

  private static char[] requirePassphrase(char[] passphrase) throws UnrecoverableKeyException {
    if (passphrase == null) {
      throw new UnrecoverableKeyException("the private key is encrypted; a passphrase is needed");
    }
    return passphrase;
  }

  private static RSAPrivateKey fromPkcs8(byte[] der) throws GeneralSecurityException {
    // Check the algorithm first, for a clear message when someone passes an EC key.
    Der info = new Der(der).sequence();
    info.integer();
    String algorithm = info.sequence().oid();
    if (!algorithm.equals(OID_RSA)) throw new InvalidKeySpecException("not an RSA private key");
    PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
    return (RSAPrivateKey) key;
  }

  private static RSAPrivateKey fromPkcs1(byte[] der) throws GeneralSecurityException {
    Der key = new Der(der).sequence();
    BigInteger version = key.integer();
    if (version.signum() != 0 && !version.equals(BigInteger.ONE)) {
      throw new InvalidKeySpecException("unsupported PKCS#1 version");
    }
    RSAPrivateCrtKeySpec spec =
        new RSAPrivateCrtKeySpec(
            key.integer(), // modulus
            key.integer(), // public exponent
            key.integer(), // private exponent
            key.integer(), // prime p
            key.integer(), // prime q
            key.integer(), // d mod (p-1)
            key.integer(), // d mod (q-1)
            key.integer()); // q^-1 mod p
    return (RSAPrivateKey) KeyFactory.getInstance("RSA").generatePrivate(spec);
  }

  /** PKCS#8 EncryptedPrivateKeyInfo with PBES2 (RFC 8018). */
  private static byte[] decryptPkcs8(byte[] der, char[] passphrase)
      throws GeneralSecurityException {
    Der info = new Der(der).sequence();
    Der algorithm = info.sequence();
    byte[] encrypted = info.octetString();
    if (!algorithm.oid().equals(OID_PBES2)) {
      throw new InvalidKeySpecException(
          "unsupported PKCS#8 encryption (only PBES2 is supported; re-export with OpenSSL 1.1+)");
    }
    Der pbes2 = algorithm.sequence();
    Der kdf = pbes2.sequence();
    if (!kdf.oid().equals(OID_PBKDF2)) {
      throw new InvalidKeySpecException("unsupported key derivation (only PBKDF2 is supported)");
    }
    Der kdfParams = kdf.sequence();
    byte[] salt = kdfParams.octetString();
    int iterations = intValue(kdfParams.integer(), "iteration count");
    Integer keyLength = null;
    if (kdfParams.peekTag() == Der.INTEGER) keyLength = intValue(kdfParams.integer(), "key length");
    String prf = "PBKDF2WithHmacSHA1"; // the RFC 8018 default when the field is absent
    if (kdfParams.peekTag() == Der.SEQUENCE) {
      Der prfId = kdfParams.sequence();
      prf = PRF_BY_OID.get(prfId.oid());
      if (prf == null) throw new InvalidKeySpecException("unsupported PBKDF2 PRF");
    }
    Der scheme = pbes2.sequence();
    CbcCipher cipher = CIPHER_BY_OID.get(scheme.oid());
    if (cipher == null) throw new InvalidKeySpecException("unsupported PBES2 cipher");
    byte[] iv = scheme.octetString();
    int length = keyLength != null ? keyLength : cipher.keyLength;
    if (length != cipher.keyLength) throw new InvalidKeySpecException("PBES2 key length mismatch");

    PBEKeySpec spec = new PBEKeySpec(passphrase, salt, iterations, length * 8);
    byte[] key = null;
    try {
      key = SecretKeyFactory.getInstance(prf).generateSecret(spec).getEncoded();
      return decrypt(cipher, key, iv, encrypted);
    } finally {
      spec.clearPassword();
      if (key != null) Arrays.fill(key, (byte) 0);
    }
  }

  /** Traditional OpenSSL PEM encryption: {@code DEK-Info: <cipher>,<hex IV>}. */
  private static byte[] decryptTraditional(PemBlock block, char[] passphrase)
      throws GeneralSecurityException {
    String dekInfo = block.headers.get("DEK-Info");
    if (dekInfo == null) throw new InvalidKeySpecException("encrypted PEM without DEK-Info");
    int comma = dekInfo.indexOf(',');
    if (comma < 0) throw new InvalidKeySpecException("malformed DEK-Info");
    CbcCipher cipher =
        CIPHER_BY_DEK_NAME.get(dekInfo.substring(0, comma).trim().toUpperCase(Locale.ROOT));
    if (cipher == null) throw new InvalidKeySpecException("unsupported DEK-Info cipher");
    byte[] iv;
    try {
      iv = HexFormat.of().parseHex(dekInfo.substring(comma + 1).trim());
    } catch (IllegalArgumentException e) {
      throw new InvalidKeySpecException("malformed DEK-Info IV");
    }
    if (iv.length < 8) throw new InvalidKeySpecException("malformed DEK-Info IV");
    byte[] password = utf8(passphrase);
    byte[] key = null;
    try {
      key = evpBytesToKey(password, Arrays.copyOf(iv, 8), cipher.keyLength);
      return decrypt(cipher, key, iv, block.der);
    } finally {
      Arrays.fill(password, (byte) 0);
      if (key != null) Arrays.fill(key, (byte) 0);
    }
  }

  /** OpenSSL's EVP_BytesToKey with MD5 and one iteration: D_i = MD5(D_(i-1) || pass || salt). */
  static byte[] evpBytesToKey(byte[] password, byte[] salt, int keyLength)
      throws GeneralSecurityException {
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    byte[] key = new byte[keyLength];
    byte[] previous = new byte[0];
    int filled = 0;
    while (filled < keyLength) {
      md5.update(previous);
      md5.update(password);
      md5.update(salt);
      previous = md5.digest();
      int n = Math.min(previous.length, keyLength - filled);
      System.arraycopy(previous, 0, key, filled, n);
      filled += n;
    }
    Arrays.fill(previous, (byte) 0);
    return key;
  }

  private static byte[] decrypt(CbcCipher cbc, byte[] key, byte[] iv, byte[] encrypted)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(cbc.transformation);
    cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, cbc.keyAlgorithm), new IvParameterSpec(iv));
    byte[] plain;
    try {
      plain = cipher.doFinal(encrypted);
    } catch (BadPaddingException | IllegalBlockSizeException e) {
      throw new UnrecoverableKeyException("wrong passphrase, or the key is damaged");
    }
    // A wrong passphrase passes the padding check about once in 256 tries; the DER check
    // that follows catches those, so report them the same way.
    try {
      new Der(plain).sequence();
    } catch (InvalidKeySpecException e) {
      Arrays.fill(plain, (byte) 0);
      throw new UnrecoverableKeyException("wrong passphrase, or the key is damaged");
    }
    return plain;
  }

  private static int intValue(BigInteger value, String what) throws InvalidKeySpecException {
    if (value.signum() <= 0 || value.bitLength() > 31) {
      throw new InvalidKeySpecException("bad PBKDF2 " + what);
    }
    return value.intValue();
  }

  private static byte[] utf8(char[] chars) {
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    if (encoded.hasArray()) Arrays.fill(encoded.array(), (byte) 0);
    return bytes;
  }

  /** One {@code -----BEGIN X-----} ... {@code -----END X-----} block. */
  private static final class PemBlock {
    final String label;
    final Map<String, String> headers;
    final byte[] der;

    PemBlock(String label, Map<String, String> headers, byte[] der) {
      this.label = label;
      this.headers = headers;
      this.der = der;
    }

    /** The first block whose label names a private key; other blocks are skipped. */
    static PemBlock find(String pem) throws InvalidKeySpecException {
      List<String> lines = new ArrayList<>(Arrays.asList(pem.split("\r\n|\r|\n")));
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).trim();
        if (!line.startsWith("-----BEGIN ") || !line.endsWith("-----")) continue;
        String label = line.substring(11, line.length() - 5);
        if (!label.endsWith("PRIVATE KEY")) continue;
        String endLine = "-----END " + label + "-----";
        Map<String, String> headers = new LinkedHashMap<>();
        StringBuilder base64 = new StringBuilder();
        int j = i + 1;
        boolean inHeaders = true;
        for (; j < lines.size(); j++) {
          String current = lines.get(j).trim();
          if (current.equals(endLine)) break;
          if (inHeaders && current.contains(":")) {
            int colon = current.indexOf(':');
            headers.put(current.substring(0, colon).trim(), current.substring(colon + 1).trim());
            continue;
          }
          inHeaders = false;
          base64.append(current);
        }
        if (j == lines.size()) throw new InvalidKeySpecException("PEM block has no END line");
        try {
          return new PemBlock(label, headers, Base64.getDecoder().decode(base64.toString()));
        } catch (IllegalArgumentException e) {
          throw new InvalidKeySpecException("PEM body is not valid Base64");
        }
      }
      throw new InvalidKeySpecException("no PEM private key block found");
    }
  }
}
