package io.github.krakensdk.flows;

import io.github.krakensdk.embed.EmbedService;
import io.github.krakensdk.embed.model.ListSettlementReportsRequest;
import io.github.krakensdk.embed.model.SettlementReportSummary;
import io.github.krakensdk.embed.model.SettlementReports;
import io.github.krakensdk.errors.KrakenException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * A partner's settlement reports, page after page: the pages are numbered, so each request is the
 * {@link ListSettlementReportsRequest} given (its filters and {@code page[size]}) with the next
 * {@code page[number]}, from the request's own number (1 when unset) up to {@code
 * meta.total_pages}. A page without {@code meta} ends the walk when it has no {@code links.next}
 * or no reports.
 *
 * <pre>{@code
 * ListSettlementReportsRequest query = ListSettlementReportsRequest.builder()
 *     .filterReportType(List.of(SettlementReportType.TRADES))
 *     .pageSize(100)
 *     .build();
 * new SettlementReportPages(kraken.embed(), query).reports()
 *     .forEach(report -> archive.fetch(report.id()));
 * }</pre>
 *
 * <p>Pages are requested lazily, one call when iteration reaches a page; each {@link #iterator()}
 * starts again from the first page, and one iterator is for one thread. Reports made while the walk
 * runs are listed first (newest first) and shift the pages: a report can then be given twice, which
 * {@link #reports()} leaves out by ID. A failed call is thrown from {@code hasNext()} as the {@link
 * KrakenException} of {@link EmbedService#listSettlementReports}.
 */
public final class SettlementReportPages implements Iterable<SettlementReports> {
  private final EmbedService embed;
  private final ListSettlementReportsRequest query;

  /**
   * @param embed the Embed service, usually {@code kraken.embed()}, whose key signs every page.
   * @param query the filters, the page size and the first page's number.
   */
  public SettlementReportPages(EmbedService embed, ListSettlementReportsRequest query) {
    this.embed = Objects.requireNonNull(embed, "embed == null");
    this.query = Objects.requireNonNull(query, "query == null");
  }

  /** The parameters of the first page. */
  public ListSettlementReportsRequest query() {
    return query;
  }

  @Override
  public Iterator<SettlementReports> iterator() {
    return new PageIterator();
  }

  @Override
  public Spliterator<SettlementReports> spliterator() {
    return Walks.spliterator(iterator());
  }

  /** The pages in order, fetched as the stream reaches them. */
  public Stream<SettlementReports> pages() {
    return Walks.stream(iterator());
  }

  /** The reports of every page, newest first, each ID once, fetched page by page. */
  public Stream<SettlementReportSummary> reports() {
    java.util.Set<String> given = new java.util.HashSet<>();
    return pages()
        .flatMap(page -> page.reports() == null ? Stream.empty() : page.reports().stream())
        .filter(report -> report.id() == null || given.add(report.id()));
  }

  @Override
  public String toString() {
    return "SettlementReportPages[" + query + "]";
  }

  private final class PageIterator implements Iterator<SettlementReports> {
    private int number = query.pageNumber() != null ? query.pageNumber() : 1;
    private boolean exhausted;
    private SettlementReports next;

    @Override
    public boolean hasNext() {
      if (next == null && !exhausted) {
        int asked = number;
        next = embed.listSettlementReports(query.toBuilder().pageNumber(asked).build());
        exhausted = last(next, asked);
        number = asked + 1;
      }
      return next != null;
    }

    @Override
    public SettlementReports next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      SettlementReports page = next;
      next = null;
      return page;
    }

    private boolean last(SettlementReports page, int asked) {
      if (page.reports() == null || page.reports().isEmpty()) {
        return true;
      }
      if (page.meta() != null && page.meta().totalPages() != null) {
        return asked >= page.meta().totalPages();
      }
      return page.links() == null || page.links().next() == null;
    }
  }
}
