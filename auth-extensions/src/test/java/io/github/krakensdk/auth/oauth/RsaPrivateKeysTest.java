package io.github.krakensdk.auth.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.krakensdk.errors.KrakenClientException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchProviderException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.UnrecoverableKeyException;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys are generated here, written as PEM in each form OpenSSL produces, and read back. Nothing
 * key-like is stored in the repository.
 */
final class RsaPrivateKeysTest {
  private static final char[] PASSPHRASE = "correct horse battery staple".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private static KeyPair keyPair;

  @BeforeAll
  static void generate() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    keyPair = generator.generateKeyPair();
  }

  private static RSAPrivateCrtKey original() {
    return (RSAPrivateCrtKey) keyPair.getPrivate();
  }

  private static void assertSameKey(RSAPrivateKey read) {
    assertEquals(original().getModulus(), read.getModulus());
    assertEquals(original().getPrivateExponent(), read.getPrivateExponent());
  }

  private static String pem(String label, List<String> headers, byte[] der) {
    StringBuilder out = new StringBuilder("-----BEGIN " + label + "-----\n");
    for (String header : headers) out.append(header).append('\n');
    if (!headers.isEmpty()) out.append('\n');
    out.append(Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der));
    return out.append("\n-----END ").append(label).append("-----\n").toString();
  }

  // A tiny DER writer for PKCS#1, independent of the reader under test.
  private static byte[] der(int tag, byte[]... parts) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (byte[] part : parts) content.writeBytes(part);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int length = content.size();
    if (length < 0x80) {
      out.write(length);
    } else if (length < 0x100) {
      out.write(0x81);
      out.write(length);
    } else {
      out.write(0x82);
      out.write(length >> 8);
      out.write(length & 0xff);
    }
    out.writeBytes(content.toByteArray());
    return out.toByteArray();
  }

  private static byte[] integer(BigInteger value) {
    return der(0x02, value.toByteArray());
  }

  private static byte[] pkcs1() {
    RSAPrivateCrtKey k = original();
    return der(0x30, integer(BigInteger.ZERO), integer(k.getModulus()), integer(k.getPublicExponent()),
        integer(k.getPrivateExponent()), integer(k.getPrimeP()), integer(k.getPrimeQ()),
        integer(k.getPrimeExponentP()), integer(k.getPrimeExponentQ()), integer(k.getCrtCoefficient()));
  }

  /** Traditional OpenSSL encryption, written from its definition (EVP_BytesToKey, MD5, 1 round). */
  private static String traditional(String cipherName, String transformation, String keyAlgorithm,
      int keyLength, int ivLength, char[] passphrase) throws Exception {
    byte[] iv = new byte[ivLength];
    RANDOM.nextBytes(iv);
    byte[] password = new String(passphrase).getBytes(StandardCharsets.UTF_8);
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    ByteArrayOutputStream key = new ByteArrayOutputStream();
    byte[] block = new byte[0];
    while (key.size() < keyLength) {
      md5.update(block);
      md5.update(password);
      md5.update(iv, 0, 8);
      block = md5.digest();
      key.writeBytes(block);
    }
    Cipher cipher = Cipher.getInstance(transformation);
    cipher.init(Cipher.ENCRYPT_MODE,
        new SecretKeySpec(java.util.Arrays.copyOf(key.toByteArray(), keyLength), keyAlgorithm),
        new IvParameterSpec(iv));
    return pem("RSA PRIVATE KEY",
        List.of("Proc-Type: 4,ENCRYPTED", "DEK-Info: " + cipherName + "," + HexFormat.of().withUpperCase().formatHex(iv)),
        cipher.doFinal(pkcs1()));
  }

  /**
   * Encrypted PKCS#8 with PBES2: the encryption and the PBES2 parameters (PBKDF2 salt, iterations,
   * PRF, cipher, IV) are encoded by the JDK; only the outer EncryptedPrivateKeyInfo is put
   * together here, because JDK 17's EncryptedPrivateKeyInfo cannot name PBES2 itself.
   */
  private static String encryptedPkcs8(String algorithm, char[] passphrase) throws Exception {
    SecretKey key = SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(passphrase));
    byte[] salt = new byte[16];
    byte[] iv = new byte[16];
    RANDOM.nextBytes(salt);
    RANDOM.nextBytes(iv);
    Cipher cipher = Cipher.getInstance(algorithm);
    cipher.init(Cipher.ENCRYPT_MODE, key, new PBEParameterSpec(salt, 2048, new IvParameterSpec(iv)));
    byte[] encrypted = cipher.doFinal(keyPair.getPrivate().getEncoded());
    AlgorithmParameters parameters = cipher.getParameters();
    byte[] pbes2Oid = HexFormat.of().parseHex("06092a864886f70d01050d"); // 1.2.840.113549.1.5.13
    byte[] algorithmId = der(0x30, pbes2Oid, parameters.getEncoded());
    return pem("ENCRYPTED PRIVATE KEY", List.of(), der(0x30, algorithmId, der(0x04, encrypted)));
  }

  @Test
  void pkcs8() throws Exception {
    String pem = pem("PRIVATE KEY", List.of(), keyPair.getPrivate().getEncoded());
    assertSameKey(RsaPrivateKeys.fromPem(pem));
    assertSameKey(RsaPrivateKeys.fromPem(pem, PASSPHRASE)); // a passphrase for a plain key is ignored
    // CRLF line ends and other blocks around it are fine.
    String noisy = "Bag Attributes\r\n-----BEGIN CERTIFICATE-----\r\nAAAA\r\n-----END CERTIFICATE-----\r\n"
        + pem.replace("\n", "\r\n");
    assertSameKey(RsaPrivateKeys.fromPem(noisy));
  }

  @Test
  void encryptedPkcs8() throws Exception {
    assertSameKey(RsaPrivateKeys.fromPem(encryptedPkcs8("PBEWithHmacSHA256AndAES_128", PASSPHRASE), PASSPHRASE));
    assertSameKey(RsaPrivateKeys.fromPem(encryptedPkcs8("PBEWithHmacSHA512AndAES_256", PASSPHRASE), PASSPHRASE));
  }

  /** PBES1 and the PKCS#12 schemes, which the JDK writes itself; BouncyCastle reads them. */
  @Test
  void encryptedPkcs8WithOlderSchemes() throws Exception {
    for (String algorithm : new String[] {"PBEWithMD5AndDES", "PBEWithSHA1AndDESede"}) {
      SecretKey key = SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(PASSPHRASE));
      byte[] salt = new byte[8];
      RANDOM.nextBytes(salt);
      Cipher cipher = Cipher.getInstance(algorithm);
      cipher.init(Cipher.ENCRYPT_MODE, key, new PBEParameterSpec(salt, 2048));
      EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(
          cipher.getParameters(), cipher.doFinal(keyPair.getPrivate().getEncoded()));
      String pem = pem("ENCRYPTED PRIVATE KEY", List.of(), info.getEncoded());
      assertSameKey(RsaPrivateKeys.fromPem(pem, PASSPHRASE));
      unreadable(UnrecoverableKeyException.class, () -> RsaPrivateKeys.fromPem(pem, "wrong".toCharArray()));
    }
  }

  @Test
  void plainPkcs1() throws Exception {
    assertSameKey(RsaPrivateKeys.fromPem(pem("RSA PRIVATE KEY", List.of(), pkcs1())));
  }

  @Test
  void traditionalEncryptedPkcs1() throws Exception {
    assertSameKey(RsaPrivateKeys.fromPem(
        traditional("AES-128-CBC", "AES/CBC/PKCS5Padding", "AES", 16, 16, PASSPHRASE), PASSPHRASE));
    assertSameKey(RsaPrivateKeys.fromPem(
        traditional("AES-256-CBC", "AES/CBC/PKCS5Padding", "AES", 32, 16, PASSPHRASE), PASSPHRASE));
    assertSameKey(RsaPrivateKeys.fromPem(
        traditional("DES-EDE3-CBC", "DESede/CBC/PKCS5Padding", "DESede", 24, 8, PASSPHRASE), PASSPHRASE));
  }

  @Test
  void wrongOrMissingPassphrase() throws Exception {
    char[] wrong = "Tr0ub4dor&3".toCharArray();
    for (String pem : new String[] {
        encryptedPkcs8("PBEWithHmacSHA256AndAES_128", PASSPHRASE),
        traditional("AES-128-CBC", "AES/CBC/PKCS5Padding", "AES", 16, 16, PASSPHRASE)}) {
      KrakenClientException bad = unreadable(UnrecoverableKeyException.class, () -> RsaPrivateKeys.fromPem(pem, wrong));
      assertFalse(bad.getMessage().contains("Tr0ub4dor"));
      assertFalse(bad.getCause().getMessage().contains("Tr0ub4dor"));
      KrakenClientException missing = unreadable(UnrecoverableKeyException.class, () -> RsaPrivateKeys.fromPem(pem));
      assertTrue(missing.getMessage().contains("passphrase"));
      assertEquals(RsaPrivateKeys.READ_PRIVATE_KEY, missing.operationId());
    }
  }

  @Test
  void thingsThatAreNotRsaKeys() throws Exception {
    KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
    ec.initialize(256);
    String ecPem = pem("PRIVATE KEY", List.of(), ec.generateKeyPair().getPrivate().getEncoded());
    unreadable(InvalidKeySpecException.class, () -> RsaPrivateKeys.fromPem(ecPem));
    unreadable(InvalidKeySpecException.class, () -> RsaPrivateKeys.fromPem("no pem here"));
    unreadable(InvalidKeySpecException.class,
        () -> RsaPrivateKeys.fromPem("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n"));
    unreadable(InvalidKeySpecException.class,
        () -> RsaPrivateKeys.fromPem("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n"));
    unreadable(InvalidKeySpecException.class,
        () -> RsaPrivateKeys.fromPem("-----BEGIN RSA PRIVATE KEY-----\nMAMCAQA=\n"));
  }

  /** A key that cannot be read: a local failure whose cause, of {@code type}, says why. */
  private static KrakenClientException unreadable(Class<? extends GeneralSecurityException> type, Executable read) {
    KrakenClientException e = assertThrows(KrakenClientException.class, read);
    assertInstanceOf(type, e.getCause());
    assertEquals(RsaPrivateKeys.READ_PRIVATE_KEY + ": " + e.getCause().getMessage(), e.getMessage());
    return e;
  }

  @Test
  void confidentialClientSecretIsDecrypted() throws Exception {
    String encrypted = encryptForClient(keyPair.getPublic(), "the-client-secret");
    PrivateKey key = RsaPrivateKeys.fromPem(
        traditional("AES-128-CBC", "AES/CBC/PKCS5Padding", "AES", 16, 16, PASSPHRASE), PASSPHRASE);
    ClientCredentials client = ClientCredentials.confidentialFromEncryptedSecret("cid", encrypted, key);
    assertEquals(basic("cid:the-client-secret"), client.basicAuthorization());
    assertFalse(client.toString().contains("the-client-secret"));
    // Line-wrapped Base64, as `openssl base64` prints it, is accepted too.
    String wrapped = encrypted.substring(0, 64) + "\n" + encrypted.substring(64);
    assertEquals(client.basicAuthorization(),
        ClientCredentials.confidentialFromEncryptedSecret("cid", wrapped, key).basicAuthorization());
  }

  /** No PEM at all: a key from a key store, an HSM's provider or anywhere else is taken as is. */
  @Test
  void privateKeyIsAcceptedDirectly() throws Exception {
    String encrypted = encryptForClient(keyPair.getPublic(), "the-client-secret");
    PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(
        new PKCS8EncodedKeySpec(keyPair.getPrivate().getEncoded()));
    assertEquals(basic("cid:the-client-secret"),
        ClientCredentials.confidentialFromEncryptedSecret("cid", encrypted, key).basicAuthorization());
  }

  /**
   * BouncyCastle is optional: without it, unencrypted PKCS#8 is read without touching a single
   * BouncyCastle class, and the other forms fail with an error that names the dependency.
   */
  @Test
  void withoutBouncyCastleOnlyPkcs8IsReadAndTheErrorNamesTheDependency() throws Exception {
    WithoutBouncyCastle loader = new WithoutBouncyCastle(RsaPrivateKeys.class.getClassLoader());
    Class<?> hidden = Class.forName(RsaPrivateKeys.class.getName(), true, loader);
    assertNotSame(RsaPrivateKeys.class, hidden, "loaded again, by the loader that hides BouncyCastle");
    Method fromPem = hidden.getMethod("fromPem", String.class, char[].class);

    assertSameKey((RSAPrivateKey) fromPem.invoke(null, pem("PRIVATE KEY", List.of(), keyPair.getPrivate().getEncoded()), null));
    assertEquals(List.of(), loader.bouncyCastleRequests, "the JDK path asked for no BouncyCastle class");

    String[][] cases = {
      {encryptedPkcs8("PBEWithHmacSHA256AndAES_128", PASSPHRASE), "encrypted PKCS#8 key (BEGIN ENCRYPTED PRIVATE KEY)"},
      {pem("RSA PRIVATE KEY", List.of(), pkcs1()), "PKCS#1 key (BEGIN RSA PRIVATE KEY)"},
      {traditional("AES-128-CBC", "AES/CBC/PKCS5Padding", "AES", 16, 16, PASSPHRASE), "PKCS#1 key (BEGIN RSA PRIVATE KEY)"},
    };
    for (String[] c : cases) {
      InvocationTargetException thrown =
          assertThrows(InvocationTargetException.class, () -> fromPem.invoke(null, c[0], PASSPHRASE));
      KrakenClientException e = assertInstanceOf(KrakenClientException.class, thrown.getCause());
      assertInstanceOf(NoSuchProviderException.class, e.getCause());
      assertEquals(RsaPrivateKeys.READ_PRIVATE_KEY, e.operationId());
      assertTrue(e.getMessage().contains("org.bouncycastle:bcpkix-jdk18on"), e.getMessage());
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
    }
  }

  /** Defines this module's classes itself and refuses every org.bouncycastle class. */
  private static final class WithoutBouncyCastle extends ClassLoader {
    final List<String> bouncyCastleRequests = new CopyOnWriteArrayList<>();

    WithoutBouncyCastle(ClassLoader parent) {
      super(parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("org.bouncycastle.")) {
        bouncyCastleRequests.add(name);
        throw new ClassNotFoundException(name);
      }
      if (!name.startsWith("io.github.krakensdk.auth.")) return super.loadClass(name, resolve);
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded != null) return loaded;
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
          if (in == null) throw new ClassNotFoundException(name);
          byte[] bytes = in.readAllBytes();
          return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
    }
  }

  @Test
  void secretEncryptedForAnotherKeyIsRefused() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    String encrypted = encryptForClient(generator.generateKeyPair().getPublic(), "the-client-secret");
    KrakenClientException e = assertThrows(KrakenClientException.class,
        () -> ClientCredentials.confidentialFromEncryptedSecret("cid", encrypted, keyPair.getPrivate()));
    assertFalse(e.getMessage().contains("the-client-secret"));
    assertInstanceOf(GeneralSecurityException.class, e.getCause());
    assertEquals(ClientCredentials.DECRYPT_CLIENT_SECRET, e.operationId());
    KrakenClientException notBase64 = assertThrows(KrakenClientException.class,
        () -> ClientCredentials.confidentialFromEncryptedSecret("cid", "not base64 !", keyPair.getPrivate()));
    assertInstanceOf(GeneralSecurityException.class, notBase64.getCause());
  }

  /** The real thing, when OpenSSL is installed: keys made by `openssl genrsa -aes128`. */
  @Test
  void keysAndSecretsMadeByOpenSsl(@TempDir Path dir) throws Exception {
    assumeTrue(openSslAvailable(), "openssl is not installed; skipping the OpenSSL interoperability check");
    Path modern = dir.resolve("modern.pem");
    Path legacy = dir.resolve("legacy.pem");
    Path publicKey = dir.resolve("public.pem");
    Path secret = dir.resolve("secret.txt");
    Path encrypted = dir.resolve("secret.enc");
    run("openssl", "genrsa", "-aes128", "-passout", "pass:hunter2", "-out", modern.toString(), "2048");
    run("openssl", "rsa", "-in", modern.toString(), "-passin", "pass:hunter2", "-traditional", "-aes128",
        "-passout", "pass:hunter2", "-out", legacy.toString());
    run("openssl", "rsa", "-in", modern.toString(), "-passin", "pass:hunter2", "-pubout", "-out", publicKey.toString());
    Files.writeString(secret, "secret-from-kraken");
    run("openssl", "pkeyutl", "-encrypt", "-pubin", "-inkey", publicKey.toString(),
        "-pkeyopt", "rsa_padding_mode:pkcs1", "-in", secret.toString(), "-out", encrypted.toString());

    String modernPem = Files.readString(modern);
    String legacyPem = Files.readString(legacy);
    assertTrue(modernPem.contains("BEGIN ENCRYPTED PRIVATE KEY"), "OpenSSL 3 writes encrypted PKCS#8");
    assertTrue(legacyPem.contains("DEK-Info: AES-128-CBC"));
    RSAPrivateKey fromModern = RsaPrivateKeys.fromPem(modernPem, "hunter2".toCharArray());
    RSAPrivateKey fromLegacy = RsaPrivateKeys.fromPem(legacyPem, "hunter2".toCharArray());
    assertEquals(fromModern.getModulus(), fromLegacy.getModulus());

    String encryptedBase64 = Base64.getEncoder().encodeToString(Files.readAllBytes(encrypted));
    for (RSAPrivateKey key : List.of(fromModern, fromLegacy)) {
      assertEquals(basic("cid:secret-from-kraken"),
          ClientCredentials.confidentialFromEncryptedSecret("cid", encryptedBase64, key).basicAuthorization());
    }
  }

  private static String encryptForClient(PublicKey key, String secret) throws Exception {
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    cipher.init(Cipher.ENCRYPT_MODE, key);
    return Base64.getEncoder().encodeToString(cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8)));
  }

  private static String basic(String pair) {
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean openSslAvailable() {
    try {
      Process process = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  private static void run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "timed out: " + String.join(" ", command));
    assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
  }
}
