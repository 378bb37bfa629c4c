import type { QueryClient } from '@tanstack/react-query';

/** Every warehouse change refreshes every warehouse list, statistic and detail. */
export const refreshWarehouse = {
  onSuccess: (_answer: unknown, _input: unknown, _result: unknown, { client }: { client: QueryClient }) =>
    void client.invalidateQueries({ queryKey: ['warehouse'] }),
};
