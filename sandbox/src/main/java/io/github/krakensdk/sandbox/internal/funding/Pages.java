package io.github.krakensdk.sandbox.internal.funding;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Cursor pages of the Funding (Beta) listings. A cursor carries its listing, the first request's
 * filters and the last item given: a request with a cursor is read with the cursor's filters (the
 * service says to send a cursor with no other parameter; filters sent anyway are ignored), and
 * {@code limit} sets the page's size each time.
 *
 * <pre>{@code
 * Pages.Request request = Pages.request("withdrawals", filtersOfTheQuery, call.query("cursor"));
 * Map<String, Object> page = Pages.page(request, newestFirst, Listed::refid, this::render, limit, "withdrawals");
 * }</pre>
 */
final class Pages {
  private Pages() {}

  /** The filters a page is read with, and the id of the item it starts after (null: the first page). */
  record Request(Map<String, String> filters, String after) {
    String filter(String name) {
      return filters.get(name);
    }
  }

  /**
   * The request of {@code listing}: the query's {@code filters}, or, with a {@code cursor}, the
   * cursor's.
   *
   * @throws FundingProblem 400 for a cursor that is not one of this listing's.
   */
  static Request request(String listing, Map<String, String> filters, String cursor) {
    if (cursor == null) {
      return new Request(filters, null);
    }
    String text;
    try {
      text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw FundingProblem.invalid("cursor: not a next_cursor of this listing");
    }
    String[] lines = text.split("\n", -1);
    if (lines.length < 2 || !lines[0].equals(listing)) {
      throw FundingProblem.invalid("cursor: not a next_cursor of this listing");
    }
    Map<String, String> carried = new TreeMap<>();
    for (int i = 2; i < lines.length; i++) {
      int equals = lines[i].indexOf('=');
      if (equals <= 0) {
        throw FundingProblem.invalid("cursor: not a next_cursor of this listing");
      }
      carried.put(lines[i].substring(0, equals),
          java.net.URLDecoder.decode(lines[i].substring(equals + 1), StandardCharsets.UTF_8));
    }
    return new Request(carried, lines[1]);
  }

  /**
   * One page of {@code items} (already filtered and in order) after {@code request.after()}: at most
   * {@code limit}, with {@code next_cursor} when more follow.
   */
  static <T> Map<String, Object> page(String listing, Request request, List<T> items, Function<T, String> id,
      Function<T, Object> render, int limit, String member) {
    int start = 0;
    if (request.after() != null) {
      start = -1;
      for (int i = 0; i < items.size(); i++) {
        if (id.apply(items.get(i)).equals(request.after())) {
          start = i + 1;
        }
      }
      if (start < 0) {
        throw FundingProblem.invalid("cursor: the item it continues after is gone");
      }
    }
    int end = Math.min(items.size(), start + limit);
    List<Object> rendered = new ArrayList<>();
    for (T item : items.subList(start, end)) {
      rendered.add(render.apply(item));
    }
    Map<String, Object> page = new LinkedHashMap<>();
    page.put(member, rendered);
    if (end < items.size()) {
      page.put("next_cursor", cursor(listing, request.filters(), id.apply(items.get(end - 1))));
    }
    return page;
  }

  private static String cursor(String listing, Map<String, String> filters, String lastId) {
    StringBuilder text = new StringBuilder(listing).append('\n').append(lastId);
    new TreeMap<>(filters).forEach((name, value) -> text.append('\n').append(name).append('=')
        .append(java.net.URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
  }
}
