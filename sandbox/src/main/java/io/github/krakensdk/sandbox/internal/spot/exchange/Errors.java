package io.github.krakensdk.sandbox.internal.spot.exchange;

/** The service's error strings the exchange answers with, in one place. */
final class Errors {
  static final String INVALID_ARGUMENTS = "EGeneral:Invalid arguments";
  static final String UNKNOWN_PAIR = "EQuery:Unknown asset pair";
  static final String UNKNOWN_ASSET = "EQuery:Unknown asset";
  static final String INSUFFICIENT_FUNDS = "EOrder:Insufficient funds";
  static final String ORDER_MINIMUM = "EOrder:Order minimum not met";
  static final String COST_MINIMUM = "EOrder:Cost minimum not met";
  static final String TICK_SIZE = "EOrder:Tick size check failed";
  static final String INVALID_PRICE = "EOrder:Invalid price";
  static final String UNKNOWN_ORDER = "EOrder:Unknown order";
  static final String INVALID_ORDER = "EOrder:Invalid order";
  static final String RATE_LIMIT = "EOrder:Rate limit exceeded";
  static final String ORDERS_LIMIT = "EOrder:Orders limit exceeded";
  static final String CANNOT_OPEN_POSITION = "EOrder:Cannot open position";
  static final String UNKNOWN_POSITION = "EOrder:Unknown position";
  static final String POST_ONLY = "EOrder:Post only order";
  static final String DEADLINE_ELAPSED = "EService:Deadline elapsed";
  static final String MARKET_CANCEL_ONLY = "EService:Market in cancel_only mode";
  static final String MARKET_POST_ONLY = "EService:Market in post_only mode";

  private Errors() {}
}
