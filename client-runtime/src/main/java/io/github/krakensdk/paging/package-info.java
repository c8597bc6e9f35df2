/**
 * Paging: the pages of an operation the contract marks {@code x-kraken-pagination}, as {@link
 * io.github.krakensdk.paging.Pages} (lazy iteration and streams) or {@link
 * io.github.krakensdk.paging.AsyncPages} (one asynchronous call per page), got from the family
 * service's {@code ...Pages} and {@code ...PagesAsync} methods. Parameters and return values are
 * non-null.
 */
package io.github.krakensdk.paging;
