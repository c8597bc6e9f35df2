package io.github.krakensdk.auth.internal;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.NoSuchProviderException;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an RSA private key from the first private-key block of PEM text: unencrypted PKCS#8
 * ({@code BEGIN PRIVATE KEY}) with the JDK alone; encrypted PKCS#8 ({@code BEGIN ENCRYPTED
 * PRIVATE KEY}) and PKCS#1 ({@code BEGIN RSA PRIVATE KEY}, plain or with OpenSSL's {@code
 * Proc-Type}/{@code DEK-Info} encryption) with BouncyCastle, an optional dependency that only
 * those forms load. Messages never include key material.
 */
public final class PemPrivateKeyReader {
  private PemPrivateKeyReader() {}

  /** The artifact that reads the forms the JDK cannot; named in the error when it is absent. */
  public static final String BOUNCY_CASTLE = "org.bouncycastle:bcpkix-jdk18on";

  // The label cannot run across "-----", so a CERTIFICATE block before the key is skipped.
  private static final Pattern BEGIN = Pattern.compile("-----BEGIN ([^-\\r\\n]*PRIVATE KEY)-----");

  /**
   * Reads the first private key block of {@code pem}.
   *
   * @param pem PEM text; blocks before the key (a certificate, say) and text around it are skipped.
   * @param passphrase needed for an encrypted key, ignored for a plain one; may be null. It is
   *     neither modified nor kept.
   * @return the key, as the JDK's RSA key factory builds it.
   * @throws NoSuchProviderException if the key needs BouncyCastle and it is not on the class path.
   */
  public static RSAPrivateKey read(String pem, char[] passphrase) throws GeneralSecurityException {
    Objects.requireNonNull(pem, "pem == null");
    Matcher begin = BEGIN.matcher(pem);
    if (!begin.find()) throw new InvalidKeySpecException("no PEM private key block found");
    String label = begin.group(1);
    String endLine = "-----END " + label + "-----";
    int end = pem.indexOf(endLine, begin.end());
    if (end < 0) throw new InvalidKeySpecException("PEM block has no END line");
    String format;
    switch (label) {
      case "PRIVATE KEY":
        return fromPkcs8(pem.substring(begin.end(), end));
      case "ENCRYPTED PRIVATE KEY":
        format = "an encrypted PKCS#8 key (BEGIN ENCRYPTED PRIVATE KEY)";
        break;
      case "RSA PRIVATE KEY":
        format = "a PKCS#1 key (BEGIN RSA PRIVATE KEY)";
        break;
      default:
        throw new InvalidKeySpecException("not an RSA private key (BEGIN " + label + ")");
    }
    if (!BouncyCastlePresence.PRESENT) {
      throw new NoSuchProviderException(
          "reading " + format + " needs BouncyCastle, an optional dependency: add " + BOUNCY_CASTLE
              + " to the class path, or convert the key to unencrypted PKCS#8 (openssl pkcs8 -topk8"
              + " -nocrypt), or pass the PrivateKey itself");
    }
    return BouncyCastlePem.read(pem.substring(begin.start(), end + endLine.length()), passphrase);
  }

  private static RSAPrivateKey fromPkcs8(String base64) throws GeneralSecurityException {
    byte[] der;
    try {
      der = Base64.getDecoder().decode(base64.replaceAll("\\s+", ""));
    } catch (IllegalArgumentException e) {
      throw new InvalidKeySpecException("PEM body is not valid Base64");
    }
    try {
      return (RSAPrivateKey) KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
    } catch (InvalidKeySpecException e) {
      throw new InvalidKeySpecException("not an RSA private key in PKCS#8 form", e);
    } finally {
      Arrays.fill(der, (byte) 0);
    }
  }

  /**
   * Whether BouncyCastle is on the class path, checked by name on first use of an encrypted or
   * PKCS#1 key, so that reading unencrypted PKCS#8 never touches a BouncyCastle class.
   */
  private static final class BouncyCastlePresence {
    static final boolean PRESENT = present();

    private static boolean present() {
      ClassLoader loader = PemPrivateKeyReader.class.getClassLoader();
      try {
        Class.forName("org.bouncycastle.openssl.PEMParser", false, loader); // bcpkix
        Class.forName("org.bouncycastle.jce.provider.BouncyCastleProvider", false, loader); // bcprov
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        return false;
      }
    }
  }
}
