package io.github.krakensdk;

/**
 * Which forms the client puts on the wire where the contract and Kraken's public service differ:
 * a path, a header name (the table "Differs from the public service" of the README lists each
 * difference, with its evidence, from the contract's {@code x-kraken-public-service}).
 *
 * <p>By default each family speaks the public service's forms when its base URL is the public
 * service's ({@link Environment#PRODUCTION}, {@link Environment#FUTURES_DEMO}), and the
 * contract's forms with any other base URL (the sandbox, a proxy, an environment changed with
 * {@link Environment#toBuilder()}). Choose for every family when the default guesses wrong, for
 * example behind a proxy that forwards to production:
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .environment(Environment.PRODUCTION.toBuilder().spot("https://kraken-proxy.internal/").build())
 *     .wireProfile(WireProfile.PUBLIC_SERVICE)
 *     .build();
 * }</pre>
 *
 * <p>Answers are read in either form whatever the profile: the decoders know both member names.
 */
public enum WireProfile {
  /**
   * The contract's forms, as the specification it was written from states them: what the sandbox
   * and any server built from the contract expect.
   */
  CONTRACT,
  /**
   * The public service's forms where they differ from the contract, applied to each request
   * before it is signed, so that the signature covers what is sent.
   */
  PUBLIC_SERVICE
}
