package io.github.krakensdk;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the five families are served: their base URLs, and the OAuth authorize page a user's browser
 * opens. {@link #PRODUCTION} is the default; {@link #FUTURES_DEMO} sends every Futures call to the
 * demo environment; {@link #toBuilder()} points any family elsewhere (the sandbox, a proxy).
 *
 * <pre>{@code
 * Environment local = Environment.PRODUCTION.toBuilder()
 *     .spot("http://127.0.0.1:8080/")
 *     .build();
 * }</pre>
 *
 * <p>A final class with a builder rather than a record, so that a URL added in a later release
 * (another family, a WebSocket endpoint) does not change a constructor callers compiled against.
 * Instances are immutable; {@link #equals(Object)} compares every URL.
 *
 * <p>Funding (Beta) is served by the Spot host ({@code https://api.kraken.com/funding/...}): its
 * base URL is the Spot base URL unless set apart with {@link Builder#funding(String)}, so an
 * environment pointed at the sandbox or a proxy for Spot sends Funding there too.
 */
public final class Environment {
  /** The public service. */
  public static final Environment PRODUCTION = new Builder()
      .spot("https://api.kraken.com/")
      .futures("https://futures.kraken.com/derivatives/api/v3/")
      .futuresDemo("https://demo-futures.kraken.com/derivatives/api/v3/")
      .oauth("https://api.kraken.com/")
      .oauthAuthorize("https://id.kraken.com/oauth/authorize")
      .embed("https://nexus.kraken.com/")
      .build();

  /** The public service, with Futures on its demo environment. */
  public static final Environment FUTURES_DEMO =
      PRODUCTION.toBuilder().futures(PRODUCTION.futuresDemo().toString()).build();

  private final URI spot;
  private final URI futures;
  private final URI futuresDemo;
  private final URI oauth;
  private final URI oauthAuthorize;
  private final URI embed;
  // Null: the Spot base URL (see funding()).
  private final URI funding;

  /**
   * Every URL is absolute {@code http} or {@code https}; base URLs end with {@code /} (added when
   * missing), so relative operation paths resolve under them.
   */
  private Environment(Builder builder) {
    this.spot = directory(builder.spot, "spot");
    this.futures = directory(builder.futures, "futures");
    this.futuresDemo = directory(builder.futuresDemo, "futuresDemo");
    this.oauth = directory(builder.oauth, "oauth");
    this.oauthAuthorize = checked(builder.oauthAuthorize, "oauthAuthorize");
    this.embed = directory(builder.embed, "embed");
    this.funding = builder.funding == null ? null : directory(builder.funding, "funding");
  }

  /** The Spot base URL. */
  public URI spot() {
    return spot;
  }

  /** The Futures base URL, including {@code /derivatives/api/v3/}. */
  public URI futures() {
    return futures;
  }

  /** Where the demo-only operations of the Futures contract go ({@code simulate}). */
  public URI futuresDemo() {
    return futuresDemo;
  }

  /** The OAuth (Kraken Connect) base URL of the token endpoint and the bearer operations. */
  public URI oauth() {
    return oauth;
  }

  /**
   * The authorize page of the OAuth code flow, which {@link
   * KrakenClient#authorizationRequest(String)} sends the user's browser to.
   */
  public URI oauthAuthorize() {
    return oauthAuthorize;
  }

  /** The Embed base URL. */
  public URI embed() {
    return embed;
  }

  /**
   * The Funding (Beta) base URL, under which the {@code funding/v1/...} paths resolve: the {@link
   * #spot() Spot} base URL unless the builder set another.
   */
  public URI funding() {
    return funding != null ? funding : spot;
  }

  /**
   * A builder with no URL set: every one must be given. {@code PRODUCTION.toBuilder()} is the
   * usual start, changing only some.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this environment's URLs. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Environment that
        && spot.equals(that.spot)
        && futures.equals(that.futures)
        && futuresDemo.equals(that.futuresDemo)
        && oauth.equals(that.oauth)
        && oauthAuthorize.equals(that.oauthAuthorize)
        && embed.equals(that.embed)
        && Objects.equals(funding, that.funding);
  }

  @Override
  public int hashCode() {
    return Objects.hash(spot, futures, futuresDemo, oauth, oauthAuthorize, embed, funding);
  }

  @Override
  public String toString() {
    return "Environment{spot=" + spot + ", futures=" + futures + ", futuresDemo=" + futuresDemo
        + ", oauth=" + oauth + ", oauthAuthorize=" + oauthAuthorize + ", embed=" + embed
        + ", funding=" + funding() + "}";
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

  /**
   * Sets the URLs of an environment, each as a {@code String} or a {@link URI}; {@link #build()}
   * checks them.
   */
  public static final class Builder {
    private URI spot;
    private URI futures;
    private URI futuresDemo;
    private URI oauth;
    private URI oauthAuthorize;
    private URI embed;
    private URI funding;

    private Builder() {
    }

    private Builder(Environment source) {
      this.spot = source.spot;
      this.futures = source.futures;
      this.futuresDemo = source.futuresDemo;
      this.oauth = source.oauth;
      this.oauthAuthorize = source.oauthAuthorize;
      this.embed = source.embed;
      this.funding = source.funding;
    }

    public Builder spot(String url) {
      this.spot = parse(url, "spot");
      return this;
    }

    public Builder spot(URI url) {
      this.spot = checked(url, "spot");
      return this;
    }

    /** The Futures base, including {@code /derivatives/api/v3}. */
    public Builder futures(String url) {
      this.futures = parse(url, "futures");
      return this;
    }

    public Builder futures(URI url) {
      this.futures = checked(url, "futures");
      return this;
    }

    public Builder futuresDemo(String url) {
      this.futuresDemo = parse(url, "futuresDemo");
      return this;
    }

    public Builder futuresDemo(URI url) {
      this.futuresDemo = checked(url, "futuresDemo");
      return this;
    }

    public Builder oauth(String url) {
      this.oauth = parse(url, "oauth");
      return this;
    }

    public Builder oauth(URI url) {
      this.oauth = checked(url, "oauth");
      return this;
    }

    /** The OAuth authorize page, such as {@code https://id.kraken.com/oauth/authorize}. */
    public Builder oauthAuthorize(String url) {
      this.oauthAuthorize = parse(url, "oauthAuthorize");
      return this;
    }

    public Builder oauthAuthorize(URI url) {
      this.oauthAuthorize = checked(url, "oauthAuthorize");
      return this;
    }

    public Builder embed(String url) {
      this.embed = parse(url, "embed");
      return this;
    }

    public Builder embed(URI url) {
      this.embed = checked(url, "embed");
      return this;
    }

    /**
     * The Funding (Beta) base URL, for Funding served apart from Spot; by default Funding follows
     * the Spot base URL ({@code https://api.kraken.com/} in production), which is where the
     * service serves it.
     */
    public Builder funding(String url) {
      this.funding = parse(url, "funding");
      return this;
    }

    public Builder funding(URI url) {
      this.funding = checked(url, "funding");
      return this;
    }

    /** The environment; fails naming the URL that is not absolute {@code http} or {@code https}. */
    public Environment build() {
      return new Environment(this);
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
