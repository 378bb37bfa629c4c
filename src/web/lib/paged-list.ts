import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { post } from './api-client.js';

export interface Page<T> {
  readonly data: readonly T[];
  readonly next_page_url: string | null;
}

/** next_page_url is a path under /api/v1 (with its cursor); the client posts the same keyword to it. */
const API_PREFIX = '/api/v1';
const callablePath = (url: string): string => (url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url);

/**
 * A searchable table's pages for one keyword (and fixed filters, `body`). Each keyword has its own
 * cache entry, so a slow answer to an older keyword can never overwrite the list of the newer one.
 * The key starts with the call's area ('manage', 'warehouse'), so a change there refreshes its lists.
 */
export const pagedListQuery = <T>(path: string, keyword: string, body: Readonly<Record<string, unknown>> = {}) =>
  infiniteQueryOptions({
    queryKey: [path.split('/')[1] ?? '', path, keyword, body] as const,
    queryFn: ({ pageParam }) => post<Page<T>>(callablePath(pageParam), { ...body, keyword }),
    initialPageParam: path,
    getNextPageParam: (last: Page<T>) => last.next_page_url ?? undefined,
    // While a new keyword's first page is on its way, the last list stays (dimmed by isPlaceholderData).
    placeholderData: keepPreviousData,
  });
