package io.github.krakensdk.auth.oauth.internal;

import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.oauth.internal.model.OAuthError;
import io.github.krakensdk.oauth.internal.model.OAuthJsonAdapters;
import io.github.krakensdk.oauth.internal.model.TokenResponse;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import io.github.krakensdk.runtime.transport.TransportFailures;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;

/**
 * Calls the token endpoint ({@code POST /oauth/token}) with the client's Basic credentials.
 *
 * <pre>{@code
 * OAuthTokenClient tokens = OAuthTokenClient.builder(ClientCredentials.publicClient(clientId))
 *     .build();
 * OAuthTokens first = tokens.exchangeCode(code, redirectUri);
 * OAuthTokens next = tokens.refresh(first.refreshToken());
 * }</pre>
 *
 * A refresh token that the endpoint rejects (HTTP 400 or 401, or {@code invalid_grant}) fails
 * with {@link ReauthorizationRequiredException}; other refusals with {@link OAuthException}; a
 * network failure with {@link io.github.krakensdk.errors.KrakenTransportException}. All are
 * unchecked {@link io.github.krakensdk.errors.KrakenException}s of the operation {@value
 * OAuthException#TOKEN_OPERATION}. Tokens are never part of a message. Instances are immutable
 * and thread-safe; {@link BearerTokenAuth} makes sure concurrent callers share one refresh.
 *
 * <p>Answers are decoded as the contract's models ({@code api-spec/oauth.yaml}): a success as
 * {@link TokenResponse}, an error as {@link OAuthError}. A token response wrapped in a Kraken
 * {@code {"result": {...}}} envelope is read too, as other Kraken endpoints answer that way. The
 * contract's token response has no {@code scope}, so {@link OAuthTokens#scope()} is null here.
 */
public final class OAuthTokenClient {
  /** Kraken's token endpoint. */
  public static final HttpUrl DEFAULT_TOKEN_URL = HttpUrl.get("https://api.kraken.com/oauth/token");

  /** A token response larger than this is not a token response. */
  private static final long MAX_RESPONSE_BYTES = 1 << 20;

  private static final Moshi MOSHI = KrakenJson.newBuilder().add(OAuthJsonAdapters.FACTORY).build();
  private static final JsonAdapter<TokenResponse> TOKEN_RESPONSE = MOSHI.adapter(TokenResponse.class);
  private static final JsonAdapter<OAuthError> OAUTH_ERROR = MOSHI.adapter(OAuthError.class);
  /** Kraken's envelope around a result: only its {@code result} member is read. */
  private static final JsonReader.Options RESULT = JsonReader.Options.of("result");

  private final ClientCredentials client;
  private final OkHttpClient httpClient;
  private final HttpUrl tokenUrl;
  private final Clock clock;

  private OAuthTokenClient(Builder builder) {
    this.client = builder.client;
    this.httpClient =
        builder.httpClient != null ? builder.httpClient : KrakenHttpClients.newBuilder().build();
    this.tokenUrl = builder.tokenUrl;
    this.clock = builder.clock;
  }

  /** Starts configuring a token client for {@code client}. */
  public static Builder builder(ClientCredentials client) {
    return new Builder(client);
  }

  /** A builder that starts from this instance's configuration. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  /**
   * The {@code authorization_code} grant: trades the callback's code for tokens.
   *
   * @throws OAuthException if the endpoint refuses the code (a used or expired code is {@code
   *     invalid_grant}) or answers something that is not a token response.
   * @throws io.github.krakensdk.errors.KrakenTransportException if the network failed.
   */
  public OAuthTokens exchangeCode(String code, String redirectUri) {
    FormBody form =
        new FormBody.Builder()
            .add("grant_type", "authorization_code")
            .add("code", Secrets.requireNonBlank(code, "code"))
            .add("redirect_uri", Secrets.requireNonBlank(redirectUri, "redirectUri"))
            .build();
    return post(form, false);
  }

  /**
   * The {@code refresh_token} grant. The answer may carry a new refresh token (rotation); if it
   * does not, the returned tokens keep {@code refreshToken}.
   *
   * @throws ReauthorizationRequiredException if the endpoint rejects the refresh token.
   * @throws OAuthException if it fails otherwise (e.g. {@code temporarily_unavailable}).
   * @throws io.github.krakensdk.errors.KrakenTransportException if the network failed.
   */
  public OAuthTokens refresh(String refreshToken) {
    FormBody form =
        new FormBody.Builder()
            .add("grant_type", "refresh_token")
            .add("refresh_token", Secrets.requireNonBlank(refreshToken, "refreshToken"))
            .build();
    OAuthTokens tokens = post(form, true);
    return tokens.refreshToken() == null ? tokens.toBuilder().refreshToken(refreshToken).build() : tokens;
  }

  private OAuthTokens post(FormBody form, boolean refreshing) {
    Request request =
        new Request.Builder()
            .url(tokenUrl)
            .header("Authorization", client.basicAuthorization())
            .header("Accept", "application/json")
            .post(form)
            .build();
    // Lifetimes count from before the request, so that a slow answer errs on the early side.
    Instant sent = clock.instant();
    try (Response response = httpClient.newCall(request).execute()) {
      byte[] body = read(response.body(), response.code());
      if (!response.isSuccessful()) throw failure(response.code(), body, refreshing);
      return parseTokens(body, sent, response.code());
    } catch (IOException e) {
      throw TransportFailures.toKrakenException(OAuthException.TOKEN_OPERATION, e);
    }
  }

  private static byte[] read(ResponseBody body, int status) throws IOException {
    okio.BufferedSource source = body.source();
    if (source.request(MAX_RESPONSE_BYTES + 1)) {
      throw oauthFailure(status, null, null, "the token endpoint's answer is too large", null);
    }
    return source.readByteArray();
  }

  private static OAuthTokens parseTokens(byte[] body, Instant sent, int status) {
    TokenResponse tokens;
    try {
      JsonReader reader = JsonReader.of(new Buffer().write(body));
      tokens = TOKEN_RESPONSE.fromJson(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new JsonDataException("Expected the end of the answer after the token response");
      }
      if (tokens != null && tokens.accessToken() == null) {
        TokenResponse inEnvelope = resultMember(body);
        tokens = inEnvelope != null ? inEnvelope : tokens;
      }
    } catch (IOException | JsonDataException e) {
      // Moshi's message says where the answer went wrong; it quotes a bad expires_in at most, never a token.
      throw oauthFailure(status, null, null,
          "the token endpoint's answer is not a token response: " + e.getMessage(), e);
    }
    if (tokens == null || tokens.accessToken() == null || tokens.accessToken().isBlank()) {
      throw oauthFailure(status, null, null, "the token endpoint's answer has no access_token", null);
    }
    Integer expiresIn = tokens.expiresIn();
    // Without expires_in the lifetime is unknown: the token is used until the service answers 401.
    Instant expiresAt = expiresIn == null ? null : sent.plusSeconds(Math.max(0, expiresIn));
    // The contract's TokenResponse has no scope (Kraken's token endpoint sends none).
    return OAuthTokens.builder()
        .accessToken(tokens.accessToken())
        .refreshToken(tokens.refreshToken())
        .expiresAt(expiresAt)
        // The contract requires token_type; an answer without one is still a bearer token.
        .tokenType(tokens.tokenType() != null ? tokens.tokenType().value() : "bearer")
        .build();
  }

  /** The {@code result} member of a {@code {"result": {...}}} envelope as tokens, or null. */
  private static TokenResponse resultMember(byte[] body) throws IOException {
    JsonReader reader = JsonReader.of(new Buffer().write(body));
    reader.beginObject();
    while (reader.hasNext()) {
      if (reader.selectName(RESULT) == -1) {
        reader.skipName();
      } else if (reader.peek() == JsonReader.Token.BEGIN_OBJECT) {
        return TOKEN_RESPONSE.fromJson(reader);
      }
      reader.skipValue();
    }
    return null;
  }

  /** {@link ReauthorizationRequiredException} or {@link OAuthException}. */
  private static KrakenServiceException failure(int status, byte[] body, boolean refreshing) {
    String error = null;
    String description = null;
    try {
      OAuthError answer = OAUTH_ERROR.fromJson(new Buffer().write(body));
      if (answer != null) {
        error = answer.error() == null ? null : answer.error().value();
        description = answer.errorDescription();
      }
    } catch (IOException | JsonDataException notAnOAuthError) {
      // Some gateways answer with HTML, or with another shape; the status says enough.
    }
    String message =
        "the token endpoint answered HTTP " + status
            + (error == null ? "" : ": " + error)
            + (description == null ? "" : " (" + abbreviate(description) + ")");
    boolean rejected = status == 400 || status == 401 || "invalid_grant".equals(error);
    if (refreshing && rejected) {
      return new ReauthorizationRequiredException(
          "the refresh token was rejected (" + message + ")", error, status, null);
    }
    return oauthFailure(status, error, description == null ? null : abbreviate(description), message, null);
  }

  private static OAuthException oauthFailure(
      int status, String error, String description, String message, Throwable cause) {
    return new OAuthException(OAuthException.TOKEN_OPERATION, status, error, description, message, cause);
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "…";
  }

  @Override
  public String toString() {
    return "OAuthTokenClient{" + client + ", tokenUrl=" + tokenUrl + "}";
  }

  /** Configures an {@link OAuthTokenClient}; every setter returns this builder. */
  public static final class Builder {
    private final ClientCredentials client;
    private OkHttpClient httpClient;
    private HttpUrl tokenUrl = DEFAULT_TOKEN_URL;
    private Clock clock = Clock.systemUTC();

    Builder(ClientCredentials client) {
      this.client = Objects.requireNonNull(client, "client == null");
    }

    Builder(OAuthTokenClient tokenClient) {
      this.client = tokenClient.client;
      this.httpClient = tokenClient.httpClient;
      this.tokenUrl = tokenClient.tokenUrl;
      this.clock = tokenClient.clock;
    }

    /**
     * The client to send token requests with; by default one from {@link
     * KrakenHttpClients#newBuilder()}. It must not carry the bearer interceptor.
     */
    public Builder httpClient(OkHttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient == null");
      return this;
    }

    /** Another token endpoint, e.g. a sandbox's. */
    public Builder tokenUrl(HttpUrl tokenUrl) {
      this.tokenUrl = Objects.requireNonNull(tokenUrl, "tokenUrl == null");
      return this;
    }

    /** The clock that turns {@code expires_in} into an instant. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Builds the configured {@link OAuthTokenClient}. */
    public OAuthTokenClient build() {
      return new OAuthTokenClient(this);
    }
  }
}
