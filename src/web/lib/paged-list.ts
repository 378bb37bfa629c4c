import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { pathOf, type Endpoint } from '../../domain/contract/endpoint.js';
import { call } from './api-client.js';

export interface Page<T> {
  readonly data: readonly T[];
  readonly next_page_url: string | null;
}

/** A list endpoint of the map: it takes the keyword (and filters) and answers a page of rows. */
export type PagedEndpoint<T> = Endpoint & { readonly body: $ZodType; readonly data: $ZodType<Page<T>> };

/** The area of an endpoint's path (`/api/v1/manage/users` → `manage`). */
const areaOf = (target: Endpoint): string => target.path.split('/')[3] ?? '';

/**
 * A searchable table's pages for one keyword (and fixed filters, `body`). Each keyword has its own
 * cache entry, so a slow answer to an older keyword can never overwrite the list of the newer one.
 * The key starts with the call's area ('manage', 'warehouse'), so a change there refreshes its lists.
 * next_page_url is the list's own path with its cursor; the same keyword is posted to it.
 */
export const pagedListQuery = <T>(target: PagedEndpoint<T>, keyword: string, body: Readonly<Record<string, unknown>> = {}) =>
  infiniteQueryOptions({
    queryKey: [areaOf(target), target.path, keyword, body] as const,
    queryFn: ({ pageParam }): Promise<Page<T>> => call(target, { ...body, keyword }, { url: pageParam }),
    initialPageParam: pathOf(target),
    getNextPageParam: (last: Page<T>) => last.next_page_url ?? undefined,
    // While a new keyword's first page is on its way, the last list stays (dimmed by isPlaceholderData).
    placeholderData: keepPreviousData,
  });
