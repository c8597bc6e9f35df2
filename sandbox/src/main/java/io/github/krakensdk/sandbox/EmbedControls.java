package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedEarn;
import io.github.krakensdk.sandbox.internal.embed.EmbedUser;
import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.embed.EmbedReports;
import io.github.krakensdk.sandbox.internal.embed.EmbedState;
import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.CustomOrderStatusValue;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import io.github.krakensdk.embed.model.QuoteStatus;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookEventType;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * What moves the Embed world of the sandbox, and what a test reads of it that the API does not
 * show: {@code sandbox.embed()}. The control plane's Embed operations ({@code
 * /sandbox/v1/embed/...}) run this code. Users are named by their IIBAN, as the service names them.
 *
 * <pre>{@code
 * sandbox.embed().approveVerification(iiban);                   // user.verified is announced
 * String refId = sandbox.embed().deposit(iiban, "BTC", new BigDecimal("0.25"));
 * List<WebhookDelivery> sent = sandbox.embed().webhookDeliveries(sandbox.credentials().webhookId());
 * }</pre>
 */
public final class EmbedControls {
  private final EmbedFamily embed;

  EmbedControls(EmbedFamily embed) {
    this.embed = embed;
  }

  /** Issues another key of the demo partner (same users and webhooks, nonces of its own). */
  public SandboxKey newKey() {
    return embed.issueKey();
  }

  /**
   * Whether the user is verified now, a due verification completed first.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public boolean verified(String iiban) {
    return embed.users.verified(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /**
   * Approves the user's pending verification now, instead of after the sandbox's delay: the user is
   * verified and {@code user.verified} is announced to the partner's webhooks.
   *
   * @throws IllegalArgumentException for an unknown user.
   * @throws IllegalStateException when no verification is pending.
   */
  public void approveVerification(String iiban) {
    embed.users.decideVerification(Objects.requireNonNull(iiban, "iiban == null"), true);
  }

  /**
   * Rejects the user's pending verification: {@code getUser} asks for a verification again (the
   * service documents no event for it).
   *
   * @throws IllegalArgumentException for an unknown user.
   * @throws IllegalStateException when no verification is pending.
   */
  public void rejectVerification(String iiban) {
    embed.users.decideVerification(Objects.requireNonNull(iiban, "iiban == null"), false);
  }

  /**
   * Disables the user, as the service does for compliance reasons: {@code getUser} shows {@code
   * disabled}, every write for the user gets 409 {@code ENexus:Conflict}, and {@code user.disabled}
   * is announced to the partner's webhooks. A disabled or closed user stays as it is.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public void disableUser(String iiban) {
    embed.users.disable(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /**
   * Closes the user for good: {@code getUser} shows {@code closed}, every write for the user gets
   * 409 {@code ENexus:Conflict}, and {@code user.closed} is announced.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public void closeUser(String iiban) {
    embed.users.close(Objects.requireNonNull(iiban, "iiban == null"));
  }


  /**
   * Whether Auto-Earn is on for the user now, a switch due by the sandbox clock applied first.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public boolean autoEarnEnabled(String iiban) {
    return embed.autoEarnEnabled(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /**
   * What the user (of any partner) holds now, by asset ({@code BTC}, {@code USD}): deposits and
   * withdrawals due by the sandbox clock settled and Auto-Earn rewards due paid first. An asset the
   * user never held is absent:
   *
   * <pre>{@code
   * BigDecimal btc = sandbox.embed().balances(iiban).getOrDefault("BTC", BigDecimal.ZERO);
   * }</pre>
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public Map<String, BigDecimal> balances(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    synchronized (embed.state) {
      EmbedUser user = embed.state.anyUser(iiban);
      embed.funds.settle();
      EmbedEarn.payRewards(embed.state, user);
      return Map.copyOf(user.balances);
    }
  }

  /**
   * Records a change of the user's balance as the service's other operations would, at the sandbox
   * clock's time; the legs of one trade share {@code reference}. Gives the portfolio, the ledger
   * and the reports a trade without executing a quote:
   *
   * <pre>{@code
   * sandbox.embed().moveBalance(iiban, EmbedMovementKind.TRADE, "USD", new BigDecimal("-1000.00"), "Q1");
   * sandbox.embed().moveBalance(iiban, EmbedMovementKind.TRADE, "BTC", new BigDecimal("0.01028278"), "Q1");
   * }</pre>
   *
   * @param amount signed: a credit is positive.
   * @param reference what the movement belongs to (a quote, an order, a withdrawal); may be null.
   * @return the movement's ID.
   * @throws IllegalArgumentException for an unknown user.
   * @throws IllegalStateException if the balance would go negative (nothing changes then).
   */
  public String moveBalance(String iiban, EmbedMovementKind kind, String asset, BigDecimal amount, String reference) {
    Objects.requireNonNull(iiban, "iiban == null");
    Objects.requireNonNull(kind, "kind == null");
    Objects.requireNonNull(asset, "asset == null");
    Objects.requireNonNull(amount, "amount == null");
    synchronized (embed.state) {
      EmbedUser user = embed.state.anyUser(iiban);
      return user.move("sandbox-" + kind.text() + "-" + user.movements.size() + "-" + iiban, embed.state.instant(),
          kind.text(), asset, amount, reference).id();
    }
  }

  /**
   * The Auto-Earn rewards announced ({@code reward.paid}) for the user so far, oldest first.
   * Rewards fall due on the sandbox clock; the ones due are paid first.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public List<AssetAmount> rewardsPaid(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    synchronized (embed.state) {
      EmbedEarn.payRewards(embed.state, embed.state.anyUser(iiban));
    }
    List<AssetAmount> paid = new ArrayList<>();
    for (EmbedState.Event event : embed.state.events()) {
      if (event.type().equals("reward.paid") && iiban.equals(event.iiban())
          && event.data().get("amount") instanceof Map<?, ?> reward) {
        paid.add(AssetAmount.builder()
            .asset(String.valueOf(reward.get("asset")))
            .amount(new BigDecimal(String.valueOf(reward.get("amount"))))
            .build());
      }
    }
    return List.copyOf(paid);
  }

  /** A quote's status now, its expiry on the sandbox clock applied; empty for an unknown quote. */
  public Optional<QuoteStatus> quoteStatus(String quoteId) {
    return Optional.ofNullable(embed.quotes.status(Objects.requireNonNull(quoteId, "quoteId == null")));
  }

  /** A custom order's status now, its trigger checked first; empty for an unknown order. */
  public Optional<CustomOrderStatusValue> customOrderStatus(String orderId) {
    return Optional.ofNullable(embed.customOrders.status(Objects.requireNonNull(orderId, "orderId == null")));
  }

  /**
   * A crypto deposit arriving at the user's newest deposit address of {@code asset}: {@code pending}
   * at once and {@code success} one withdrawal step later on the sandbox clock, each state announced
   * as {@code deposit.status_updated}.
   *
   * @return the deposit's {@code ref_id}
   * @throws IllegalArgumentException for an unknown user, an amount not above zero, or a user
   *     without a deposit address of the asset.
   * @throws IllegalStateException if the user is not verified, or is disabled or closed.
   */
  public String deposit(String iiban, String asset, BigDecimal amount) {
    return embed.funds.deposit(Objects.requireNonNull(iiban, "iiban == null"),
        Objects.requireNonNull(asset, "asset == null"), SpotControls.positive(amount, "amount"));
  }

  /**
   * A crypto deposit arriving on the demo partner's own (master) account: {@code pending} at once
   * and {@code success} one withdrawal step later on the sandbox clock, each state announced as
   * {@code deposit.status_updated} without a user. The partner's own deposits and withdrawals are
   * what {@code listFundingTransactions} lists.
   *
   * @return the deposit's {@code ref_id}
   * @throws IllegalArgumentException for an amount not above zero.
   */
  public String partnerDeposit(String asset, BigDecimal amount) {
    return embed.funds.partnerDeposit(EmbedFamily.DEMO_PARTNER, Objects.requireNonNull(asset, "asset == null"),
        SpotControls.positive(amount, "amount"));
  }

  /**
   * Saves a withdrawal destination of the user under {@code key}, as the service's address book
   * does (the contract has no operation for it): {@code withdrawFunds} then takes {@code key}.
   *
   * @param methodId a withdrawal method of {@code asset}, as {@code listWithdrawalMethods} lists it.
   * @throws IllegalArgumentException for an unknown user, or a method that is not one of the asset's.
   */
  public void saveWithdrawalAddress(String iiban, String asset, String methodId, String key, String address) {
    embed.funds.saveWithdrawalAddress(Objects.requireNonNull(iiban, "iiban == null"),
        Objects.requireNonNull(asset, "asset == null"), Objects.requireNonNull(methodId, "methodId == null"),
        Objects.requireNonNull(key, "key == null"), Objects.requireNonNull(address, "address == null"));
  }

  /** A deposit's or withdrawal's status now; empty for an unknown {@code ref_id}. */
  public Optional<FundingTransactionStatus> transferStatus(String refId) {
    return Optional.ofNullable(embed.funds.status(Objects.requireNonNull(refId, "refId == null")))
        .map(FundingTransactionStatus::of);
  }

  /**
   * Sets the sandbox's Embed price of {@code asset} (USD per unit): quotes are priced from it, and
   * custom orders whose trigger the new price crosses execute.
   *
   * @throws IllegalArgumentException for a price not above zero.
   */
  public void setPrice(String asset, BigDecimal usdPerUnit) {
    embed.state.setUsdPrice(Objects.requireNonNull(asset, "asset == null"), SpotControls.positive(usdPerUnit, "usdPerUnit"));
  }

  /**
   * Points a webhook at {@code url}, as a partner registers it on the service's dashboard (the API
   * cannot change it).
   *
   * @throws IllegalArgumentException for an unknown webhook, or a URL that is not http or https.
   */
  public void setWebhookUrl(String webhookId, URI url) {
    Objects.requireNonNull(webhookId, "webhookId == null");
    Objects.requireNonNull(url, "url == null");
    if (HttpUrl.parse(url.toString()) == null) {
      throw new IllegalArgumentException("url must be an http or https URL (was " + url + ")");
    }
    embed.setWebhookUrl(webhookId, url.toString());
  }

  /**
   * A webhook as its owner sees it ({@code listWebhooks}).
   *
   * @throws IllegalArgumentException for an unknown webhook.
   */
  public Webhook webhook(String webhookId) {
    return embed.webhook(Objects.requireNonNull(webhookId, "webhookId == null"));
  }

  /**
   * The types of the events published for the demo partner so far, oldest first: every state
   * change the service announces by webhook, whether or not a webhook was subscribed to it.
   */
  public List<WebhookEventType> eventTypes() {
    return embed.webhooks.demoEventTypes().stream().map(WebhookEventType::of).toList();
  }

  /**
   * Announces a state change of the user {@code iiban} (of any partner) as the service would, for
   * a test of webhook receivers: it is delivered to every enabled webhook of the user's partner
   * subscribed to {@code type}. {@code data} holds the event's members besides {@code event_type},
   * {@code id}, {@code iiban} and {@code timestamp}, written as JSON (decimals as strings).
   *
   * <pre>{@code
   * String id = sandbox.embed().publishEvent(WebhookEventType.USER_VERIFIED, iiban, Map.of());
   * }</pre>
   *
   * @return the event's {@code id}
   * @throws IllegalArgumentException for an unknown user.
   */
  public String publishEvent(WebhookEventType type, String iiban, Map<String, ?> data) {
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(iiban, "iiban == null");
    Objects.requireNonNull(data, "data == null");
    return embed.webhooks.publish(type.value(), iiban, new LinkedHashMap<String, Object>(data)).id();
  }

  /** The IDs of the demo partner's settlement reports, newest first. */
  public List<String> settlementReportIds() {
    return embed.reports.reports(EmbedFamily.DEMO_PARTNER).stream()
        .map(EmbedReports.Report::id).toList();
  }

  /**
   * Every delivery of an event to the webhook so far, oldest first, with each attempt (sandbox
   * clock) and the receiver's answer; a deleted webhook's too.
   *
   * @throws IllegalArgumentException for an unknown webhook.
   */
  public List<WebhookDelivery> webhookDeliveries(String webhookId) {
    Objects.requireNonNull(webhookId, "webhookId == null");
    List<WebhookDelivery> deliveries = embed.webhooks.deliveries(webhookId);
    if (deliveries.isEmpty() && embed.webhookSecret(webhookId) == null) { // a deleted one keeps its deliveries
      throw new IllegalArgumentException("no webhook " + webhookId);
    }
    return deliveries;
  }

  @Override
  public String toString() {
    return "EmbedControls";
  }
}
