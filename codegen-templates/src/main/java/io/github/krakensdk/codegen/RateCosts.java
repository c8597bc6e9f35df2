package io.github.krakensdk.codegen;

/**
 * An operation's {@code x-kraken-rate-cost}: what one call adds to the key's Spot REST call
 * counter, which the generated {@code Operation} carries so that the client paces the call by it.
 * Every private operation of a family with that counter (Spot, and Funding, signed with a Spot
 * key: styles {@code spot} and {@code problem}) must state its cost
 * (0 for the calls the trading engine limits instead), so that no operation added later goes
 * unpaced by an oversight; public operations, and other families, state none.
 */
final class RateCosts {
  static final String EXTENSION = "x-kraken-rate-cost";

  private RateCosts() {}

  /**
   * The cost to generate for an operation.
   *
   * @param declared the extension's value as parsed from the YAML, or null if absent.
   * @param authenticated whether the operation's security names a scheme.
   * @param counted whether the family counts on the REST call counter (Spot, Funding).
   * @throws IllegalArgumentException naming the operation, when the contract breaks the rule.
   */
  static int of(String operationId, Object declared, boolean authenticated, boolean counted) {
    if (declared == null) {
      if (counted && authenticated) {
        throw new IllegalArgumentException("operation " + operationId + " is private but has no " + EXTENSION
            + ": state what one call adds to the key's REST call counter (2 for ledger and trade-history calls,"
            + " 0 for calls the trading engine limits instead, 1 for the others; CONVENTIONS.md), so the client"
            + " paces it");
      }
      return 0;
    }
    if (!counted || !authenticated) {
      throw new IllegalArgumentException("operation " + operationId + " has " + EXTENSION + " but "
          + (counted ? "is public" : "its family has no REST call counter") + ": only private Spot operations"
          + " state one");
    }
    if (!(declared instanceof Integer cost) || cost < 0) {
      throw new IllegalArgumentException("operation " + operationId + ": " + EXTENSION
          + " must be a whole number, 0 or more (was " + declared + ")");
    }
    return cost;
  }
}
