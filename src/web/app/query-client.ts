import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.js';

/** A read that failed is tried this many times more, with growing waits (1 s, 2 s). */
const READ_RETRIES = 2;

/** 4xx answers are final (404 not found, 401/403 not allowed); a network failure or a 5xx may pass. */
const isFinal = (error: unknown): boolean => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const shouldRetryRead = (failureCount: number, error: unknown): boolean => failureCount < READ_RETRIES && !isFinal(error);

/**
 * The app's one cache of server state. Reads are idempotent, so they retry and refetch when the
 * payer comes back to the tab (an order paid in another tab shows its new status); commands never
 * repeat by themselves. Tests pass a retry delay of 0.
 */
export function createQueryClient(options: { retryDelay?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
