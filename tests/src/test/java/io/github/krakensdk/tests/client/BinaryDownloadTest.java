package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.runtime.call.BinaryDownload;
import io.github.krakensdk.runtime.internal.ResponseDecoding;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.tests.contract.Contracts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spot {@code retrieveExport}, the contract's binary answer: the ZIP archive reaches the caller
 * as a stream, every byte as sent, even when it is larger than any body the SDK would buffer
 * ({@link ResponseDecoding#MAX_BODY_BYTES}); the JSON error envelope the service answers in its
 * place fails the call with the family's typed exception.
 */
class BinaryDownloadTest {
  private static final String REPORT = "QXMA";
  private static final String ENTRY = "trades.csv";

  @TempDir Path dir;

  /** A report archive above the SDK's buffered-body limit: only a stream gets it through whole. */
  @Test
  void anArchiveLargerThanAnyBufferedBodyStreamsToAFileByteForByte() throws Exception {
    long csvBytes = ResponseDecoding.MAX_BODY_BYTES + 3L * 1024 * 1024;
    Buffer zip = zipOf(csvBytes);
    long zipBytes = zip.size();
    byte[] sent = sha256(zip.clone().inputStream());
    try (WireFixture wire = WireFixture.create()) {
      wire.server.enqueue(new MockResponse.Builder()
          .code(200)
          .setHeader("Content-Type", "application/zip")
          .body(zip)
          .build());

      Path file = dir.resolve("report.zip");
      try (BinaryDownload archive = wire.client.spot().retrieveExport(r -> r.id(REPORT))) {
        assertEquals("application/zip", archive.contentType());
        assertEquals(OptionalLong.of(zipBytes), archive.contentLength());
        assertEquals(zipBytes, archive.writeTo(file));
      }

      assertEquals(zipBytes, Files.size(file));
      try (InputStream saved = Files.newInputStream(file)) {
        assertArrayEquals(sent, sha256(saved), "the saved archive differs from the one sent");
      }
      try (ZipInputStream entries = new ZipInputStream(Files.newInputStream(file))) {
        ZipEntry entry = entries.getNextEntry();
        assertNotNull(entry, "the saved archive holds no entry");
        assertEquals(ENTRY, entry.getName());
        assertEquals(csvBytes, entries.transferTo(OutputStream.nullOutputStream()));
        assertNull(entries.getNextEntry());
      }
      assertSignedRequestFor(WireFixture.take(wire.server));
    }
  }

  /** The stream of the download is the archive itself: a ZIP reader on it finds the report's rows. */
  @Test
  void theArchiveCanBeReadAsItArrivesAsynchronouslyToo() throws Exception {
    long csvBytes = 5L * 1024 * 1024;
    Buffer zip = zipOf(csvBytes);
    byte[] expectedCsv = sha256(csvOf(csvBytes));
    try (WireFixture wire = WireFixture.create()) {
      wire.server.enqueue(new MockResponse.Builder()
          .code(200)
          .setHeader("Content-Type", "application/zip")
          .body(zip)
          .build());

      BinaryDownload archive = wire.client.spot().retrieveExportAsync(r -> r.id(REPORT)).get(10, TimeUnit.SECONDS);
      try (ZipInputStream entries = new ZipInputStream(archive.inputStream())) {
        assertEquals(ENTRY, entries.getNextEntry().getName());
        assertArrayEquals(expectedCsv, sha256(entries), "the report's rows differ from those sent");
      }
      assertThrows(IllegalStateException.class, archive::inputStream, "the bytes can be taken once only");
      assertSignedRequestFor(WireFixture.take(wire.server));
    }
  }

  /** Kraken answers its envelope with HTTP 200 when it refuses: a typed failure, not an "archive". */
  @Test
  void theErrorEnvelopeInsteadOfTheArchiveFailsWithTheServiceError() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EGeneral:Invalid arguments:Unknown report\"]}",
          "X-Request-Id", "req-7");

      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> wire.client.spot().retrieveExport(r -> r.id(REPORT)));
      assertEquals("retrieveExport", e.operationId());
      assertEquals(200, e.httpStatus());
      assertEquals(java.util.List.of("EGeneral:Invalid arguments:Unknown report"), e.errors());
      assertEquals(SpotErrorCode.GENERAL_INVALID_ARGUMENTS, e.code(SpotErrorCode.class));
      assertEquals("req-7", e.requestId());
      assertSignedRequestFor(WireFixture.take(wire.server));
    }
  }

  /** The envelope's codes keep their kinds: a rate-limit answer is a RateLimitedException, async too. */
  @Test
  void aRateLimitEnvelopeIsARateLimitedExceptionAsynchronously() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      for (int i = 0; i < 1 + ErrorExampleTest.RATE_LIMIT_RESENDS; i++) { // re-sent while the counter stays full
        WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EAPI:Rate limit exceeded\"]}");
      }

      ExecutionException failed = assertThrows(ExecutionException.class,
          () -> wire.client.spot().retrieveExportAsync(r -> r.id(REPORT)).get(10, TimeUnit.SECONDS));
      RateLimitedException e = assertInstanceOf(RateLimitedException.class, failed.getCause());
      assertTrue(e.hasError(SpotErrorCode.API_RATE_LIMIT_EXCEEDED));
    }
  }

  /** An error status with the envelope fails as on every operation. */
  @Test
  void anErrorStatusFailsWithTheServiceError() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 503, "{\"error\":[\"EService:Unavailable\"]}");

      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> wire.client.spot().retrieveExport(r -> r.id(REPORT)));
      assertEquals(503, e.httpStatus());
      assertTrue(e.hasError(SpotErrorCode.SERVICE_UNAVAILABLE));
    }
  }

  /** JSON that is no error where an archive belongs is not the contract's answer. */
  @Test
  void aJsonAnswerWithoutAnErrorIsUnexpected() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{\"id\":\"QXMA\"}}");

      UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class,
          () -> wire.client.spot().retrieveExport(r -> r.id(REPORT)));
      assertEquals(200, e.httpStatus());
      assertTrue(e.bodyExcerpt().contains("QXMA"), e.bodyExcerpt());
    }
  }

  /** Closing a download unread gives its connection back: the next call on the client goes through. */
  @Test
  void closingUnreadReleasesTheConnection() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      wire.server.enqueue(new MockResponse.Builder()
          .code(200)
          .setHeader("Content-Type", "application/zip")
          .body(zipOf(256 * 1024))
          .build());
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{\"delete\":true}}");

      BinaryDownload archive = wire.client.spot().retrieveExport(r -> r.id(REPORT));
      archive.close();
      archive.close(); // closing twice does nothing
      assertThrows(IllegalStateException.class, () -> archive.writeTo(dir.resolve("never.zip")));
      assertFalse(Files.exists(dir.resolve("never.zip")));

      assertEquals(Boolean.TRUE, wire.client.spot().removeExport(r -> r
          .id(REPORT).type(io.github.krakensdk.spot.model.ExportRemovalType.DELETE)).delete());
      assertEquals(2, wire.server.getRequestCount());
    }
  }

  /** The download's request is the contract's: signed, JSON, with the report id. */
  private static void assertSignedRequestFor(RecordedRequest request) throws IOException {
    assertEquals("POST", request.getMethod());
    assertEquals("/0/private/RetrieveExport", request.getTarget());
    assertEquals(WireFixture.SPOT_KEY.key(), request.getHeaders().get("API-Key"));
    assertNotNull(request.getHeaders().get("API-Sign"));
    JsonNode body = Contracts.readJson(request.getBody().utf8());
    assertEquals(REPORT, body.path("id").asText());
    assertTrue(body.path("nonce").isIntegralNumber(), "the signer's nonce: " + body);
  }

  /** A ZIP archive holding {@link #ENTRY}: {@code csvBytes} of CSV rows, stored without compression. */
  private static Buffer zipOf(long csvBytes) throws IOException {
    Buffer zip = new Buffer();
    try (ZipOutputStream out = new ZipOutputStream(zip.outputStream());
        InputStream csv = csvOf(csvBytes)) {
      out.setLevel(Deflater.NO_COMPRESSION);
      out.putNextEntry(new ZipEntry(ENTRY));
      csv.transferTo(out);
      out.closeEntry();
    }
    return zip;
  }

  /** {@code size} bytes of ledger-like CSV rows, the same for the same size, made as they are read. */
  private static InputStream csvOf(long size) {
    return new InputStream() {
      private long produced;
      private byte[] row = new byte[0];
      private int position;

      @Override
      public int read() {
        if (produced == size) {
          return -1;
        }
        if (position == row.length) {
          long n = produced / 64;
          row = ("L" + Long.toString(n * 7919 % 1_000_003, 36).toUpperCase() + "-" + n + ",trade,XXBT,"
              + (n % 97) + "." + (n % 10_007) + "\n").getBytes(StandardCharsets.US_ASCII);
          position = 0;
        }
        produced++;
        return row[position++];
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (produced == size) {
          return -1;
        }
        int count = 0;
        while (count < len && produced < size) {
          b[off + count++] = (byte) read();
        }
        return count;
      }
    };
  }

  private static byte[] sha256(InputStream in) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
    try (DigestInputStream digesting = new DigestInputStream(in, digest)) {
      digesting.transferTo(OutputStream.nullOutputStream());
    }
    return digest.digest();
  }
}
