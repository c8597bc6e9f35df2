package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.Test;

final class PublicServiceFormsTest {
  private static final HttpUrl ROOT = HttpUrl.get("https://api.example.com/");
  private static final HttpUrl NESTED = HttpUrl.get("https://api.example.com/derivatives/api/v3/");
  private static final PublicServiceForms FORMS = PublicServiceForms.builder()
      .path("listKeys", "GET", "/oauth/keys", "/oauth/key", "a page")
      .path("getOrder", "GET", "/orders/{user}/{id}", "/v2/{id}/orders/{user}", "a page")
      .header("Service-Version", List.of("Kraken-Version", "Payward-Version"), "two pages")
      .member("FeeTierInfo", "min_fee", "minFee", "minfee", "recordings")
      .build();

  @Test void aPathOfTheTableGoesToTheServicesPathWithItsQuery() {
    Request sent = FORMS.toService(get("https://api.example.com/oauth/keys?page=2&sort=a%20b"), List.of(ROOT));
    assertEquals("https://api.example.com/oauth/key?page=2&sort=a%20b", sent.url().toString());
  }

  @Test void pathParametersMoveByName() {
    Request sent = FORMS.toService(get("https://api.example.com/orders/AA%2F1/O-7"), List.of(ROOT));
    assertEquals("/v2/O-7/orders/AA%2F1", sent.url().encodedPath());
  }

  @Test void theBasesPathStaysInFront() {
    Request sent = FORMS.toService(get("https://api.example.com/derivatives/api/v3/oauth/keys"), List.of(ROOT, NESTED));
    assertEquals("/derivatives/api/v3/oauth/key", sent.url().encodedPath());
  }

  @Test void onlyThePathUnderTheBaseCountsNotTheHost() {
    Request sent = FORMS.toService(get("http://127.0.0.1:8080/oauth/keys"), List.of(ROOT));
    assertEquals("http://127.0.0.1:8080/oauth/key", sent.url().toString());
  }

  @Test void otherMethodsPathsAndBasesAreLeftAlone() {
    Request post = new Request.Builder().url("https://api.example.com/oauth/keys").post(RequestBody.create(new byte[0])).build();
    assertSame(post, FORMS.toService(post, List.of(ROOT)));
    Request longer = get("https://api.example.com/oauth/keys/1");
    assertSame(longer, FORMS.toService(longer, List.of(ROOT)));
    Request elsewhere = get("https://api.example.com/other/oauth/keys");
    assertSame(elsewhere, FORMS.toService(elsewhere, List.of(NESTED)));
    Request emptyParameter = get("https://api.example.com/orders//O-7");
    assertSame(emptyParameter, FORMS.toService(emptyParameter, List.of(ROOT)));
  }

  @Test void aHeaderGoesUnderEveryServiceNameInsteadOfItsOwn() {
    Request sent = FORMS.toService(new Request.Builder().url("https://api.example.com/b2b/users")
        .header("Service-Version", "2025-04-15").header("API-Key", "k").build(), List.of(ROOT));
    assertNull(sent.header("Service-Version"));
    assertEquals("2025-04-15", sent.header("Kraken-Version"));
    assertEquals("2025-04-15", sent.header("Payward-Version"));
    assertEquals("k", sent.header("API-Key"));
  }

  @Test void aRequestWithoutTheHeaderGetsNone() {
    Request plain = get("https://api.example.com/b2b/users");
    assertSame(plain, FORMS.toService(plain, List.of(ROOT)));
  }

  @Test void membersAreDataOnlyAndAnEmptyTableSendsAsTheContract() {
    assertEquals("minfee", FORMS.members().get(0).serviceName());
    assertTrue(PublicServiceForms.builder().member("A", "b_c", "bC", "bc", "x").build().sendsAsTheContract());
    assertThrows(IllegalArgumentException.class, () -> PublicServiceForms.builder().header("A", List.of(), "x"));
  }

  @Test void aServicePathNamingAnUnknownParameterFailsLoudly() {
    PublicServiceForms broken = PublicServiceForms.builder().path("op", "GET", "/a/{x}", "/b/{y}", "e").build();
    assertThrows(IllegalStateException.class, () -> broken.toService(get("https://api.example.com/a/1"), List.of(ROOT)));
  }

  private static Request get(String url) {
    return new Request.Builder().url(url).build();
  }
}
