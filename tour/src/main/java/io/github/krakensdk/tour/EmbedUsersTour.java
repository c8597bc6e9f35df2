package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.CreatedUser;
import io.github.krakensdk.embed.model.DocumentType;
import io.github.krakensdk.embed.model.FullName;
import io.github.krakensdk.embed.model.IdentityDocumentCheck;
import io.github.krakensdk.embed.model.Occupation;
import io.github.krakensdk.embed.model.RequiredAction;
import io.github.krakensdk.embed.model.RequiredActionType;
import io.github.krakensdk.embed.model.Residence;
import io.github.krakensdk.embed.model.SubmittedVerification;
import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.model.User;
import io.github.krakensdk.embed.model.UserState;
import io.github.krakensdk.embed.model.VerificationKind;
import io.github.krakensdk.embed.model.VerificationType;
import io.github.krakensdk.embed.model.VerifiedIdentity;
import io.github.krakensdk.runtime.call.FilePart;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The users part of the Embed tour: a new user is created (and becomes the user the later parts
 * follow, {@link Tour#embedUser}), is unverified, has its profile updated, submits an identity
 * verification with its passport uploaded (multipart), and is verified once the sandbox clock has
 * moved past the verification delay; a second user is verified from a presigned URL, and a
 * headless subaccount is verified from the start.
 */
final class EmbedUsersTour {
  private static final Duration POLL_LIMIT = Duration.ofSeconds(20);

  private EmbedUsersTour() {}

  static void run(Tour tour) {
    tour.step("createUser", () -> {
      CreatedUser created = tour.kraken.embed().createUser(r -> r.externalId("tour-customer-1")
          .email("maria.fernandez@example.com").tosVersionAccepted(4)
          .fullName(FullName.builder().firstName("Maria").lastName("Fernández").build())
          .dateOfBirth(LocalDate.parse("1988-07-14"))
          .residence(Residence.builder().line1("Calle de Alcalá 48").city("Madrid").postalCode("28014")
              .country(CountryCode.ES).build())
          .phone("+34915550123").nationalities(List.of(CountryCode.ES)).occupation(Occupation.FINANCE));
      String iiban = created.user();
      check(iiban.matches("AA[A-Z0-9]{14}"), "IIBAN " + iiban);
      check(!tour.sandbox.embed().verified(iiban), "a new user is verified already");
      tour.embedUser = iiban;
      return "new user " + iiban + " (unverified); the rest of the Embed tour follows this user";
    });
    tour.step("getUser", () -> {
      User user = tour.kraken.embed().getUser(r -> r.user(tour.embedUser));
      check(UserState.OK.equals(user.status().state()), "state " + user.status().state());
      RequiredAction action = user.status().requiredActions().get(0);
      check(RequiredActionType.VERIFICATION.equals(action.actionType())
          && VerificationType.IDENTITY.equals(action.verificationType()), "required " + action);
      check("tour-customer-1".equals(user.externalId()), "external_id " + user.externalId());
      return user.user() + " " + user.status().state() + ", owes a " + action.verificationType()
          + " verification by " + action.deadline();
    });
    tour.step("updateUser", () -> {
      String user = tour.embedUser;
      SuccessResult result = tour.kraken.embed().updateUser(r -> r.user(user)
          .residence(Residence.builder().line1("Kurfürstendamm 21").city("Berlin").postalCode("10719")
              .country(CountryCode.DE).build())
          .phone("+4930901820"));
      check(SuccessResult.SUCCESS.equals(result), "result " + result);
      check("Berlin".equals(tour.sandbox.userProfile(user).residence().city()), "not stored");
      return "residence and phone of " + user + " → " + result;
    });
    tour.step("submitVerification", () -> {
      FilePart front = FilePart.of("passport-front.png", "image/png", png(64, 40));
      SubmittedVerification submitted = tour.kraken.embed().submitVerification(r -> r.user(tour.embedUser)
          .type(VerificationKind.IDENTITY_DOCUMENT)
          .metadata(passportCheck("Maria", "Fernández", "1988-07-14", "PAE123456"))
          .front(front));
      check(!submitted.verificationId().isBlank(), "no verification_id");
      User user = tour.kraken.embed().getUser(r -> r.user(tour.embedUser));
      RequiredAction action = user.status().requiredActions().get(0);
      check(RequiredActionType.WAIT.equals(action.actionType()), "after submitting: " + action);
      return submitted.verificationId() + ": " + front + " and its check uploaded as multipart/form-data, signed "
          + "over the bytes sent; the user now waits (" + action.waitReasonCode() + ")";
    });
    tour.step("submitVerificationUrl", () -> {
      String second = tour.kraken.embed().createUser(r -> r.externalId("tour-customer-2")
          .email("jonas.weber@example.com").tosVersionAccepted(4)
          .fullName(FullName.builder().firstName("Jonas").lastName("Weber").build())
          .dateOfBirth(LocalDate.parse("1979-02-03"))
          .residence(Residence.builder().line1("Torstraße 140").city("Berlin").postalCode("10119")
              .country(CountryCode.DE).build())
          .phone("+4930123456").nationalities(List.of(CountryCode.DE)).occupation(Occupation.EDUCATION)).user();
      SubmittedVerification submitted = tour.kraken.embed().submitVerificationUrl(r -> r.user(second)
          .type(VerificationKind.IDENTITY_DOCUMENT)
          .metadata(passportCheck("Jonas", "Weber", "1979-02-03", "C01X00T47"))
          .frontUrl("https://kyc-docs.example.com/users/2/passport-front.jpg?X-Amz-Signature=5e1d"));
      // Verification completes on the sandbox clock: poll as an application does, for both users.
      int polls = 0;
      Instant deadline = Instant.now().plus(POLL_LIMIT);
      boolean verified = false;
      while (!verified && Instant.now().isBefore(deadline)) {
        Thread.sleep(polls == 0 ? 0 : 100);
        polls++;
        verified = verified(tour, tour.embedUser) && verified(tour, second);
      }
      check(verified, "not verified after " + polls + " polls");
      return submitted.verificationId() + " for a second user " + second + " from a presigned URL; both users "
          + "verified (no required action) after " + polls + " getUser polls";
    });
    tour.step("createSubaccount", () -> {
      String iiban = tour.kraken.embed().createSubaccount(r -> r.externalId("tour-subaccount-1")).user();
      User subaccount = tour.kraken.embed().getUser(r -> r.user(iiban));
      check(subaccount.status().requiredActions().isEmpty(), "required " + subaccount.status().requiredActions());
      check(tour.sandbox.embed().verified(iiban), "not verified");
      return "headless subaccount " + iiban + " (external_id " + subaccount.externalId()
          + "), verified from the start";
    });
  }

  private static boolean verified(Tour tour, String iiban) {
    User user = tour.kraken.embed().getUser(r -> r.user(iiban));
    return UserState.OK.equals(user.status().state()) && user.status().requiredActions().isEmpty();
  }

  private static IdentityDocumentCheck passportCheck(String first, String last, String born, String number) {
    return IdentityDocumentCheck.builder()
        .identity(VerifiedIdentity.builder().fullName(FullName.builder().firstName(first).lastName(last).build())
            .dateOfBirth(LocalDate.parse(born)).build())
        .documentType(DocumentType.PASSPORT).documentNumber(number).issuingCountry(CountryCode.ES)
        .verifier("IDCheck Ltd").verifiedAt(OffsetDateTime.parse("2025-04-14T09:45:00Z"))
        .build();
  }

  /** A small grey PNG image ({@code width} × {@code height}), standing in for a scanned document. */
  static byte[] png(int width, int height) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    byte[] header = new byte[13];
    putInt(header, 0, width);
    putInt(header, 4, height);
    header[8] = 8; // 8-bit greyscale; compression, filter and interlace 0
    chunk(out, "IHDR", header);
    byte[] rows = new byte[(width + 1) * height]; // filter byte 0 then the pixels of each row
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        rows[y * (width + 1) + 1 + x] = (byte) (0x80 + ((x ^ y) & 0x3f));
      }
    }
    Deflater deflater = new Deflater();
    deflater.setInput(rows);
    deflater.finish();
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    while (!deflater.finished()) {
      compressed.write(buffer, 0, deflater.deflate(buffer));
    }
    deflater.end();
    chunk(out, "IDAT", compressed.toByteArray());
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] length = new byte[4];
    putInt(length, 0, data.length);
    out.writeBytes(length);
    byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(typeBytes);
    out.writeBytes(data);
    CRC32 crc = new CRC32();
    crc.update(typeBytes);
    crc.update(data);
    byte[] sum = new byte[4];
    putInt(sum, 0, (int) crc.getValue());
    out.writeBytes(sum);
  }

  private static void putInt(byte[] target, int at, int value) {
    target[at] = (byte) (value >>> 24);
    target[at + 1] = (byte) (value >>> 16);
    target[at + 2] = (byte) (value >>> 8);
    target[at + 3] = (byte) value;
  }
}
