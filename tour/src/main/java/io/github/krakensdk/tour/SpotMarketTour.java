package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.AssetPairInfoKind;
import io.github.krakensdk.spot.model.AssetVersion;
import io.github.krakensdk.spot.model.GroupedBookDepth;
import io.github.krakensdk.spot.model.GroupedBookGrouping;
import io.github.krakensdk.spot.model.GroupedOrderBook;
import io.github.krakensdk.spot.model.Level3Depth;
import io.github.krakensdk.spot.model.Level3Order;
import io.github.krakensdk.spot.model.Level3OrderBook;
import io.github.krakensdk.spot.model.MaintenanceEvent;
import io.github.krakensdk.spot.model.MaintenanceSchedule;
import io.github.krakensdk.spot.model.OhlcData;
import io.github.krakensdk.spot.model.OhlcEntry;
import io.github.krakensdk.spot.model.OhlcInterval;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.model.OrderBookEntry;
import io.github.krakensdk.spot.model.PostTradeData;
import io.github.krakensdk.spot.model.PostTradeEntry;
import io.github.krakensdk.spot.model.PreTradeData;
import io.github.krakensdk.spot.model.PreTradeLevel;
import io.github.krakensdk.spot.model.PriceLevel;
import io.github.krakensdk.spot.model.RecentSpreads;
import io.github.krakensdk.spot.model.RecentTrades;
import io.github.krakensdk.spot.model.ServerTime;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.SpreadEntry;
import io.github.krakensdk.spot.model.SystemState;
import io.github.krakensdk.spot.model.SystemStatus;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.model.TradeEntry;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Spot market-data part of the tour: the service's clock and status, reference data, and the
 * market views of XBT/USD, each checked against the others, because the sandbox derives them all
 * from its own book and trade tape: the ticker's last trade is the tape's last trade, the depth's
 * best bid and ask are the last spread row and the ticker's, the candles add up to the tape, and the
 * grouped, level-3 and pre-trade views add up to the depth.
 */
final class SpotMarketTour {
  /** The pair the tour looks at, by its legacy name; the service answers under {@code XXBTZUSD}. */
  private static final String PAIR = "XBTUSD";
  private static final String KEY = "XXBTZUSD";
  private static final DateTimeFormatter RFC_1123 =
      DateTimeFormatter.ofPattern("EEE, ppd MMM yy HH:mm:ss xx", Locale.ENGLISH);

  private SpotMarketTour() {}

  static void run(Tour tour) {
    SpotService spot = tour.kraken.spot();

    tour.step("getServerTime", () -> {
      ServerTime time = spot.getServerTime();
      Instant server = Instant.ofEpochSecond(time.unixtime());
      Instant parsed = ZonedDateTime.parse(time.rfc1123(), RFC_1123).toInstant();
      check(server.equals(parsed), "unixtime " + server + " but rfc1123 " + time.rfc1123());
      long skew = Duration.between(tour.sandbox.clock().instant(), server).abs().toSeconds();
      check(skew <= 2, "the server clock is " + skew + " s away from the sandbox's");
      return time.unixtime() + " = \"" + time.rfc1123() + "\", " + skew + " s from the sandbox clock";
    });

    tour.step("getSystemStatus", () -> {
      SystemStatus status = spot.getSystemStatus();
      check(SystemState.ONLINE.equals(status.status()), "status " + status.status());
      List<Long> upcoming = status.upcomingMaintenance().stream().map(MaintenanceEvent::eventId).toList();
      check(upcoming.size() == 1, "upcoming within 72 h: " + upcoming);
      MaintenanceEvent next = status.upcomingMaintenance().get(0);
      long hours = Duration.ofSeconds(next.timeToStartS()).toHours();
      check(next.expectedStartUtc().toInstant().isBefore(status.timestamp().toInstant().plus(Duration.ofHours(72))),
          "an upcoming window starts after 72 h: " + next.expectedStartUtc());
      return status.status() + " at " + status.timestamp() + "; within 72 h: #" + next.eventId() + " \""
          + next.title() + "\" in " + hours + " h (" + next.phase() + ", " + next.recommendedAction() + "), "
          + status.emergency().size() + " incidents";
    });

    tour.step("getMaintenanceSchedule", () -> {
      MaintenanceSchedule schedule = spot.getMaintenanceSchedule();
      List<MaintenanceEvent> events = schedule.events();
      check(events.size() == 2, events.size() + " windows in 7 days");
      check(events.get(0).expectedStartUtc().isBefore(events.get(1).expectedStartUtc()), "not ordered by start");
      Long soonest = spot.getSystemStatus().upcomingMaintenance().get(0).eventId();
      check(events.get(0).eventId().equals(soonest), "SystemStatus lists #" + soonest + " first");
      MaintenanceEvent later = events.get(1);
      return events.size() + " windows in 7 days: #" + events.get(0).eventId() + " (also in SystemStatus), #"
          + later.eventId() + " \"" + later.title() + "\" " + later.affectedServices() + " in "
          + Duration.ofSeconds(later.timeToStartS()).toDays() + " days, cancel before " + later.cancelBeforeUtc();
    });

    tour.step("getAssetPairs", () -> {
      Map<String, AssetPair> pairs = spot.getAssetPairs(r -> r.pair("XBTUSD,ETH/USD"));
      check(pairs.keySet().equals(Set.of(KEY, "XETHZUSD")), "keys " + pairs.keySet());
      AssetPair btc = pairs.get(KEY);
      // One source of asset data: the pairs' assets are the ones Assets lists.
      Map<String, AssetInfo> assets = spot.listAssets(r -> r.asset(btc.base() + "," + btc.quote()));
      check(assets.keySet().equals(Set.of("XXBT", "ZUSD")), "assets of the pair " + assets.keySet());
      Map<String, AssetPair> display = spot.getAssetPairs(r -> r.pair(PAIR).assetVersion(AssetVersion.NUMBER_1));
      check(display.keySet().equals(Set.of("BTC/USD")), "display keys " + display.keySet());
      Set<String> listed = spot.getAssetPairs().keySet();
      check(listed.containsAll(pairs.keySet()) && !listed.contains("AAPLxUSD"), "the default listing " + listed);
      Set<String> xstocks = spot.getAssetPairs(r -> r.aclassBase(AssetClass.TOKENIZED_ASSET)).keySet();
      check(xstocks.equals(Set.of("AAPLxUSD")), "xStocks " + xstocks);
      AssetPair fees = spot.getAssetPairs(r -> r.pair(PAIR).info(AssetPairInfoKind.FEES)).get(KEY);
      check(fees.pairDecimals() == null && fees.fees().equals(btc.fees()), "info=fees gave " + fees);
      KrakenServiceException unknown = expectError(() -> spot.getAssetPairs(r -> r.pair("XBTUSD,DOGEMARS")));
      check(unknown.hasError(SpotErrorCode.QUERY_UNKNOWN_ASSET_PAIR), "unknown pair gave " + unknown.errors());
      return "XBTUSD,ETH/USD → " + pairs.keySet() + "; XXBTZUSD: " + btc.base() + "/" + btc.quote()
          + " (both in Assets), pair_decimals " + btc.pairDecimals() + ", lot_decimals " + btc.lotDecimals()
          + ", ordermin " + btc.ordermin() + ", costmin " + btc.costmin() + ", tick " + btc.tickSize()
          + "; assetVersion=1 → " + display.keySet() + "; xStocks with aclass_base=tokenized_asset → " + xstocks
          + "; DOGEMARS → " + unknown.errors().get(0);
    });

    tour.step("getTicker", () -> {
      TickerInfo ticker = spot.getTicker(r -> r.pair(PAIR)).get(KEY);
      List<TradeEntry> tape = trades(spot.getRecentTrades(r -> r.pair(PAIR).count(1)));
      TradeEntry lastTrade = tape.get(tape.size() - 1);
      check(same(ticker.lastTrade().price(), lastTrade.price()) && same(ticker.lastTrade().lotVolume(), lastTrade.volume()),
          "last " + ticker.lastTrade() + " but the last public trade is " + lastTrade);
      OrderBook book = spot.getOrderBook(r -> r.pair(PAIR).count(1)).get(KEY);
      check(same(ticker.ask().price(), book.asks().get(0).price()), "ask " + ticker.ask() + " vs " + book.asks());
      check(same(ticker.bid().price(), book.bids().get(0).price()), "bid " + ticker.bid() + " vs " + book.bids());
      BigDecimal price = ticker.lastTrade().price();
      check(ticker.low().last24Hours().compareTo(price) <= 0 && ticker.high().last24Hours().compareTo(price) >= 0,
          "the last price is outside the 24 h range " + ticker.low() + ".." + ticker.high());
      KrakenServiceException xstock = expectError(() -> spot.getTicker(r -> r.pair("AAPLxUSD")));
      check(xstock.hasError(SpotErrorCode.QUERY_UNKNOWN_ASSET_PAIR), "AAPLxUSD gave " + xstock.errors());
      Set<String> tokenized =
          spot.getTicker(r -> r.pair("AAPLxUSD").assetClass(AssetClass.TOKENIZED_ASSET)).keySet();
      return "XBTUSD: last " + ticker.lastTrade().price() + " × " + ticker.lastTrade().lotVolume() + " = the last public trade (Trades),"
          + " ask " + ticker.ask().price() + " / bid " + ticker.bid().price() + " = the book's best (Depth), 24 h: "
          + ticker.tradeCount().last24Hours() + " trades, low " + ticker.low().last24Hours() + ", high " + ticker.high().last24Hours() + ", vwap "
          + ticker.volumeWeightedAveragePrice().last24Hours() + "; AAPLxUSD → " + xstock.errors().get(0) + " unless asset_class=tokenized_asset ("
          + tokenized + ")";
    });

    tour.step("getOhlc", () -> {
      OhlcData hourly = spot.getOhlc(r -> r.pair(PAIR).interval(OhlcInterval.NUMBER_60));
      List<OhlcEntry> candles = hourly.pairs().get(KEY);
      List<TradeEntry> tape = allTrades(spot);
      long counted = 0;
      BigDecimal volume = BigDecimal.ZERO;
      for (OhlcEntry candle : candles) {
        counted += candle.count();
        volume = volume.add(candle.volume());
      }
      BigDecimal traded = tape.stream().map(TradeEntry::volume).reduce(BigDecimal.ZERO, BigDecimal::add);
      check(counted == tape.size(), counted + " trades in the candles, " + tape.size() + " on the tape");
      check(volume.compareTo(traded) == 0, "candle volume " + volume + ", traded " + traded);
      OhlcEntry current = candles.get(candles.size() - 1);
      check(same(current.close(), tape.get(tape.size() - 1).price()), "the current candle closes at "
          + current.close() + ", the last trade was at " + tape.get(tape.size() - 1).price());
      OhlcData newer = spot.getOhlc(r -> r.pair(PAIR).interval(OhlcInterval.NUMBER_60).since(hourly.last()));
      List<OhlcEntry> fresh = newer.pairs().get(KEY);
      check(fresh.size() == 1 && fresh.get(0).time().equals(current.time()), "since=last gave " + fresh);
      return candles.size() + " hourly candles of XBTUSD holding " + counted + " trades and " + volume
          + " BTC = the whole tape (Trades); current candle closes at " + current.close()
          + " = the last trade; since=last → only the current candle";
    });

    tour.step("getOrderBook", () -> {
      OrderBook book = spot.getOrderBook(r -> r.pair(PAIR).count(5)).get(KEY);
      check(book.asks().size() == 5 && book.bids().size() == 5, book.asks().size() + "/" + book.bids().size());
      for (int i = 1; i < 5; i++) {
        check(book.asks().get(i).price().compareTo(book.asks().get(i - 1).price()) > 0, "asks not ascending");
        check(book.bids().get(i).price().compareTo(book.bids().get(i - 1).price()) < 0, "bids not descending");
      }
      OrderBookEntry ask = book.asks().get(0);
      OrderBookEntry bid = book.bids().get(0);
      check(bid.price().compareTo(ask.price()) < 0, "crossed book " + bid + " / " + ask);
      List<SpreadEntry> spreads = spot.getRecentSpreads(r -> r.pair(PAIR)).pairs().get(KEY);
      SpreadEntry top = spreads.get(spreads.size() - 1);
      check(same(top.bid(), bid.price()) && same(top.ask(), ask.price()), "last spread " + top + " vs the book");
      return "XBTUSD, 5 levels a side: best bid " + bid.price() + " × " + bid.volume() + ", best ask " + ask.price()
          + " × " + ask.volume() + " = the last Spread row; asks ascending, bids descending";
    });

    tour.step("getGroupedOrderBook", () -> {
      GroupedOrderBook single =
          spot.getGroupedOrderBook(r -> r.pair("BTC/USD").grouping(GroupedBookGrouping.NUMBER_1));
      OrderBook book = spot.getOrderBook(r -> r.pair(PAIR).count(10)).get(KEY);
      check(single.bids().size() == 10 && single.asks().size() == 10, "depth 10 gave " + single.bids().size());
      for (int i = 0; i < 10; i++) {
        check(sameLevel(single.bids().get(i), book.bids().get(i)), "bid level " + i + " " + single.bids().get(i)
            + " vs " + book.bids().get(i));
        check(sameLevel(single.asks().get(i), book.asks().get(i)), "ask level " + i + " " + single.asks().get(i)
            + " vs " + book.asks().get(i));
      }
      GroupedOrderBook grouped = spot.getGroupedOrderBook(r -> r.pair("BTC/USD").depth(GroupedBookDepth.NUMBER_25)
          .grouping(GroupedBookGrouping.NUMBER_100));
      // 100 ticks of 0.1 are 10 USD: the best bid rounds down to a multiple of 10, the best ask up.
      BigDecimal ten = BigDecimal.TEN;
      BigDecimal bidGroup = book.bids().get(0).price().divide(ten, 0, RoundingMode.FLOOR).multiply(ten);
      BigDecimal askGroup = book.asks().get(0).price().divide(ten, 0, RoundingMode.CEILING).multiply(ten);
      check(same(grouped.bids().get(0).price(), bidGroup), "first bid group " + grouped.bids().get(0));
      check(same(grouped.asks().get(0).price(), askGroup), "first ask group " + grouped.asks().get(0));
      check(grouped.grouping() == 100, "grouping " + grouped.grouping());
      PriceLevel bestBids = grouped.bids().get(0);
      return grouped.pair() + ": grouping=1 → the 10 Depth levels; grouping=100 (10 USD) → "
          + grouped.bids().size() + " bid groups from " + bestBids.price() + " (" + bestBids.qty() + " BTC), "
          + grouped.asks().size() + " ask groups from " + grouped.asks().get(0).price();
    });

    tour.step("getRecentTrades", () -> {
      RecentTrades newest = spot.getRecentTrades(r -> r.pair(PAIR).count(3));
      List<TradeEntry> rows = trades(newest);
      check(rows.size() == 3, rows.size() + " trades for count=3");
      TradeEntry last = rows.get(rows.size() - 1);
      TickerInfo ticker = spot.getTicker(r -> r.pair(PAIR)).get(KEY);
      check(same(last.price(), ticker.lastTrade().price()), "the newest trade " + last + " vs ticker " + ticker.lastTrade());
      check(trades(spot.getRecentTrades(r -> r.pair(PAIR).since(newest.last()))).isEmpty(),
          "trades after the newest");
      // Paging forward from the start of the day with each answer's last.
      int pages = 0;
      int total = 0;
      String since = "0";
      while (true) {
        String from = since;
        RecentTrades page = spot.getRecentTrades(r -> r.pair(PAIR).since(from).count(100));
        List<TradeEntry> pageRows = trades(page);
        if (pageRows.isEmpty()) {
          break;
        }
        pages++;
        total += pageRows.size();
        since = page.last();
      }
      check(since.equals(newest.last()), "paging ended at " + since + ", the newest is " + newest.last());
      check(total == ticker.tradeCount().last24Hours(), total + " trades paged, the ticker counts " + ticker.tradeCount().last24Hours());
      return "XBTUSD newest: " + last.price() + " × " + last.volume() + " (" + last.side() + "/" + last.orderType()
          + ", trade_id " + last.tradeId() + ") = the ticker's last; since=0 paged with last: " + total
          + " trades in " + pages + " pages of ≤ 100 = the ticker's 24 h count, ending at last=" + since;
    });

    tour.step("getRecentSpreads", () -> {
      RecentSpreads spreads = spot.getRecentSpreads(r -> r.pair(PAIR));
      List<SpreadEntry> rows = spreads.pairs().get(KEY);
      SpreadEntry top = rows.get(rows.size() - 1);
      OrderBook book = spot.getOrderBook(r -> r.pair(PAIR).count(1)).get(KEY);
      check(same(top.bid(), book.bids().get(0).price()) && same(top.ask(), book.asks().get(0).price()),
          "last spread " + top + " vs the book");
      check(top.time().equals(spreads.last()), "last " + spreads.last() + " vs the last row's time " + top.time());
      for (SpreadEntry row : rows) {
        check(row.bid().compareTo(row.ask()) < 0, "a crossed spread " + row);
      }
      List<SpreadEntry> newer = spot.getRecentSpreads(r -> r.pair(PAIR).since(spreads.last())).pairs().get(KEY);
      check(newer.isEmpty(), "since=last gave " + newer);
      return rows.size() + " top-of-book changes of XBTUSD; the last, " + top.bid() + " / " + top.ask() + " at "
          + top.time() + ", is the book's best (Depth); since=last → none newer";
    });

    tour.step("getLevel3OrderBook", () -> {
      Level3OrderBook l3 = spot.getLevel3OrderBook(r -> r.pair("BTC/USD").depth(Level3Depth.NUMBER_10));
      OrderBook book = spot.getOrderBook(r -> r.pair(PAIR).count(10)).get(KEY);
      Map<BigDecimal, BigDecimal> bidLevels = levels(l3.bids());
      check(bidLevels.size() == 10, bidLevels.size() + " bid levels for depth=10");
      for (OrderBookEntry level : book.bids()) {
        BigDecimal sum = bidLevels.get(level.price().stripTrailingZeros());
        check(sum != null && same(sum.setScale(3, RoundingMode.HALF_EVEN), level.volume()),
            "orders at " + level.price() + " add up to " + sum + ", Depth shows " + level.volume());
      }
      Level3Order first = l3.bids().get(0);
      check(first.orderId().matches("O[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{6}"), "order id " + first.orderId());
      KrakenServiceException unknown = expectError(() -> spot.getLevel3OrderBook(r -> r.pair("DOGE/MARS")));
      check(unknown.hasError(SpotErrorCode.QUERY_UNKNOWN_ASSET_PAIR), "unknown pair gave " + unknown.errors());
      // Market data, but it needs "Orders and trades - Query open orders & trades" on the key.
      SandboxKey readOnly = tour.sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_QUERY).issue();
      KrakenServiceException denied;
      try (KrakenClient other = tour.sandbox.newClientBuilder().spotCredentials(readOnly.credentials()).build()) {
        denied = expectError(() -> other.spot().getLevel3OrderBook(r -> r.pair("BTC/USD")));
      }
      check(denied.hasError(SpotErrorCode.GENERAL_PERMISSION_DENIED), "a key without the permission got "
          + denied.errors());
      return "signed; " + l3.pair() + ", 10 levels: " + l3.bids().size() + " bid orders and " + l3.asks().size()
          + " ask orders adding up to Depth's volumes; first in line " + first.orderId() + " " + first.qty() + " @ "
          + first.price() + " since " + first.timestamp() + " ns; DOGE/MARS → " + unknown.errors().get(0)
          + "; a key with Funds - Query only → " + denied.errors().get(0);
    });

    tour.step("getPreTradeData", () -> {
      PreTradeData pre = spot.getPreTradeData(r -> r.symbol("BTC/USD"));
      Level3OrderBook l3 = spot.getLevel3OrderBook(r -> r.pair("BTC/USD").depth(Level3Depth.NUMBER_10));
      check(pre.bids().size() == 10 && pre.asks().size() == 10, pre.bids().size() + " levels");
      PreTradeLevel bid = pre.bids().get(0);
      Map<BigDecimal, BigDecimal> orders = levels(l3.bids());
      long atBest = l3.bids().stream().filter(o -> same(o.price(), bid.price())).count();
      check(same(orders.get(bid.price().stripTrailingZeros()), bid.qty()) && bid.count() == atBest,
          "best bid " + bid + " vs " + atBest + " L3 orders");
      KrakenServiceException unknown = expectError(() -> spot.getPreTradeData(r -> r.symbol("DOGE/MARS")));
      check(unknown.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), "unknown symbol gave " + unknown.errors());
      return pre.symbol() + " (" + pre.description() + ", " + pre.venue() + "/" + pre.system() + "): best bid "
          + bid.price() + " × " + bid.qty() + " from " + bid.count() + " orders = Level3's, best ask "
          + pre.asks().get(0).price() + "; DOGE/MARS → " + unknown.errors().get(0);
    });

    tour.step("getPostTradeData", () -> {
      PostTradeData post = spot.getPostTradeData(r -> r.symbol("BTC/USD").count(5));
      check(post.count() == 5 && post.trades().size() == 5, "count " + post.count());
      PostTradeEntry latest = post.trades().get(post.trades().size() - 1);
      check(latest.tradeTs().equals(post.lastTs()), "last_ts " + post.lastTs() + " vs " + latest.tradeTs());
      List<TradeEntry> tape = trades(spot.getRecentTrades(r -> r.pair(PAIR).count(1)));
      TradeEntry last = tape.get(0);
      check(same(latest.price(), last.price()) && same(latest.quantity(), last.volume()),
          "the latest " + latest.price() + " × " + latest.quantity() + " vs the tape's " + last);
      Instant tapeTime = seconds(last.time());
      check(latest.tradeTs().toInstant().truncatedTo(ChronoUnit.MICROS).equals(tapeTime),
          "trade_ts " + latest.tradeTs() + " vs the tape's " + last.time());
      PostTradeData after = spot.getPostTradeData(r -> r.symbol("BTC/USD").fromTs(post.lastTs()));
      check(after.count() == 0 && after.trades().isEmpty(), "after last_ts: " + after.count());
      return "BTC/USD, count=5: 5 trades, the latest " + latest.tradeId() + " " + latest.quantity() + " @ "
          + latest.price() + " at " + latest.tradeTs() + " = the tape's last (Trades); from_ts=last_ts → "
          + after.count() + " newer";
    });
  }

  /** The rows of the one pair a Trades answer holds. */
  private static List<TradeEntry> trades(RecentTrades answer) {
    return answer.pairs().get(KEY);
  }

  /** Every public trade of the pair, paged forward from the start with each answer's {@code last}. */
  private static List<TradeEntry> allTrades(SpotService spot) {
    List<TradeEntry> all = new ArrayList<>();
    String since = "0";
    while (true) {
      String from = since;
      RecentTrades page = spot.getRecentTrades(r -> r.pair(PAIR).since(from));
      if (trades(page).isEmpty()) {
        return all;
      }
      all.addAll(trades(page));
      since = page.last();
    }
  }

  /** Level-3 orders summed per price (prices without trailing zeros, so that equal prices meet). */
  private static Map<BigDecimal, BigDecimal> levels(List<Level3Order> orders) {
    Map<BigDecimal, BigDecimal> levels = new TreeMap<>();
    for (Level3Order order : orders) {
      levels.merge(order.price().stripTrailingZeros(), order.qty(), BigDecimal::add);
    }
    return levels;
  }

  /** A grouped level equal to a Depth level: same price, and the volume Depth shows to three decimals. */
  private static boolean sameLevel(PriceLevel grouped, OrderBookEntry level) {
    return same(grouped.price(), level.price())
        && same(grouped.qty().setScale(3, RoundingMode.HALF_EVEN), level.volume());
  }

  /** Equal as numbers: the views write prices at different scales ({@code 90500.1}, {@code 90500.10000}). */
  private static boolean same(BigDecimal a, BigDecimal b) {
    return a != null && b != null && a.compareTo(b) == 0;
  }

  /** A trade's time, Unix seconds with a fraction, as an instant. */
  private static Instant seconds(BigDecimal unixSeconds) {
    return Instant.EPOCH.plusNanos(unixSeconds.movePointRight(9).longValueExact());
  }
}
