package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The sandbox's starting state, drawn from a seeded generator: a day of trades by other
 * participants on every pair (so Ticker, OHLC, Trades and Spread have history), books of resting
 * liquidity around realistic prices, and the demo account funded by deposits twenty days ago.
 */
public final class Seeds {
  /** Where a market starts: its last price, the distance between book levels in ticks, a typical order size. */
  private record MarketSeed(String pair, String price, int stepTicks, String unit, int volumeDecimals,
      long firstTradeId) {}

  private static final List<MarketSeed> MARKETS = List.of(
      new MarketSeed("XXBTZUSD", "90500.0", 25, "0.5", 4, 83_104_000),
      new MarketSeed("XXBTZEUR", "77800.0", 25, "0.5", 4, 41_270_000),
      new MarketSeed("XETHZUSD", "3120.00", 10, "8", 3, 62_005_000),
      new MarketSeed("SOLUSD", "136.50", 2, "150", 2, 12_480_000),
      new MarketSeed("SOLEUR", "117.30", 2, "150", 2, 3_512_000),
      new MarketSeed("USDCUSD", "0.9999", 1, "50000", 0, 2_104_000),
      new MarketSeed("AAPLxUSD", "262.40", 3, "20", 2, 151_000));

  /** The demo account's funds, deposited twenty days before the sandbox starts. */
  private static final List<String[]> DEMO_DEPOSITS = List.of(
      new String[] {"ZUSD", "25000"}, new String[] {"ZEUR", "12000"}, new String[] {"XXBT", "1.25"},
      new String[] {"XETH", "8"}, new String[] {"SOL", "150"}, new String[] {"USDC", "5000"},
      new String[] {"AAPLx", "12"});

  /** The demo account's 30-day volume before the sandbox started: the third tier of the maker/taker schedule. */
  static final BigDecimal DEMO_VOLUME = new BigDecimal("73512.3591");

  private static final String FUNDING_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final int LEVELS = 30;

  private Seeds() {}

  static void seed(Engine engine, long seed, Instant now, String demo) {
    int index = 0;
    for (MarketSeed spec : MARKETS) {
      Catalog.Pair pair = engine.catalog.pair(spec.pair()).orElseThrow();
      Market market = new Market(pair, spec.firstTradeId());
      engine.markets.put(pair.name(), market);
      Random random = new Random(seed * 31 + index++);
      history(engine, market, spec, random, now);
      book(engine, market, spec, random, now);
      market.recordSpread(now);
    }
    Account account = engine.account(demo);
    account.seededVolume = DEMO_VOLUME;
    Random random = new Random(seed * 17 + 5);
    Instant at = now.minus(Duration.ofDays(20));
    for (String[] deposit : DEMO_DEPOSITS) {
      Catalog.Asset asset = engine.catalog.asset(deposit[0]).orElseThrow();
      engine.balances.post(account, asset, new BigDecimal(deposit[1]).setScale(asset.decimals()),
          BigDecimal.ZERO.setScale(asset.decimals()), "deposit", "", fundingReference(random), at);
      at = at.plus(Duration.ofMinutes(37));
    }
  }

  /** {@code FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e}: the shape of a funding reference. */
  static String fundingReference(Random random) {
    StringBuilder id = new StringBuilder("FT");
    for (int i = 0; i < 5; i++) {
      id.append(FUNDING_ALPHABET.charAt(random.nextInt(FUNDING_ALPHABET.length())));
    }
    id.append('-');
    for (int i = 0; i < 22; i++) {
      id.append(FUNDING_ALPHABET.charAt(random.nextInt(FUNDING_ALPHABET.length())));
    }
    return id.toString();
  }

  /** A day of other participants' trades, a random walk that ends at the seed price. */
  private static void history(Engine engine, Market market, MarketSeed spec, Random random, Instant now) {
    Catalog.Pair pair = market.pair;
    List<Instant> times = new ArrayList<>();
    Instant time = now.minus(Duration.ofHours(24));
    while (true) {
      time = time.plusSeconds(120 + random.nextInt(300)).plusNanos(random.nextInt(1_000_000) * 1000L);
      if (time.isAfter(now.minusSeconds(60))) {
        break;
      }
      times.add(time);
    }
    BigDecimal[] prices = new BigDecimal[times.size()];
    BigDecimal price = new BigDecimal(spec.price());
    for (int i = prices.length - 1; i >= 0; i--) {
      prices[i] = price;
      double step = random.nextGaussian() * 0.0012;
      price = OrderValidation.roundToTick(price.multiply(BigDecimal.valueOf(1 + step)), pair, RoundingMode.HALF_EVEN);
    }
    BigDecimal unit = new BigDecimal(spec.unit());
    for (int i = 0; i < prices.length; i++) {
      BigDecimal volume = size(unit, 0.005 + random.nextDouble() * 0.3, spec.volumeDecimals());
      long nanos = market.stamp(times.get(i));
      market.tape.add(new Market.Print(engine.ids.trade(), market.nextTradeId++, prices[i], volume, nanos,
          random.nextBoolean() ? "b" : "s", random.nextInt(10) < 7 ? "l" : "m"));
      market.spreads.add(new Market.Spread(times.get(i).getEpochSecond(), prices[i].subtract(pair.tickSize()),
          prices[i].add(pair.tickSize())));
    }
  }

  /** Resting orders of other participants on both sides, the best a tick away from the last price. */
  private static void book(Engine engine, Market market, MarketSeed spec, Random random, Instant now) {
    Catalog.Pair pair = market.pair;
    BigDecimal last = new BigDecimal(spec.price());
    BigDecimal unit = new BigDecimal(spec.unit());
    for (int side = 0; side < 2; side++) {
      boolean bids = side == 0;
      for (int level = 0; level < LEVELS; level++) {
        BigDecimal distance = pair.tickSize().multiply(BigDecimal.valueOf(1 + (long) level * spec.stepTicks()));
        BigDecimal price = bids ? last.subtract(distance) : last.add(distance);
        int orders = 1 + random.nextInt(3);
        List<Book.Resting> resting = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
          BigDecimal volume = size(unit, 0.02 + random.nextDouble() * 0.98, spec.volumeDecimals());
          Instant since = now.minusSeconds(1 + random.nextInt(3600)).minusNanos(random.nextInt(1_000_000_000));
          resting.add(new Book.Resting(engine.ids.order(), null, bids, price, volume, since));
        }
        // Time priority: the oldest order of a level is first in line.
        resting.sort(Comparator.comparing(order -> order.since));
        resting.forEach(market.book::add);
      }
    }
  }

  private static BigDecimal size(BigDecimal unit, double factor, int decimals) {
    BigDecimal volume = unit.multiply(BigDecimal.valueOf(factor)).setScale(decimals, RoundingMode.HALF_UP);
    BigDecimal smallest = BigDecimal.ONE.movePointLeft(decimals);
    return volume.max(smallest);
  }
}
