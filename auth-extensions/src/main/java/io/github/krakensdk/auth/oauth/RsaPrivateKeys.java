package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.internal.PemPrivateKeyReader;
import io.github.krakensdk.errors.KrakenClientException;
import java.security.GeneralSecurityException;
import java.security.interfaces.RSAPrivateKey;
import java.util.Objects;

/**
 * Reads the RSA private key of a confidential OAuth client from PEM text. Not needed when you
 * already hold the key as a {@link java.security.PrivateKey} (from a {@link java.security.KeyStore},
 * an HSM's provider, or your own PEM reading): {@link
 * ClientCredentials#confidentialFromEncryptedSecret} takes any RSA {@code PrivateKey}.
 *
 * <pre>{@code
 * RSAPrivateKey key = RsaPrivateKeys.fromPem(Files.readString(path), passphrase);
 * }</pre>
 *
 * <p>Accepted:
 *
 * <ul>
 *   <li>PKCS#8 ({@code BEGIN PRIVATE KEY}), read by the JDK alone;
 *   <li>encrypted PKCS#8 ({@code BEGIN ENCRYPTED PRIVATE KEY}: PBES2 with PBKDF2 or scrypt, as
 *       {@code openssl genrsa -aes128} writes since OpenSSL 3, and the PBES1 and PKCS#12 schemes
 *       of older tools) and PKCS#1 ({@code BEGIN RSA PRIVATE KEY}), plain or with the traditional
 *       {@code Proc-Type: 4,ENCRYPTED} / {@code DEK-Info: AES-128-CBC,...} header of older
 *       OpenSSL: these are read by BouncyCastle, an <em>optional</em> dependency. Add it when you
 *       read such keys:
 *       <pre>{@code
 * <dependency>
 *   <groupId>org.bouncycastle</groupId>
 *   <artifactId>bcpkix-jdk18on</artifactId>
 * </dependency>
 * }</pre>
 *       Without it they fail with a {@link KrakenClientException} that names this dependency
 *       (its cause a {@link java.security.NoSuchProviderException}); PKCS#8 keys never need it.
 * </ul>
 *
 * A key that cannot be read fails with an unchecked {@link KrakenClientException} (operation
 * {@value #READ_PRIVATE_KEY}) whose cause says why: {@link java.security.UnrecoverableKeyException}
 * for a wrong or missing passphrase, {@link java.security.spec.InvalidKeySpecException} for other
 * problems. Messages contain no key material.
 */
public final class RsaPrivateKeys {
  /** The {@link KrakenClientException#operationId()} of a key that cannot be read. */
  public static final String READ_PRIVATE_KEY = "readPrivateKey";

  private RsaPrivateKeys() {}

  /** Reads an unencrypted key. */
  public static RSAPrivateKey fromPem(String pem) {
    return fromPem(pem, null);
  }

  /**
   * Reads a key, decrypting it with {@code passphrase} when it is encrypted.
   *
   * @param passphrase may be null for an unencrypted key; the array is not modified or kept.
   * @throws KrakenClientException if the key cannot be read; its cause says why.
   */
  public static RSAPrivateKey fromPem(String pem, char[] passphrase) {
    Objects.requireNonNull(pem, "pem == null");
    try {
      return PemPrivateKeyReader.read(pem, passphrase);
    } catch (GeneralSecurityException e) {
      throw new KrakenClientException(READ_PRIVATE_KEY, e.getMessage(), e);
    }
  }
}
