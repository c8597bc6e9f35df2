package io.github.krakensdk.auth.internal;

import java.io.IOException;
import java.io.StringReader;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.UnrecoverableKeyException;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8DecryptorProviderBuilder;
import org.bouncycastle.openssl.jcajce.JcePEMDecryptorProviderBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;
import org.bouncycastle.pkcs.PKCSException;

/**
 * The PEM forms the JDK cannot read, through BouncyCastle's {@link PEMParser}. Only {@link
 * PemPrivateKeyReader} calls this, after checking that BouncyCastle is present.
 */
final class BouncyCastlePem {
  private BouncyCastlePem() {}

  /**
   * Decrypts with BouncyCastle's own algorithms (every PBES1, PBES2 and scrypt scheme and OpenSSL
   * cipher it knows), from a provider instance that is not registered with the JVM.
   */
  private static final class Holder {
    static final Provider PROVIDER = new BouncyCastleProvider();
  }

  /** Reads the one private key block in {@code block}. */
  static RSAPrivateKey read(String block, char[] passphrase) throws GeneralSecurityException {
    Object object;
    try (PEMParser parser = new PEMParser(new StringReader(block))) {
      object = parser.readObject();
    } catch (IOException | RuntimeException e) {
      throw invalid("malformed PEM private key", e);
    }
    PrivateKeyInfo info;
    if (object instanceof PEMKeyPair) {
      info = ((PEMKeyPair) object).getPrivateKeyInfo();
    } else if (object instanceof PKCS8EncryptedPrivateKeyInfo) {
      info = decrypt((PKCS8EncryptedPrivateKeyInfo) object, passphrase);
    } else if (object instanceof PEMEncryptedKeyPair) {
      info = decrypt((PEMEncryptedKeyPair) object, passphrase);
    } else {
      throw new InvalidKeySpecException("no RSA private key in PEM");
    }
    PrivateKey key;
    try {
      key = new JcaPEMKeyConverter().getPrivateKey(info);
    } catch (PEMException e) {
      throw invalid("not a readable private key", e);
    }
    if (!(key instanceof RSAPrivateKey)) throw new InvalidKeySpecException("not an RSA private key");
    return (RSAPrivateKey) key;
  }

  private static PrivateKeyInfo decrypt(PKCS8EncryptedPrivateKeyInfo encrypted, char[] passphrase)
      throws GeneralSecurityException {
    char[] password = copyOf(passphrase);
    try {
      return encrypted.decryptPrivateKeyInfo(
          new JceOpenSSLPKCS8DecryptorProviderBuilder().setProvider(Holder.PROVIDER).build(password));
    } catch (OperatorCreationException | PKCSException e) {
      // Creating the decryptor fails for an unknown scheme; decrypting fails for a wrong passphrase.
      if (e instanceof OperatorCreationException || e.getCause() instanceof OperatorCreationException) {
        throw invalid("unsupported PKCS#8 encryption", e);
      }
      throw wrongPassphrase("wrong passphrase, or the key is damaged", e);
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  private static PrivateKeyInfo decrypt(PEMEncryptedKeyPair encrypted, char[] passphrase)
      throws GeneralSecurityException {
    char[] password = copyOf(passphrase);
    try {
      return encrypted
          .decryptKeyPair(new JcePEMDecryptorProviderBuilder().setProvider(Holder.PROVIDER).build(password))
          .getPrivateKeyInfo();
    } catch (IOException | RuntimeException e) {
      // A wrong passphrase fails the padding check, or (about once in 256) the DER that follows.
      throw wrongPassphrase("wrong passphrase, or the key is damaged or its DEK-Info cipher unsupported", e);
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  private static char[] copyOf(char[] passphrase) throws UnrecoverableKeyException {
    if (passphrase == null) {
      throw new UnrecoverableKeyException("the private key is encrypted; a passphrase is needed");
    }
    return passphrase.clone(); // wiped after use; the caller's array is left alone
  }

  private static UnrecoverableKeyException wrongPassphrase(String message, Exception cause) {
    UnrecoverableKeyException e = new UnrecoverableKeyException(message);
    e.initCause(cause);
    return e;
  }

  private static InvalidKeySpecException invalid(String message, Exception cause) {
    return new InvalidKeySpecException(message, cause);
  }
}
