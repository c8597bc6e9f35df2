package io.github.krakensdk;

import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * The base URLs of the four families. {@link #PRODUCTION} is the default; {@link #FUTURES_DEMO}
 * sends every Futures call to the demo environment; {@link #toBuilder()} points any family
 * elsewhere (the sandbox, a proxy).
 *
 * <pre>{@code
 * Environment local = Environment.PRODUCTION.toBuilder()
 *     .spot("http://127.0.0.1:8080/")
 *     .build();
 * }</pre>
 *
 * @param futuresDemo where the demo-only operations of the Futures contract go ({@code simulate}).
 */
public record Environment(HttpUrl spot, HttpUrl futures, HttpUrl futuresDemo, HttpUrl oauth, HttpUrl embed) {
  /** The public service. */
  public static final Environment PRODUCTION = new Environment(
      HttpUrl.get("https://api.kraken.com/"),
      HttpUrl.get("https://futures.kraken.com/derivatives/api/v3/"),
      HttpUrl.get("https://demo-futures.kraken.com/derivatives/api/v3/"),
      HttpUrl.get("https://api.kraken.com/"),
      HttpUrl.get("https://nexus.kraken.com/"));

  /** The public service, with Futures on its demo environment. */
  public static final Environment FUTURES_DEMO =
      PRODUCTION.toBuilder().futures(PRODUCTION.futuresDemo()).build();

  /** Base URLs end with {@code /} (added when missing), so relative operation paths resolve under them. */
  public Environment {
    spot = directory(spot, "spot");
    futures = directory(futures, "futures");
    futuresDemo = directory(futuresDemo, "futuresDemo");
    oauth = directory(oauth, "oauth");
    embed = directory(embed, "embed");
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  private static HttpUrl directory(HttpUrl url, String name) {
    Objects.requireNonNull(url, name + " == null");
    String path = url.encodedPath();
    return path.endsWith("/") ? url : url.newBuilder().encodedPath(path + "/").build();
  }

  /** Changes some base URLs of an environment. */
  public static final class Builder {
    private HttpUrl spot;
    private HttpUrl futures;
    private HttpUrl futuresDemo;
    private HttpUrl oauth;
    private HttpUrl embed;

    private Builder(Environment source) {
      this.spot = source.spot;
      this.futures = source.futures;
      this.futuresDemo = source.futuresDemo;
      this.oauth = source.oauth;
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

    Builder futures(HttpUrl url) {
      this.futures = url;
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

    public Builder embed(String url) {
      this.embed = parse(url, "embed");
      return this;
    }

    public Environment build() {
      return new Environment(spot, futures, futuresDemo, oauth, embed);
    }

    private static HttpUrl parse(String url, String name) {
      Objects.requireNonNull(url, name + " == null");
      HttpUrl parsed = HttpUrl.parse(url);
      if (parsed == null) {
        throw new IllegalArgumentException(name + " must be an http or https URL (was " + url + ")");
      }
      return parsed;
    }
  }
}
