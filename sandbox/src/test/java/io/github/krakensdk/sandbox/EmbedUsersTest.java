package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.embed.EmbedTest;
import io.github.krakensdk.sandbox.internal.embed.EmbedUsers;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.DocumentType;
import io.github.krakensdk.embed.model.FullName;
import io.github.krakensdk.embed.model.IdentityDocumentCheck;
import io.github.krakensdk.embed.model.Occupation;
import io.github.krakensdk.embed.model.RequiredAction;
import io.github.krakensdk.embed.model.RequiredActionType;
import io.github.krakensdk.embed.model.User;
import io.github.krakensdk.embed.model.UserState;
import io.github.krakensdk.embed.model.VerificationKind;
import io.github.krakensdk.embed.model.VerificationType;
import io.github.krakensdk.embed.model.VerifiedIdentity;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.FilePart;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Embed users: creation, status, verification on the sandbox clock, subaccounts, disabled and closed users. */
class EmbedUsersTest {
  static final Instant START = Instant.parse("2025-04-14T09:30:00Z");
  static final Duration VERIFICATION_DELAY = Duration.ofMinutes(5);
  static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .embedVerificationDelay(VERIFICATION_DELAY));

  @Test
  void aCreatedUserIsUnverifiedAndOwesAnIdentityVerification(KrakenClient kraken, Sandbox sandbox) {
    String iiban = createUser(kraken, "customer-1");
    assertTrue(iiban.matches("AA[A-Z0-9]{14}"), iiban);
    User user = kraken.embed().getUser(r -> r.user(iiban));
    assertEquals(iiban, user.user());
    assertEquals("customer-1", user.externalId());
    assertEquals(OffsetDateTime.parse("2025-04-14T09:30:00Z"), user.createdAt());
    assertEquals(UserState.OK, user.status().state());
    RequiredAction action = user.status().requiredActions().get(0);
    assertEquals(RequiredActionType.VERIFICATION, action.actionType());
    assertEquals(VerificationType.IDENTITY, action.verificationType());
    assertEquals(OffsetDateTime.parse("2025-05-14T09:30:00Z"), action.deadline());
    assertFalse(sandbox.embed().verified(iiban));
    assertEquals("Fernández", sandbox.userProfile(iiban).fullName().lastName(), "the profile is stored");
  }

  @Test
  void anUploadedVerificationIsPendingThenCompletesOnTheClockAndIsAnnounced(KrakenClient kraken, Sandbox sandbox) {
    String iiban = createUser(kraken, "customer-2");
    String id = kraken.embed().submitVerification(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(check()).front(FilePart.of("front.png", "image/png", PNG))).verificationId();
    assertTrue(id.startsWith("VRF-"), id);

    clock.advance(VERIFICATION_DELAY.minusSeconds(1));
    RequiredAction waiting = kraken.embed().getUser(r -> r.user(iiban)).status().requiredActions().get(0);
    assertEquals(RequiredActionType.WAIT, waiting.actionType());
    assertFalse(sandbox.embed().verified(iiban));
    assertEquals(List.of(), sandbox.embedEventTypes(iiban));

    clock.advance(Duration.ofSeconds(1));
    assertEquals(List.of(), kraken.embed().getUser(r -> r.user(iiban)).status().requiredActions());
    assertTrue(sandbox.embed().verified(iiban));
    assertEquals(List.of("user.verified"), sandbox.embedEventTypes(iiban), "announced once");
  }

  @Test
  void aVerificationFromUrlsCompletesTooWithoutAnyGetUser(KrakenClient kraken, Sandbox sandbox) {
    String iiban = createUser(kraken, "customer-3");
    kraken.embed().submitVerificationUrl(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(check()).frontUrl("https://kyc.example.com/3/front.jpg?sig=1"));
    clock.advance(VERIFICATION_DELAY);
    assertTrue(sandbox.embed().verified(iiban), "evaluated when the user is read, by any reader");
    assertEquals(List.of("user.verified"), sandbox.embedEventTypes(iiban));
  }

  @Test
  void aUrlThatIsNotHttpsIsRefusedByTheSandbox(KrakenClient kraken) {
    // HTTPS only is the contract's decision: the client sends the request, the sandbox refuses it.
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().submitVerificationUrl(r -> r.user(Seed.USER_IIBAN)
            .type(VerificationKind.IDENTITY_DOCUMENT).metadata(check()).frontUrl("http://kyc.example.com/f.jpg")));
    assertEquals(400, e.httpStatus());
    assertTrue(e.getMessage().contains("EGeneral:Invalid arguments") && e.getMessage().contains("front_url"),
        e.getMessage());
  }

  @Test
  void aHeadlessSubaccountIsVerifiedFromTheStart(KrakenClient kraken, Sandbox sandbox) {
    String iiban = kraken.embed().createSubaccount(r -> r.externalId("partner-kyc-7")).user();
    User user = kraken.embed().getUser(r -> r.user(iiban));
    assertEquals(List.of(), user.status().requiredActions());
    assertEquals("partner-kyc-7", user.externalId());
    assertTrue(sandbox.embed().verified(iiban));
  }

  @Test
  void seededUsersHaveNoExternalIdAndNothingToDo(KrakenClient kraken) {
    User user = kraken.embed().getUser(r -> r.user(Seed.USER_IIBAN));
    assertNull(user.externalId());
    assertEquals(UserState.OK, user.status().state());
    assertEquals(List.of(), user.status().requiredActions());
  }

  @Test
  void disabledAndClosedUsersShowItAreAnnouncedAndRefuseWrites(KrakenClient kraken, Sandbox sandbox) {
    String disabled = createUser(kraken, "customer-4");
    sandbox.embed().disableUser(disabled);
    User shown = kraken.embed().getUser(r -> r.user(disabled));
    assertEquals(UserState.DISABLED, shown.status().state());
    assertEquals(List.of("compliance_review"), shown.status().reasons());
    assertConflict(() -> kraken.embed().updateUser(r -> r.user(disabled).phone("+4930901820")));
    assertConflict(() -> kraken.embed().submitVerification(r -> r.user(disabled)
        .type(VerificationKind.IDENTITY_DOCUMENT).metadata(check()).front(FilePart.of("f.png", "image/png", PNG))));

    sandbox.embed().closeUser(Seed.SECOND_USER_IIBAN);
    User closed = kraken.embed().getUser(r -> r.user(Seed.SECOND_USER_IIBAN));
    assertEquals(UserState.CLOSED, closed.status().state());
    assertConflict(() -> kraken.embed().submitVerificationUrl(r -> r.user(Seed.SECOND_USER_IIBAN)
        .type(VerificationKind.IDENTITY_DOCUMENT).metadata(check()).frontUrl("https://kyc.example.com/f.jpg")));
    sandbox.embed().closeUser(Seed.SECOND_USER_IIBAN);
    assertEquals(List.of("user.disabled"), sandbox.embedEventTypes(disabled));
    assertEquals(List.of("user.closed"), sandbox.embedEventTypes(Seed.SECOND_USER_IIBAN), "announced once");
  }

  @Test
  void aVerificationSubmittedBeforeTheUserIsDisabledDoesNotVerifyIt(KrakenClient kraken, Sandbox sandbox) {
    String iiban = createUser(kraken, "customer-5");
    kraken.embed().submitVerificationUrl(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(check()).frontUrl("https://kyc.example.com/5/front.jpg"));
    sandbox.embed().disableUser(iiban);
    clock.advance(VERIFICATION_DELAY);
    assertFalse(sandbox.embed().verified(iiban));
  }

  @Test
  void usersOfOtherPartnersAreNotFound(KrakenClient kraken) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getUser(r -> r.user(Seed.OTHER_PARTNER_USER_IIBAN)));
    assertEquals(404, e.httpStatus());
    assertEquals(List.of(EmbedFamily.USER_NOT_FOUND), e.errors());
  }

  // ---- multipart bodies as they arrive ----

  @Test
  void theSignatureCoversTheMultipartBytesAsSent(Sandbox sandbox) throws Exception {
    Raw raw = new Raw(sandbox);
    MultipartBody body = upload(metadataJson(), "front", PNG);
    Raw.Answer signed = raw.send(signedUpload(sandbox, body, bytes(body)));
    assertEquals(200, signed.status(), signed.body());
    assertTrue(signed.body().contains("verification_id"), signed.body());

    byte[] tampered = bytes(body);
    tampered[tampered.length - 60] ^= 1; // a byte of the file, after signing
    Raw.Answer refused = raw.send(signedUpload(sandbox, body, bytes(body), tampered));
    assertEquals(401, refused.status(), refused.body());
    assertTrue(refused.body().contains("EAPI:Invalid signature"), refused.body());
  }

  @Test
  void partsAreCheckedAgainstTheContract(Sandbox sandbox) throws Exception {
    Raw raw = new Raw(sandbox);
    // No front part: required.
    MultipartBody noFront = new MultipartBody.Builder().setType(MultipartBody.FORM)
        .addFormDataPart("type", "identity_document")
        .addPart(MultipartBody.Part.createFormData("metadata", null,
            RequestBody.create(metadataJson(), MediaType.get("application/json")))).build();
    assertRefused(raw.send(signedUpload(sandbox, noFront, bytes(noFront))), "front");

    // A part the contract does not declare.
    MultipartBody extra = upload(metadataJson(), "selfie", PNG);
    assertRefused(raw.send(signedUpload(sandbox, extra, bytes(extra))), "selfie");

    // The metadata part breaks its schema (no document_number).
    MultipartBody badMetadata = upload(metadataJson().replace("\"document_number\":\"PAE123456\",", ""), "front", PNG);
    assertRefused(raw.send(signedUpload(sandbox, badMetadata, bytes(badMetadata))), "document_number");

    // An unknown verification kind.
    MultipartBody badType = new MultipartBody.Builder().setType(MultipartBody.FORM)
        .addFormDataPart("type", "selfie_video")
        .addPart(MultipartBody.Part.createFormData("metadata", null,
            RequestBody.create(metadataJson(), MediaType.get("application/json"))))
        .addFormDataPart("front", "f.png", RequestBody.create(PNG, MediaType.get("image/png"))).build();
    assertRefused(raw.send(signedUpload(sandbox, badType, bytes(badType))), "selfie_video");
  }

  @Test
  void aMalformedMultipartBodyIsRefusedSayingWhy(Sandbox sandbox) {
    byte[] body = "--abc\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--abc--\r\n".getBytes(StandardCharsets.UTF_8);
    Raw.Answer answer = new Raw(sandbox).send(signedUpload(sandbox, "multipart/form-data; boundary=abc", body, body));
    assertRefused(answer, "Content-Disposition");
  }

  @Test
  void aFileOverTheContractsSizeLimitIsRefusedByTheSandbox(KrakenClient kraken) {
    // 10 MiB per file is the contract's decision: the client sends it, the sandbox refuses it.
    FilePart huge = FilePart.of("front.png", "image/png", new byte[10 * 1024 * 1024 + 1]);
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().submitVerification(r -> r.user(Seed.USER_IIBAN)
            .type(VerificationKind.IDENTITY_DOCUMENT).metadata(check()).front(huge)));
    assertEquals(400, e.httpStatus());
    assertTrue(e.getMessage().contains("front") && e.getMessage().contains("10485760"), e.getMessage());
  }

  @Test
  void aFileOfSeveralMegabytesWithinTheContractsLimitIsAccepted(KrakenClient kraken) {
    String iiban = createUser(kraken, "customer-large-scan");
    FilePart scan = FilePart.of("front.png", "image/png", new byte[3 * 1024 * 1024]);
    kraken.embed().submitVerification(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
        .metadata(check()).front(scan));
  }

  private static void assertConflict(org.junit.jupiter.api.function.Executable call) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class, call);
    assertEquals(409, e.httpStatus());
    assertEquals(List.of(EmbedUsers.INACTIVE_USER), e.errors());
  }

  private static void assertRefused(Raw.Answer answer, String mentioning) {
    assertEquals(400, answer.status(), answer.body());
    assertTrue(answer.body().contains("EGeneral:Invalid arguments"), answer.body());
    assertTrue(answer.body().contains(mentioning), answer.body());
  }

  private static MultipartBody upload(String metadata, String fileField, byte[] file) {
    return new MultipartBody.Builder().setType(MultipartBody.FORM)
        .addFormDataPart("type", "identity_document")
        .addPart(MultipartBody.Part.createFormData("metadata", null,
            RequestBody.create(metadata, MediaType.get("application/json"))))
        .addFormDataPart(fileField, "document.png", RequestBody.create(file, MediaType.get("image/png")))
        .build();
  }

  private static byte[] bytes(RequestBody body) throws Exception {
    Buffer buffer = new Buffer();
    body.writeTo(buffer);
    return buffer.readByteArray();
  }

  private static Request signedUpload(Sandbox sandbox, MultipartBody body, byte[] signed) {
    return signedUpload(sandbox, body, signed, signed);
  }

  private static Request signedUpload(Sandbox sandbox, MultipartBody body, byte[] signed, byte[] sent) {
    return signedUpload(sandbox, body.contentType().toString(), signed, sent);
  }

  /** A raw upload for the seeded user, signed over {@code signed} and carrying {@code sent}. */
  private static Request signedUpload(Sandbox sandbox, String contentType, byte[] signed, byte[] sent) {
    String path = "/b2b/verifications/" + Seed.USER_IIBAN;
    String nonce = Long.toUnsignedString(Raw.nonce());
    SandboxKey key = Seed.EMBED_KEY;
    return new Request.Builder().url(sandbox.baseUrl() + path.substring(1))
        .header("API-Key", key.key()).header("API-Nonce", nonce)
        .header("API-Sign", new SpotSigner(key.secret()).sign(path, nonce, signed))
        .post(RequestBody.create(sent, MediaType.get(contentType))).build();
  }

  private static String metadataJson() {
    return "{\"identity\":{\"full_name\":{\"first_name\":\"Maria\",\"last_name\":\"Fernández\"},"
        + "\"date_of_birth\":\"1988-07-14\"},\"document_type\":\"passport\",\"document_number\":\"PAE123456\","
        + "\"issuing_country\":\"ES\",\"verifier\":\"IDCheck Ltd\",\"verified_at\":\"2025-04-14T09:45:00Z\"}";
  }

  static String createUser(KrakenClient kraken, String externalId) {
    return kraken.embed().createUser(r -> r.externalId(externalId).email("maria.fernandez@example.com")
        .tosVersionAccepted(4).fullName(FullName.builder().firstName("Maria").lastName("Fernández").build())
        .dateOfBirth(LocalDate.parse("1988-07-14")).residence(EmbedTest.residence("Calle de Alcalá 48", null))
        .phone("+34915550123").nationalities(List.of(CountryCode.ES)).occupation(Occupation.FINANCE)).user();
  }

  static IdentityDocumentCheck check() {
    return IdentityDocumentCheck.builder()
        .identity(VerifiedIdentity.builder().fullName(FullName.builder().firstName("Maria").lastName("Fernández")
            .build()).dateOfBirth(LocalDate.parse("1988-07-14")).build())
        .documentType(DocumentType.PASSPORT).documentNumber("PAE123456").issuingCountry(CountryCode.ES)
        .verifier("IDCheck Ltd").verifiedAt(OffsetDateTime.parse("2025-04-14T09:45:00Z")).build();
  }
}
