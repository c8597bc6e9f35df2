package io.github.krakensdk.sandbox.internal.funding;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.http.Signatures;
import io.github.krakensdk.sandbox.internal.params.JsonTree;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily.IssuedKey;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Spot Funding (Beta) ({@code /funding/...}): the fifteen operations of {@code funding.yaml}, on
 * the Spot family's funding state ({@link FundingBeta}).
 *
 * <p>A call is signed with a Spot key of the sandbox: {@code API-Key}, {@code API-Nonce} and
 * {@code API-Sign} over the path with its query as sent and the SHA-256 of nonce and body ({@link
 * Signatures#apiSign}, as Spot and Embed); {@code API-OTP} is taken and ignored (sandbox keys have
 * no second factor). The nonce is the key's one counter, the same as its {@code /0/private} body
 * nonce. Each call costs 1 on the key's Spot REST call counter and needs the operation's {@code
 * x-kraken-key-permission}. Answers are bare objects; every refusal is an {@code
 * application/problem+json} document ({@code tag:kraken.com,2025:<Code>}): 401 {@code
 * InvalidKey}, {@code InvalidSignature}, {@code InvalidNonce}; 429 {@code RateLimitExceeded}; 403
 * {@code PermissionDenied}; 400 {@code InvalidArguments} naming the field and the rule; 404 {@code
 * NotFound}; 409 {@code DuplicateAddressName}. A path that is no operation answers as the gateway
 * does, Spot's {@code {"error":[...]}}.
 */
public final class FundingFamily extends Endpoint<SandboxKey> {
  static final String PROBLEM_JSON = "application/problem+json";
  private static volatile ContractValidator loaded;

  private final Settings settings;
  private final Nonces nonces;
  private final Function<String, IssuedKey> keys;
  private final FundingBeta beta;

  /**
   * @param keys the Spot family's key of an {@code API-Key}, or null for none.
   * @param nonces the nonces Spot's private calls are checked against (one counter per key).
   */
  public FundingFamily(ContractValidator contract, Settings settings, Nonces nonces, Function<String, IssuedKey> keys,
      FundingBeta beta) {
    super(Family.FUNDING, contract);
    this.settings = requireNonNull(settings, "settings == null");
    this.nonces = requireNonNull(nonces, "nonces == null");
    this.keys = requireNonNull(keys, "keys == null");
    this.beta = requireNonNull(beta, "beta == null");

    route("GET", "/funding/v1/methods/{direction}", "listFundingMethodsV1", true,
        (call, path, key) -> ok(beta.methods(path.get("direction"), query(call))));
    route("GET", "/funding/v1/assets/{direction}", "listFundingAssetsV1", true,
        (call, path, key) -> ok(beta.assets(path.get("direction"), query(call))));
    route("GET", "/funding/v1/networks", "listFundingNetworksV1", true, (call, path, key) -> ok(beta.networks()));
    route("GET", "/funding/v1/fees/{method_id}", "calculateFundingFeesV1", true,
        (call, path, key) -> ok(beta.fees(path.get("method_id"), query(call))));
    route("GET", "/funding/v1/limits/deposit/{asset_class}/{asset}", "listFundingDepositLimitsV1", true,
        (call, path, key) -> ok(beta.depositLimits(path.get("asset_class"), path.get("asset"), query(call))));
    route("GET", "/funding/v1/limits/withdrawal/{asset_class}/{asset}", "listFundingWithdrawalLimitsV1", true,
        (call, path, key) -> ok(beta.withdrawalLimits(path.get("asset_class"), path.get("asset"), query(call))));
    route("PUT", "/funding/v1/deposit/address", "claimFundingDepositAddressV1", true,
        (call, path, key) -> ok(beta.claimAddress(body(call))));
    route("GET", "/funding/v2/deposit/addresses", "listFundingClaimedAddressesV2", true,
        (call, path, key) -> ok(beta.claimedAddresses(query(call))));
    route("GET", "/funding/v1/deposits", "listFundingDepositsV1", true,
        (call, path, key) -> ok(beta.deposits(query(call))));
    route("GET", "/funding/v1/addresses", "listFundingAddressesV1", true,
        (call, path, key) -> ok(beta.addresses(query(call))));
    route("POST", "/funding/v1/addresses", "createFundingAddressV1", true,
        (call, path, key) -> ok(beta.createAddress(body(call))));
    route("PUT", "/funding/v1/addresses/{id}", "updateFundingAddressV1", true,
        (call, path, key) -> ok(beta.updateAddress(path.get("id"), body(call))));
    route("DELETE", "/funding/v1/addresses/{id}", "deleteFundingAddressV1", true,
        (call, path, key) -> ok(beta.deleteAddress(path.get("id"))));
    route("POST", "/funding/v1/withdrawals", "createFundingWithdrawalV1", true,
        (call, path, key) -> ok(beta.withdraw(body(call))));
    route("GET", "/funding/v1/withdrawals", "listFundingWithdrawalsV1", true,
        (call, path, key) -> ok(beta.withdrawals(query(call))));
  }

  /** The compiled {@code funding.yaml}, read once per class loader (a sandbox is often made per test). */
  public static ContractValidator contract() {
    ContractValidator contract = loaded;
    if (contract == null) {
      synchronized (FundingFamily.class) {
        if (loaded == null) {
          loaded = ContractValidator.load(Family.FUNDING);
        }
        contract = loaded;
      }
    }
    return contract;
  }

  private static FundingBeta.Query query(HttpCall call) {
    return new FundingBeta.Query(call.query);
  }

  private static Map<String, Object> body(HttpCall call) {
    return JsonTree.readObject(new String(call.parameters().json(), StandardCharsets.UTF_8));
  }

  private static Reply ok(Map<String, Object> answer) {
    return Reply.answer(200, answer);
  }

  /** The engine of the operations, for the state document and the Spot family's inspection. */
  public FundingBeta beta() {
    return beta;
  }

  // ---- authentication ----

  @Override
  public Authenticated<SandboxKey> authenticate(HttpCall call, Route<SandboxKey> route) {
    IssuedKey issued = call.header("API-Key") == null ? null : keys.apply(call.header("API-Key"));
    if (issued == null) {
      return Authenticated.refused(problem(gateway(401, "InvalidKey", "API: Invalid key", null)));
    }
    SandboxKey key = issued.key();
    String nonceText = call.header("API-Nonce");
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      return Authenticated.refused(problem(gateway(401, "InvalidNonce", "API: Invalid nonce",
          "API-Nonce: " + (nonceText == null ? "required" : "must be an unsigned 64-bit integer"))));
    }
    String expected = Signatures.apiSign(key.secret(), call.pathAndQuery(), nonceText, call.body);
    if (!Secrets.equal(expected, call.header("API-Sign"))) {
      return Authenticated.refused(problem(gateway(401, "InvalidSignature", "API: Invalid signature", null)));
    }
    // Only an authentic request moves the nonce; the counter is the key's one, shared with /0/private.
    if (nonces.offer(key.key(), nonce) != Nonces.Verdict.ACCEPTED) {
      return Authenticated.refused(problem(gateway(401, "InvalidNonce", "API: Invalid nonce",
          "API-Nonce: must be above the key's last nonce " + Long.toUnsignedString(nonces.last(key.key())))));
    }
    Operation op = contract.operations.find(call.method, route.template());
    boolean counted = op == null || issued.counter().tryCall(op.rateCost(), settings.clock().instant());
    if (!counted && settings.spotRateLimits()) {
      return Authenticated.refused(problem(gateway(429, "RateLimitExceeded", "API: Rate limit exceeded", null)));
    }
    if (op != null && op.permission() != null && !permitted(issued.permissions(), op.permission())) {
      return Authenticated.refused(problem(new FundingProblem(403, "PermissionDenied", "General: Permission denied",
          "the key lacks the permission " + op.permission(), "Gateway")));
    }
    return Authenticated.as(key);
  }

  private static boolean permitted(Set<SpotKeyPermission> held, String permission) {
    return held.stream().anyMatch(p -> p.id().equals(permission));
  }

  private static FundingProblem gateway(int status, String code, String title, String detail) {
    return new FundingProblem(status, code, title, detail, "Gateway");
  }

  // ---- envelopes ----

  static Reply problem(FundingProblem problem) {
    return Reply.answer(problem.status, problem.document()).withHeader("Content-Type", PROBLEM_JSON);
  }

  @Override
  public Reply rejected(Route<SandboxKey> route, List<Problem> problems) {
    return problem(FundingProblem.invalid(detail(problems)));
  }

  @Override
  public Reply unknownOperation(HttpCall call) {
    // The gateway answers a path it does not route in Spot's form (gocryptotrader's transport notes it).
    return Reply.answer(404, Map.of("error", List.of("EGeneral:Unknown method")));
  }

  @Override
  public Reply wrongMethod(HttpCall call, Set<String> allowed) {
    // Answered in the same gateway form; the endpoint adds Allow.
    return Reply.answer(405, Map.of("error", List.of("EGeneral:Unknown method:" + call.method + " " + call.rawPath
        + " takes " + String.join(", ", allowed))));
  }

  @Override
  public Reply internalError(Exception e) {
    if (e instanceof FundingProblem refusal) {
      return problem(refusal); // an operation's refusal, thrown through the handler
    }
    return problem(new FundingProblem(500, "InternalError", "General: Internal error", String.valueOf(e), "Funding"));
  }
}
