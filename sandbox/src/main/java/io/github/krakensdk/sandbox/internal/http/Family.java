package io.github.krakensdk.sandbox.internal.http;

/** The five families of the contract, each with its file under {@code kraken/openapi/}. */
public enum Family {
  SPOT("spot"),
  FUTURES("futures"),
  OAUTH("oauth"),
  EMBED("embed"),
  /** Spot Funding (Beta), {@code /funding/...}: signed with Spot keys (see {@code internal.funding}). */
  FUNDING("funding");

  final String fileName;

  Family(String name) {
    this.fileName = name + ".yaml";
  }

  /** Where kraken-api-spec puts the contract on the classpath. */
  public String resource() {
    return "kraken/openapi/" + fileName;
  }
}
