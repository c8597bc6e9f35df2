package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.spot.exchange.Account;

import io.github.krakensdk.embed.model.CreatedUser;
import io.github.krakensdk.embed.internal.model.CreatedUserResponse;
import io.github.krakensdk.embed.internal.model.HeadlessSubaccount;
import io.github.krakensdk.embed.internal.model.NewUser;
import io.github.krakensdk.embed.model.RequiredAction;
import io.github.krakensdk.embed.model.RequiredActionType;
import io.github.krakensdk.embed.model.SubmittedVerification;
import io.github.krakensdk.embed.internal.model.SubmittedVerificationResponse;
import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.internal.model.SuccessResultResponse;
import io.github.krakensdk.embed.model.User;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.embed.internal.model.UserResponse;
import io.github.krakensdk.embed.model.UserState;
import io.github.krakensdk.embed.model.UserStatus;
import io.github.krakensdk.embed.model.UserType;
import io.github.krakensdk.embed.model.VerificationType;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Embed users ({@code /b2b/users}, {@code /b2b/subaccounts}, {@code /b2b/verifications}): creating
 * users and headless subaccounts, their profiles and status, and their verification.
 *
 * <p>A created user is unverified: {@code getUser} shows a required identity verification. A
 * submitted verification (uploaded or by URL) is pending for {@code Settings.embedVerificationDelay}
 * on the sandbox clock, then the user is verified and {@code user.verified} is published; this is
 * evaluated lazily, whenever any group looks the user up ({@link EmbedState#beforeUserRead}). A
 * headless subaccount is verified from the start (its KYC stays with the partner). A disabled or
 * closed user ({@link Sandbox#disableEmbedUser}, {@link Sandbox#closeEmbedUser}) gets 409 {@code
 * ENexus:Conflict} on every write; see {@link #refusal}.
 */
public final class EmbedUsers {
  /** The code a write for a disabled or closed user gets (HTTP 409), as the contract decides. */
  public static final String INACTIVE_USER = "ENexus:Conflict";
  /** How long a new user has to get verified, as its required action's deadline. */
  private static final Duration VERIFICATION_DEADLINE = Duration.ofDays(30);
  private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  /** What the service knows of a user beyond its profile. Guarded by the state. */
  private static final class Account {
    final Instant createdAt;
    final String externalId;
    final String email;
    final List<Verification> verifications = new ArrayList<>();

    Account(Instant createdAt, String externalId, String email) {
      this.createdAt = createdAt;
      this.externalId = externalId;
      this.email = email;
    }
  }

  /** A submitted verification: pending until {@code completesAt} on the sandbox clock. */
  private record Verification(String id, Instant completesAt) {}

  private final EmbedState state;
  private final SecureRandom random = new SecureRandom();
  /** Guarded by {@code state}. Seeded users have none: they were created when the sandbox started. */
  private final Map<String, Account> accounts = new HashMap<>();
  private final Instant started;

  EmbedUsers(EmbedState state) {
    this.state = state;
    this.started = state.instant();
    state.beforeUserRead(this::completeDueVerification);
  }

  void routes(EmbedFamily family) {
    family.route("POST", "/b2b/users", "createUser", true, this::createUser);
    family.route("GET", "/b2b/users/{user}", "getUser", true, this::getUser);
    family.route("PATCH", "/b2b/users/{user}", "updateUser", true, this::updateUser);
    family.route("POST", "/b2b/subaccounts", "createSubaccount", true, this::createSubaccount);
    family.route("POST", "/b2b/verifications/{user}", "submitVerification", true, this::submitVerification);
    family.route("POST", "/b2b/verifications/{user}/url", "submitVerificationUrl", true, this::submitVerification);
  }

  /**
   * The refusal of a write for {@code user} when it is disabled or closed (409 {@code
   * ENexus:Conflict}), or null when it may go ahead. Every group's writes for a user ask this.
   */
  static Reply refusal(EmbedUser user) {
    return user.disabled || user.closed ? EmbedFamily.error(409, INACTIVE_USER) : null;
  }

  private Reply createUser(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    NewUser body = call.parameters().read(NewUser.class);
    UserProfileUpdate profile = UserProfileUpdate.builder()
        .tosVersionAccepted(body.tosVersionAccepted()).fullName(body.fullName()).dateOfBirth(body.dateOfBirth())
        .cityOfBirth(body.cityOfBirth()).countryOfBirth(body.countryOfBirth()).residence(body.residence())
        .phone(body.phone()).nationalities(body.nationalities()).taxIds(body.taxIds()).occupation(body.occupation())
        .employerName(body.employerName()).clientIdentifier(body.clientIdentifier()).language(body.language())
        .build();
    String iiban;
    synchronized (state) {
      iiban = newIiban();
      state.addUser(iiban, partner, profile);
      accounts.put(iiban, new Account(state.instant(), body.externalId(), body.email()));
    }
    return EmbedFamily.ok(CreatedUserResponse.builder().result(CreatedUser.builder().user(iiban).build()).build());
  }

  private Reply createSubaccount(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner)
      throws IOException {
    HeadlessSubaccount body = call.parameters().read(HeadlessSubaccount.class);
    String iiban;
    synchronized (state) {
      iiban = newIiban();
      // The partner keeps the KYC of a headless subaccount: it is verified from the start (the contract's decision).
      state.addUser(iiban, partner, UserProfileUpdate.builder().build()).verified = true;
      accounts.put(iiban, new Account(state.instant(), body.externalId(), null));
    }
    return EmbedFamily.ok(CreatedUserResponse.builder().result(CreatedUser.builder().user(iiban).build()).build());
  }

  private Reply getUser(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Account account = accounts.get(user.iiban);
      Instant createdAt = account == null ? started : account.createdAt;
      return EmbedFamily.ok(UserResponse.builder()
          .result(User.builder()
              .user(user.iiban)
              .userType(UserType.INDIVIDUAL)
              .status(status(user, account, createdAt))
              .createdAt(time(createdAt))
              .externalId(account == null ? null : account.externalId)
              .build())
          .build());
    }
  }

  private UserStatus status(EmbedUser user, Account account, Instant createdAt) {
    if (user.closed) {
      return UserStatus.builder().state(UserState.CLOSED).reasons(List.of("account_closed")).build();
    }
    List<RequiredAction> actions = new ArrayList<>();
    if (!user.verified) {
      boolean pending = account != null && !account.verifications.isEmpty();
      actions.add(pending
          ? RequiredAction.builder().actionType(RequiredActionType.WAIT)
              .waitReasonCode("verification_in_review").build()
          : RequiredAction.builder().actionType(RequiredActionType.VERIFICATION)
              .verificationType(VerificationType.IDENTITY).reasons(List.of("initial_onboarding"))
              .deadline(time(createdAt.plus(VERIFICATION_DEADLINE))).build());
    }
    UserStatus.Builder status = UserStatus.builder().requiredActions(actions);
    return user.disabled
        ? status.state(UserState.DISABLED).reasons(List.of("compliance_review")).build()
        : status.state(UserState.OK).build();
  }

  private Reply updateUser(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    UserProfileUpdate update = call.parameters().read(UserProfileUpdate.class);
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Reply refusal = refusal(user);
      if (refusal != null) {
        return refusal;
      }
      user.profile = merge(user.profile, update);
    }
    return EmbedFamily.ok(SuccessResultResponse.builder().result(SuccessResult.SUCCESS).build());
  }

  /**
   * Both variants: the contract has checked the body (the multipart parts, or the JSON with the
   * URLs); the verification is pending until the delay has passed on the sandbox clock.
   */
  private Reply submitVerification(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Reply refusal = refusal(user);
      if (refusal != null) {
        return refusal;
      }
      Account account = accounts.computeIfAbsent(user.iiban, iiban -> new Account(started, null, null));
      String id = "VRF-" + randomText(6) + "-" + randomText(5);
      account.verifications.add(new Verification(id, state.instant().plus(state.settings.embedVerificationDelay())));
      return EmbedFamily.ok(SubmittedVerificationResponse.builder()
          .result(SubmittedVerification.builder().verificationId(id).build())
          .build());
    }
  }

  /**
   * The hook run on every lookup of a user: once a pending verification's time has come, an active
   * user who was not verified becomes verified, and {@code user.verified} is announced (the service
   * documents no data for it: the event carries its envelope only).
   */
  private void completeDueVerification(EmbedUser user) {
    Account account = accounts.get(user.iiban);
    if (account == null || account.verifications.isEmpty() || user.verified || user.disabled || user.closed) {
      return;
    }
    Instant now = state.instant();
    if (account.verifications.stream().anyMatch(v -> !v.completesAt().isAfter(now))) {
      user.verified = true;
      account.verifications.clear();
      state.publish(user.partner, "user.verified", user.iiban, Map.of());
    }
  }

  /** PATCH semantics: a field that is sent replaces the stored one as a whole. */
  private static UserProfileUpdate merge(UserProfileUpdate stored, UserProfileUpdate update) {
    UserProfileUpdate.Builder merged = stored.toBuilder();
    if (update.tosVersionAccepted() != null) merged.tosVersionAccepted(update.tosVersionAccepted());
    if (update.fullName() != null) merged.fullName(update.fullName());
    if (update.dateOfBirth() != null) merged.dateOfBirth(update.dateOfBirth());
    if (update.cityOfBirth() != null) merged.cityOfBirth(update.cityOfBirth());
    if (update.countryOfBirth() != null) merged.countryOfBirth(update.countryOfBirth());
    if (update.residence() != null) merged.residence(update.residence());
    if (update.phone() != null) merged.phone(update.phone());
    if (update.nationalities() != null) merged.nationalities(update.nationalities());
    if (update.taxIds() != null) merged.taxIds(update.taxIds());
    if (update.occupation() != null) merged.occupation(update.occupation());
    if (update.employerName() != null) merged.employerName(update.employerName());
    if (update.clientIdentifier() != null) merged.clientIdentifier(update.clientIdentifier());
    if (update.language() != null) merged.language(update.language());
    return merged.build();
  }

  /** A new IIBAN in the service's form, {@code AA} and 14 uppercase letters or digits, unused. Caller holds the state. */
  private String newIiban() {
    while (true) {
      String iiban = "AA" + randomText(14);
      try {
        state.anyUser(iiban);
      } catch (IllegalArgumentException unused) {
        return iiban;
      }
    }
  }

  private String randomText(int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
    }
    return text.toString();
  }

  private static OffsetDateTime time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
  }

  // ---- for Sandbox ----

  UserProfileUpdate profile(String iiban) {
    synchronized (state) {
      return state.anyUser(iiban).profile;
    }
  }

  /** Whether the user is verified now (a due verification completes first). */
  public boolean verified(String iiban) {
    synchronized (state) {
      return state.anyUser(iiban).verified;
    }
  }

  /** Disables the user (the service's compliance action) and announces {@code user.disabled}. */
  public void disable(String iiban) {
    synchronized (state) {
      EmbedUser user = state.anyUser(iiban);
      if (!user.disabled && !user.closed) {
        user.disabled = true;
        state.publish(user.partner, "user.disabled", iiban, Map.of());
      }
    }
  }

  /** Closes the user for good and announces {@code user.closed}. */
  public void close(String iiban) {
    synchronized (state) {
      EmbedUser user = state.anyUser(iiban);
      if (!user.closed) {
        user.closed = true;
        state.publish(user.partner, "user.closed", iiban, Map.of());
      }
    }
  }

  /**
   * Decides the user's pending verification now (the control plane's decideEmbedVerification):
   * approved, the user is verified and {@code user.verified} announced; rejected, the submitted
   * verifications are dropped and a verification is required again.
   *
   * @throws IllegalStateException when no verification is pending.
   */
  public void decideVerification(String iiban, boolean approve) {
    synchronized (state) {
      EmbedUser user = state.anyUser(iiban);
      Account account = accounts.get(iiban);
      if (account == null || account.verifications.isEmpty() || user.verified || user.disabled || user.closed) {
        throw new IllegalStateException("the user " + iiban + " has no pending verification");
      }
      account.verifications.clear();
      if (approve) {
        user.verified = true;
        state.publish(user.partner, "user.verified", user.iiban, Map.of());
      }
    }
  }
}
