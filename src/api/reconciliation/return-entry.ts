import { message } from '../../domain/index.js';
import type { Db } from '../../database/schema.js';
import { HttpError } from '../http/errors.js';
import { findEntry } from './entries-repository.js';

/** Why an entry cannot be handled by a person: there is none, or it is not unmatched (409 naming what it is). */
export async function entryNotHandled(db: Db, ref: string): Promise<HttpError> {
  const entry = await findEntry(db, ref);
  if (!entry) return new HttpError('entry_not_found', message('reconciliation.entryNotFound'));
  if (entry.state === 'matched' || entry.state === 'pending')
    return new HttpError('entry_not_unmatched', message('reconciliation.entryMatched', { order_no: entry.order_no ?? '' }));
  if (entry.state === 'returned') return new HttpError('entry_not_unmatched', message('reconciliation.entryReturned'));
  return new HttpError('entry_not_unmatched', message('reconciliation.entryNotUnmatched'));
}

/**
 * An unmatched entry's money goes back to the sender: the entry is marked returned, with who, when
 * and why. The update only takes an unmatched entry, so of two people at once only one returns it.
 */
export async function returnEntry(db: Db, ref: string, decision: { reason: string; by: number; at: Date }): Promise<void> {
  const returned = await db
    .updateTable('statement_entries')
    .set({ state: 'returned', reason: decision.reason, decided_by: decision.by, decided_at: decision.at })
    .where('entry_ref', '=', ref)
    .where('state', '=', 'unmatched')
    .returning('entry_ref')
    .executeTakeFirst();
  if (!returned) throw await entryNotHandled(db, ref);
}
