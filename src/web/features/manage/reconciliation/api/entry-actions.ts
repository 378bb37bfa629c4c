import { mutationOptions } from '@tanstack/react-query';
import { reconciliationEndpoints } from '../../../../../domain/contract/endpoints/reconciliation.js';
import { call } from '../../../../lib/api-client.js';
import { entriesKey } from './entries.js';

/** POST /manage/reconciliation/assign {entry_ref, order_id, reason}: a match by hand, which a second admin approves (202). */
export const assignEntryMutation = () =>
  mutationOptions({
    mutationFn: (request: { entry_ref: string; order_id: string; reason: string }) => call(reconciliationEndpoints.assign, request),
    onSettled: (_answer, _error, _request, _result, { client }) => void client.invalidateQueries({ queryKey: entriesKey }),
  });

/** POST /manage/reconciliation/return {entry_ref, reason}: the money goes back to its sender. */
export const returnEntryMutation = () =>
  mutationOptions({
    mutationFn: (request: { entry_ref: string; reason: string }) => call(reconciliationEndpoints.returnEntry, request),
    onSettled: (_answer, _error, _request, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });
