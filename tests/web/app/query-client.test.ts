import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetryRead } from '../../../src/web/app/query-client.js';
import { ApiError } from '../../../src/web/lib/api-client.js';

describe('the query client', () => {
  it('tries a failed read at most twice more, after a network failure or a 5xx', () => {
    for (const error of [new ApiError(0, 'offline'), new ApiError(500, 'boom'), new ApiError(503, 'busy'), new Error('parse')]) {
      expect([0, 1, 2].map((failures) => shouldRetryRead(failures, error))).toEqual([true, true, false]);
    }
  });

  it('never tries again after a 4xx: a 404, 401 or 403 answer is final', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetryRead(0, new ApiError(status, 'no'))).toBe(false);
  });

  it('refetches reads when the window is back in focus, and never repeats a command by itself', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.retry).toBe(shouldRetryRead);
    expect(mutations?.retry).toBe(false);
  });
});
