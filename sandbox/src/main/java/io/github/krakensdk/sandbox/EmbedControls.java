package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedEarn;
import io.github.krakensdk.sandbox.internal.embed.EmbedUser;
import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.embed.model.FundingTransactionStatus;
import java.math.BigDecimal;
import java.net.URI;
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
   * What the user (of any partner) holds now, by asset, Auto-Earn rewards due paid first.
   *
   * @throws IllegalArgumentException for an unknown user.
   */
  public Map<String, BigDecimal> balances(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    synchronized (embed.state) {
      EmbedUser user = embed.state.anyUser(iiban);
      EmbedEarn.payRewards(embed.state, user);
      return Map.copyOf(user.balances);
    }
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
   * Every delivery of an event to the webhook so far, oldest first, with each attempt (sandbox
   * clock) and the receiver's answer.
   *
   * @throws IllegalArgumentException for an unknown webhook.
   */
  public List<WebhookDelivery> webhookDeliveries(String webhookId) {
    Objects.requireNonNull(webhookId, "webhookId == null");
    if (embed.webhookSecret(webhookId) == null) {
      throw new IllegalArgumentException("no webhook " + webhookId);
    }
    return embed.webhooks.deliveries(webhookId);
  }

  @Override
  public String toString() {
    return "EmbedControls";
  }
}
