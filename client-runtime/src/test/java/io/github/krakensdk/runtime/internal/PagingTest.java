package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.paging.AsyncPages;
import io.github.krakensdk.paging.Pages;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The paging engine on its own, its calls answered from a script: each style's next request and
 * end, and the items rules. The generated services drive it (the SDK's paging tests go through
 * HTTP).
 */
final class PagingTest {
  /** A request: the position only. */
  record Query(Object position) {}

  /** A page: items, a total or next position, and a link. */
  record Page(List<String> items, Object marker, String link) {}

  /** Answers each call with the next scripted page and records what was asked. */
  static final class Script {
    final Deque<Page> pages = new ArrayDeque<>();
    final List<Object> asked = new ArrayList<>();

    Script then(Object marker, String... items) {
      return thenLinked(marker, null, items);
    }

    Script thenLinked(Object marker, String link, String... items) {
      pages.add(new Page(Arrays.asList(items), marker, link));
      return this;
    }

    Page call(Query query) {
      asked.add(query.position());
      if (pages.isEmpty()) {
        throw new AssertionError("asked past the script: " + query);
      }
      return pages.removeFirst();
    }

    CompletableFuture<Page> callAsync(Query query) {
      return CompletableFuture.supplyAsync(() -> call(query));
    }
  }

  private static Paging<Query, Page> offset() {
    return Paging.offset(new Query(null), q -> (Integer) q.position(), (q, ofs) -> new Query(ofs),
        (Page page) -> (Number) page.marker());
  }

  @Test
  void offsetEndsAtTheLatestTotalAndGivesAShiftedItemOnce() {
    Script script = new Script().then(4, "a", "b").then(5, "b", "c").then(5, "d");
    Pages<Page, String> pages = offset().uniqueItems(Page::items, item -> item).pages(script::call);

    assertEquals(List.of("a", "b", "c", "d"), pages.stream().toList());
    assertEquals(Arrays.asList(null, 2, 4), script.asked, "the first page is the query as given");
  }

  @Test
  void anEmptyPageEndsTheWalkAndIsGivenOnlyWhenFirst() {
    Script script = new Script().then(10, "a").then(10);
    assertEquals(1, offset().items(Page::items).pages(script::call).pages().count());
    Script empty = new Script().then(0);
    assertEquals(1, offset().items(Page::items).pages(empty::call).pages().count(), "the first page, empty");
  }

  @Test
  void nothingIsAskedBeforeIterationAndEachIterationIsANewWalk() {
    Script script = new Script().then(1, "a").then(1, "a");
    Pages<Page, String> pages = offset().items(Page::items).pages(script::call);
    Iterator<String> items = pages.iterator();
    assertEquals(List.of(), script.asked);
    assertEquals("a", items.next());
    assertEquals(List.of("a"), pages.stream().toList());
    assertEquals(Arrays.asList(null, null), script.asked);
  }

  @Test
  void sinceStopsWhenNextDoesNotMoveAndLeavesOutTheBoundaryRepeats() {
    Script script = new Script().then("100", "t1", "t2").then("200", "t2", "t3").then("200", "t3");
    Pages<Page, String> pages = Paging.since(new Query("50"), q -> (String) q.position(), (q, since) -> new Query(since),
        (Page page) -> (String) page.marker()).newAtBoundary(Page::items, item -> item).pages(script::call);

    assertEquals(List.of("t1", "t2", "t3"), pages.stream().toList());
    assertEquals(List.of("50", "100", "200"), script.asked);
  }

  @Test
  void itemsStillFormingAreGivenFinalOrAtTheEnd() {
    // Items are their order value; "3" is still forming on the first page (after next 2).
    Script script = new Script().then(2L, "1", "2", "3").then(3L, "3", "4").then(3L);
    Pages<Page, String> pages = Paging.since(new Query(null), q -> (Long) q.position(), (q, since) -> new Query(since),
        (Page page) -> (Long) page.marker()).formingAfterNext(Page::items, item -> Long.valueOf(item), page -> (Long) page.marker())
        .pages(script::call);

    assertEquals(List.of("1", "2", "3", "4"), pages.stream().toList());
  }

  @Test
  void cursorGivesEveryPageAndFailsOnARepeatedCursorAfterItsPage() {
    Script script = new Script().then("c2").then("c2", "b");
    Iterator<Page> pages = Paging.cursor("listThings", new Query(null), q -> (String) q.position(),
        (q, cursor) -> new Query(cursor), (Page page) -> (String) page.marker()).items(Page::items).pages(script::call)
        .byPage().iterator();

    assertEquals(List.of(), pages.next().items(), "an empty page with a cursor is given");
    assertEquals(List.of("b"), pages.next().items());
    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class, pages::hasNext);
    assertEquals("listThings", e.operationId());
    assertEquals(Arrays.asList(null, "c2"), script.asked);
  }

  @Test
  void pageNumbersAreSentFromOneUpToTheTotalOrWhileThereIsALink() {
    Script total = new Script().then(2, "a").then(2, "b");
    Pages<Page, String> byTotal = Paging.pageNumber(new Query(null), q -> (Integer) q.position(),
        (q, number) -> new Query(number), (Page page) -> (Number) page.marker(), Page::link).items(Page::items)
        .pages(total::call);
    assertEquals(List.of("a", "b"), byTotal.stream().toList());
    assertEquals(List.of(1, 2), total.asked, "the first page says its number too");

    Script links = new Script().thenLinked(null, "next", "a").thenLinked(null, null, "b");
    Pages<Page, String> byLink = Paging.pageNumber(new Query(3), q -> (Integer) q.position(),
        (q, number) -> new Query(number), (Page page) -> (Number) page.marker(), Page::link).items(Page::items)
        .pages(links::call);
    assertEquals(List.of("a", "b"), byLink.stream().toList());
    assertEquals(List.of(3, 4), links.asked);
  }

  @Test
  void entriesOfAMapAreGivenOncePerKey() {
    Map<String, Integer> first = new LinkedHashMap<>();
    first.put("L1", 1);
    first.put("L2", 2);
    Map<String, Integer> second = new LinkedHashMap<>();
    second.put("L2", 2);
    second.put("L3", 3);
    Deque<Map<String, Integer>> answers = new ArrayDeque<>(List.of(first, second));
    Pages<Map<String, Integer>, Map.Entry<String, Integer>> pages = Paging.<Query, Map<String, Integer>>offset(
        new Query(null), q -> (Integer) q.position(), (q, ofs) -> new Query(ofs), page -> 4)
        .entries(page -> page).pages(q -> answers.removeFirst());

    assertEquals(List.of("L1", "L2", "L3"), pages.stream().map(Map.Entry::getKey).toList());
  }

  @Test
  void asyncPagesAreAskedOneAfterAnotherAndAFailureEndsTheWalk() throws Exception {
    Script script = new Script().then(4, "a", "b").then(5, "b", "c").then(5, "d");
    AsyncPages<Page, String> pages = offset().uniqueItems(Page::items, item -> item).pagesAsync(script::callAsync);
    assertEquals(List.of("a", "b", "c", "d"), pages.toList().get(10, TimeUnit.SECONDS));

    Script failing = new Script().then(4, "a", "b");
    CompletableFuture<Void> walk = offset().items(Page::items).pagesAsync(failing::callAsync).forEach(item -> { });
    CompletionException e = assertThrows(CompletionException.class, walk::join);
    assertTrue(e.getCause() instanceof AssertionError, "the second call failed: " + e.getCause());
    assertFalse(failing.asked.size() > 2);
  }
}
