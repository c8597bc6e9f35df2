package io.github.krakensdk.sandbox;

import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.model.SuccessResultResponse;
import io.github.krakensdk.embed.model.UserProfileUpdate;
import java.io.IOException;
import java.util.Map;

/** Embed users ({@code /b2b/users}): their profiles. */
final class EmbedUsers {
  private final EmbedState state;

  EmbedUsers(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    family.route("PATCH", "/b2b/users/{user}", "updateUser", true, this::updateUser);
  }

  private Reply updateUser(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    UserProfileUpdate update = Json.read(call.body, UserProfileUpdate.class);
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      user.profile = merge(user.profile, update);
    }
    return EmbedFamily.ok(new SuccessResultResponse(SuccessResult.SUCCESS));
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

  // ---- for Sandbox ----

  UserProfileUpdate profile(String iiban) {
    synchronized (state) {
      return state.anyUser(iiban).profile;
    }
  }
}
