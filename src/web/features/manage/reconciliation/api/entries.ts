import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ENTRY_STATES } from '../../../../../domain/contract/funds.js';
import { reconciliationEndpoints } from '../../../../../domain/contract/endpoints/reconciliation.js';
import { call } from '../../../../lib/api-client.js';

export type EntryState = (typeof ENTRY_STATES)[number];
export const entriesKey = ['manage', 'reconciliation', 'entries'] as const;

/** POST /manage/reconciliation/entries {state, keyword, page}: one page of the statement entries in that state. */
export const entriesQuery = (state: EntryState, keyword: string, page: number) =>
  queryOptions({
    queryKey: [...entriesKey, state, keyword, page],
    queryFn: () => call(reconciliationEndpoints.entries, { state, keyword, page }),
    placeholderData: keepPreviousData,
  });
