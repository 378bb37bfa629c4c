import type { StoredEvent } from '../../../eventstore/port.js';
import {
  fundsOf,
  groupMayDo,
  orderStreamId,
  refundableOf,
  type FundsView,
  type ManageOrderDetail,
  type OrderData,
} from '../../domain/index.js';
import { maskValue as maskNullable } from '../audit/changes.js';
import type { AuthUser } from '../auth/authenticate.js';
import { usersNamed } from '../auth/users-repository.js';
import type { AppDeps } from '../deps.js';
import { openEvent } from '../privacy/event-privacy.js';
import { streamEvents } from '../stream-events.js';
import { orderHistoryOf } from './manage-queries.js';

type HistoryEntry = ManageOrderDetail['history'][number];
const maskValue = (value: string): string => maskNullable(value) ?? '';
type Actor = { readonly id: string; readonly role: string };

/** Roles whose actors are people with an account: their names are shown; the others are named by role, in the reader's words. */
const PEOPLE = new Set(['admin', 'payer', 'warehouse']);

/** Who acted, by name, for the actors that are users; an auditor reads a payer's name masked. */
export async function namesOf(deps: Pick<AppDeps, 'db'>, actors: readonly Actor[], reader: AuthUser): Promise<(actor: Actor) => string> {
  const ids = [...new Set(actors.filter((actor) => PEOPLE.has(actor.role) && /^\d+$/.test(actor.id)).map((actor) => Number(actor.id)))];
  const users = new Map((await usersNamed(deps.db, ids)).map((user) => [String(user.id), user.name || user.email || '']));
  const seesPeople = groupMayDo(reader.group, 'personal.read');
  return (actor) => {
    const name = PEOPLE.has(actor.role) ? (users.get(actor.id) ?? '') : '';
    return actor.role === 'payer' && !seesPeople && actor.id !== String(reader.id) ? maskValue(name) : name;
  };
}

/** What a person said with an event, and the money it moved (read from the log: the read history keeps neither). */
function wordsAndMoney(event: StoredEvent | undefined): { reason: string; amount_cny: string } {
  const data = (event?.data ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : '');
  return { reason: text('reason'), amount_cny: text('amount_cny') };
}

/**
 * The order's funds and history as staff read them (DESIGN.md section 10): each money entry and
 * event with who did it in words, and the reasons people gave (masked for an auditor, as free text
 * that may name the payer).
 */
export async function fundsAndHistory(
  deps: Pick<AppDeps, 'db' | 'eventStore' | 'keyring'>,
  order: OrderData,
  reader: AuthUser,
): Promise<{ funds: FundsView; history: HistoryEntry[] }> {
  const [rows, stored] = await Promise.all([orderHistoryOf(deps.db, order.id), streamEvents(deps.eventStore, orderStreamId(order.id))]);
  const opened = await Promise.all(stored.map((event) => openEvent(event, deps.keyring)));
  const byRevision = new Map(opened.map((event) => [event.revision.toString(), event]));
  const ledger = fundsOf(order);
  const nameOf = await namesOf(
    deps,
    [...rows.map((row) => ({ id: row.actor_id, role: row.actor_role })), ...ledger.entries.map((e) => e.by)],
    reader,
  );
  const seesPeople = groupMayDo(reader.group, 'personal.read');
  const history = rows.map((row): HistoryEntry => {
    const { reason, amount_cny } = wordsAndMoney(byRevision.get(String(row.revision)));
    const actor = { id: row.actor_id, role: row.actor_role };
    return {
      revision: Number(row.revision),
      type: row.type,
      at: row.occurred_at.toISOString(),
      actor,
      actor_name: nameOf(actor),
      status_before: row.status_before,
      status_after: row.status_after,
      reason: seesPeople ? reason : maskValue(reason),
      amount_cny,
    };
  });
  const entries = ledger.entries.map((entry) => ({ ...entry, by: nameOf(entry.by) || entry.by.role }));
  return { funds: { ...ledger, entries, refundable_cny: refundableOf(order) }, history };
}
