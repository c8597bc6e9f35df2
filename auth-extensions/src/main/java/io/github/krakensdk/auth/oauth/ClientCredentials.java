package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.errors.KrakenClientException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;

/**
 * An OAuth client's ID and, for a confidential client, its secret.
 *
 * <pre>{@code
 * // A public client (mobile, desktop, single-page app): no secret.
 * ClientCredentials app = ClientCredentials.publicClient("my-client-id");
 *
 * // A confidential client: Kraken hands out the secret RSA-encrypted with the public key you
 * // registered; decrypt it with your private key.
 * PrivateKey key = RsaPrivateKeys.fromPem(Files.readString(keyFile), passphrase);
 * ClientCredentials server =
 *     ClientCredentials.confidentialFromEncryptedSecret("my-client-id", encryptedSecret, key);
 * }</pre>
 *
 * {@link #toString()} shows the client ID, never the secret.
 */
public final class ClientCredentials {
  /** The {@link KrakenClientException#operationId()} of a client secret that cannot be decrypted. */
  public static final String DECRYPT_CLIENT_SECRET = "decryptClientSecret";

  private final String clientId;
  private final String clientSecret;

  private ClientCredentials(String clientId, String clientSecret) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
  }

  /** A public client: the token endpoint sees {@code clientId:} with an empty secret. */
  public static ClientCredentials publicClient(String clientId) {
    return new ClientCredentials(checkClientId(clientId), null);
  }

  /** A confidential client whose secret is already in plain text. */
  public static ClientCredentials confidential(String clientId, String clientSecret) {
    return new ClientCredentials(
        checkClientId(clientId), Secrets.requireNonBlank(clientSecret, "clientSecret"));
  }

  /**
   * A confidential client whose secret Kraken issued encrypted: Base64 of the secret encrypted
   * with the client's registered RSA public key, PKCS#1 v1.5 padding (what {@code openssl rsautl
   * -decrypt} undoes). Line breaks and spaces in the Base64 are ignored.
   *
   * @throws KrakenClientException if it is not Base64, or {@code privateKey} cannot decrypt it (the
   *     message says which, without any key or secret material; the cause is a {@link
   *     GeneralSecurityException}). Its operation is {@value #DECRYPT_CLIENT_SECRET}.
   */
  public static ClientCredentials confidentialFromEncryptedSecret(
      String clientId, String encryptedSecretBase64, PrivateKey privateKey) {
    try {
      return decrypt(clientId, encryptedSecretBase64, privateKey);
    } catch (GeneralSecurityException e) {
      throw new KrakenClientException(DECRYPT_CLIENT_SECRET, e.getMessage(), e);
    }
  }

  private static ClientCredentials decrypt(
      String clientId, String encryptedSecretBase64, PrivateKey privateKey)
      throws GeneralSecurityException {
    checkClientId(clientId);
    Secrets.requireNonBlank(encryptedSecretBase64, "encryptedSecretBase64");
    Objects.requireNonNull(privateKey, "privateKey == null");
    byte[] encrypted;
    try {
      encrypted = Base64.getDecoder().decode(encryptedSecretBase64.replaceAll("\\s+", ""));
    } catch (IllegalArgumentException e) {
      throw new GeneralSecurityException("encryptedSecretBase64 is not valid Base64");
    }
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    cipher.init(Cipher.DECRYPT_MODE, privateKey);
    byte[] plain;
    try {
      plain = cipher.doFinal(encrypted);
    } catch (BadPaddingException | IllegalBlockSizeException e) {
      throw new GeneralSecurityException(
          "cannot decrypt the client secret with this private key (wrong key, or the value is damaged)");
    }
    try {
      String secret =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(plain))
              .toString();
      return confidential(clientId, secret);
    } catch (CharacterCodingException | IllegalArgumentException e) {
      throw new GeneralSecurityException("the decrypted client secret is not UTF-8 text");
    } finally {
      Arrays.fill(plain, (byte) 0);
    }
  }

  private static String checkClientId(String clientId) {
    Secrets.requireNonBlank(clientId, "clientId");
    // Basic credentials are "id:secret"; a colon in the ID would move the boundary.
    if (clientId.indexOf(':') >= 0) throw new IllegalArgumentException("clientId contains ':'");
    return clientId;
  }

  public String clientId() {
    return clientId;
  }

  /** True for a public client, which has no secret. */
  public boolean isPublic() {
    return clientSecret == null;
  }

  /**
   * The {@code Authorization} header value for the token endpoint: {@code Basic
   * base64(clientId ":" clientSecret)}, with an empty secret for a public client.
   */
  public String basicAuthorization() {
    String pair = clientId + ":" + (clientSecret == null ? "" : clientSecret);
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "ClientCredentials{clientId=" + clientId + ", clientSecret="
        + (clientSecret == null ? "none" : Secrets.REDACTED) + "}";
  }
}
