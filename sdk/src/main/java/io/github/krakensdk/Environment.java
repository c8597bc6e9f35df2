package io.github.krakensdk;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the four families are served: their base URLs, and the OAuth authorize page a user's browser
 * opens. {@link #PRODUCTION} is the default; {@link #FUTURES_DEMO} sends every Futures call to the
 * demo environment; {@link #toBuilder()} points any family elsewhere (the sandbox, a proxy).
 *
 * <pre>{@code
 * Environment local = Environment.PRODUCTION.toBuilder()
 *     .spot("http://127.0.0.1:8080/")
 *     .build();
 * }</pre>
 *
 * @param futuresDemo where the demo-only operations of the Futures contract go ({@code simulate}).
 * @param oauthAuthorize the authorize page of the OAuth code flow, which {@link
 *     KrakenClient#authorizationRequest(String)} sends the user's browser to.
 */
public record Environment(URI spot, URI futures, URI futuresDemo, URI oauth, URI oauthAuthorize, URI embed) {
  /** The public service. */
  public static final Environment PRODUCTION = new Environment(
      URI.create("https://api.kraken.com/"),
      URI.create("https://futures.kraken.com/derivatives/api/v3/"),
      URI.create("https://demo-futures.kraken.com/derivatives/api/v3/"),
      URI.create("https://api.kraken.com/"),
      URI.create("https://id.kraken.com/oauth/authorize"),
      URI.create("https://nexus.kraken.com/"));

  /** The public service, with Futures on its demo environment. */
  public static final Environment FUTURES_DEMO =
      PRODUCTION.toBuilder().futures(PRODUCTION.futuresDemo().toString()).build();

  /**
   * Every URL is absolute {@code http} or {@code https}; base URLs end with {@code /} (added when
   * missing), so relative operation paths resolve under them.
   */
  public Environment {
    spot = directory(spot, "spot");
    futures = directory(futures, "futures");
    futuresDemo = directory(futuresDemo, "futuresDemo");
    oauth = directory(oauth, "oauth");
    oauthAuthorize = checked(oauthAuthorize, "oauthAuthorize");
    embed = directory(embed, "embed");
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  private static URI directory(URI url, String name) {
    URI checked = checked(url, name);
    String path = checked.getRawPath() == null ? "" : checked.getRawPath();
    if (path.endsWith("/")) {
      return checked;
    }
    try {
      return new URI(checked.getScheme(), checked.getRawAuthority(), path + "/", null, null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(name + " must be an http or https URL (was " + url + ")", e);
    }
  }

  private static URI checked(URI url, String name) {
    Objects.requireNonNull(url, name + " == null");
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
      throw new IllegalArgumentException(name + " must be an http or https URL (was " + url + ")");
    }
    return url;
  }

  /** Changes some URLs of an environment. */
  public static final class Builder {
    private URI spot;
    private URI futures;
    private URI futuresDemo;
    private URI oauth;
    private URI oauthAuthorize;
    private URI embed;

    private Builder(Environment source) {
      this.spot = source.spot;
      this.futures = source.futures;
      this.futuresDemo = source.futuresDemo;
      this.oauth = source.oauth;
      this.oauthAuthorize = source.oauthAuthorize;
      this.embed = source.embed;
    }

    public Builder spot(String url) {
      this.spot = parse(url, "spot");
      return this;
    }

    /** The Futures base, including {@code /derivatives/api/v3}. */
    public Builder futures(String url) {
      this.futures = parse(url, "futures");
      return this;
    }

    public Builder futuresDemo(String url) {
      this.futuresDemo = parse(url, "futuresDemo");
      return this;
    }

    public Builder oauth(String url) {
      this.oauth = parse(url, "oauth");
      return this;
    }

    /** The OAuth authorize page, such as {@code https://id.kraken.com/oauth/authorize}. */
    public Builder oauthAuthorize(String url) {
      this.oauthAuthorize = parse(url, "oauthAuthorize");
      return this;
    }

    public Builder embed(String url) {
      this.embed = parse(url, "embed");
      return this;
    }

    public Environment build() {
      return new Environment(spot, futures, futuresDemo, oauth, oauthAuthorize, embed);
    }

    private static URI parse(String url, String name) {
      Objects.requireNonNull(url, name + " == null");
      try {
        return checked(new URI(url), name);
      } catch (URISyntaxException e) {
        throw new IllegalArgumentException(name + " must be an http or https URL (was " + url + ")", e);
      }
    }
  }
}
