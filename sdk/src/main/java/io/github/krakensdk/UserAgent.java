package io.github.krakensdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The {@code User-Agent} every request carries: {@code kraken-java-sdk/<version> (Java <runtime
 * version>)}, so that the service (and a support ticket) can tell which SDK sent a request. The
 * client's status interceptor ({@code ResponseDecoding.statusInterceptor}) sets it.
 */
final class UserAgent {
  static final String VALUE = "kraken-java-sdk/" + version() + " (Java " + Runtime.version() + ")";

  private UserAgent() {}

  private static String version() {
    try (InputStream in = UserAgent.class.getResourceAsStream("kraken-sdk.properties")) {
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
