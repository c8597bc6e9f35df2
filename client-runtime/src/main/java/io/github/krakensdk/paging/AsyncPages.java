package io.github.krakensdk.paging;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * {@link Pages} without blocking: each page is one asynchronous call, requested when the one
 * before has been handed over, and every future completes on the client's completion executor
 * (never on an OkHttp thread), as the family's {@code ...Async} methods do. Get one from a family
 * service's {@code ...PagesAsync} method:
 *
 * <pre>{@code
 * kraken.embed().listCustomOrdersPagesAsync(r -> r.user(iiban))
 *     .forEach(order -> screen.show(order.name()))
 *     .thenRun(screen::done);
 * }</pre>
 *
 * <p>Each method starts a new walk from the first page. A failed call fails the returned future
 * with the operation's {@code KrakenException} (wrapped in a {@code CompletionException} as
 * futures do) and no later page is requested; so does an exception thrown by {@code action}. The
 * SDK implements this interface; callers do not.
 *
 * @param <P> the page: the operation's result.
 * @param <T> an item of a page.
 */
public interface AsyncPages<P, T> {
  /**
   * Requests the first page, hands it to {@code page}, and so on to the last.
   *
   * @return completes after the last page was handed over.
   */
  CompletableFuture<Void> forEachPage(Consumer<? super P> page);

  /**
   * Requests page after page and hands each item to {@code item}, once, in the service's order.
   *
   * @return completes after the last item was handed over.
   */
  CompletableFuture<Void> forEach(Consumer<? super T> item);

  /** Every item of every page, in the service's order, once the last page has come. */
  CompletableFuture<List<T>> toList();
}
