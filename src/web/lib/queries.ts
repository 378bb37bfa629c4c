import type { QueryClient } from '@tanstack/react-query';

/**
 * What the features' server-state queries share. The order is read by two features (the step
 * screens and the order pages) from the same call, so they share its keys, and a command in one
 * refreshes what the other shows.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/**
 * After a command on an order: its own query and the list it appears in are stale. Shown ones
 * refetch now (the promise settles when they have), the others when next shown. A page that stays
 * returns the promise from its mutation's onSuccess, so the command counts as done once the page
 * shows its effect; a step that moves on does not wait.
 */
export const invalidateOrder = (client: QueryClient, id: string): Promise<void> =>
  Promise.all([
    client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
    client.invalidateQueries({ queryKey: orderKeys.list, exact: true }),
  ]).then(() => undefined);

/** Institutions, their accounts and the app's WeChat ids change rarely: five minutes without asking again. */
export const REFERENCE_DATA_STALE_MS = 5 * 60_000;

/**
 * The data a form may start from: fetched since the screen mounted, never an older copy from the
 * cache (which a command made on the previous screen may have changed). Undefined until then.
 */
export const dataFetchedAfterMount = <T>(query: { readonly data: T | undefined; readonly isFetchedAfterMount: boolean }): T | undefined =>
  query.isFetchedAfterMount ? query.data : undefined;
