import { setTimeout as sleep } from 'node:timers/promises';
import { message } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

/** The answer to one webhook: stored with its receipt, so a replay gets exactly the same answer. */
export interface WebhookOutcome {
  readonly status: number;
  readonly body: unknown;
  /** The body names someone whose personal data is erased: the receipt keeps the answer, not the body. */
  readonly forgetPayload?: boolean;
}

/**
 * The outcome column of a receipt whose handling has started but not ended (the row is the lock):
 * `pending:<ISO instant its current owner took it>`. Each owner knows its own marker, so it never
 * settles or releases a receipt another process has since taken over.
 */
const PENDING = 'pending:';
const pendingSince = (at: Date) => `${PENDING}${at.toISOString()}`;
const isPending = (outcome: string) => outcome.startsWith(PENDING);

const POLL_MS = 25;
/** A duplicate waits this long for the first delivery's answer, then asks the sender to retry. */
const WAIT_LIMIT_MS = 15_000;
/** A receipt still pending after this long belongs to a process that died mid-way; it is taken over. */
const ABANDONED_AFTER_MS = 2 * 60_000;

type ReceiptDeps = Pick<AppDeps, 'db' | 'clock'>;

/** A delivery: its key, kind, raw body, and the order it is about (so an erasure of its payer finds the body). */
export interface Receipt {
  readonly key: string;
  readonly kind: string;
  readonly payload: string;
  readonly orderId?: string;
}

/**
 * Handles a webhook at most once per receipt key. The first delivery inserts the receipt row
 * (`on conflict do nothing`: of concurrent deliveries exactly one insert wins, on Postgres as on
 * PGlite), runs `handle`, and stores its outcome; every other delivery waits for that outcome and
 * answers with it. No transaction is held while `handle` runs: it appends to the event store and
 * waits for the projections, which need connections of their own (PGlite has only one).
 *
 * `handle` returns the outcomes worth keeping (success, a refusal); when it throws (the store is
 * unreachable, …) the receipt is released so the sender's retry is handled afresh.
 */
export async function handleOnce(deps: ReceiptDeps, receipt: Receipt, handle: () => Promise<WebhookOutcome>): Promise<WebhookOutcome> {
  const { key } = receipt;
  const waitUntil = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claimed = await claim(deps, receipt);
    if (claimed) return settle(deps, key, claimed, handle);
    const stored = await deps.db.selectFrom('webhook_receipts').select('outcome').where('id', '=', key).executeTakeFirst();
    // No row: the first delivery failed and let go; the loop claims it.
    if (stored && !isPending(stored.outcome)) return JSON.parse(stored.outcome) as WebhookOutcome;
    const takenOver = stored ? await takeOverAbandoned(deps, key, stored.outcome) : null;
    if (takenOver) return settle(deps, key, takenOver, handle);
    if (Date.now() > waitUntil) throw new HttpError('webhook_in_progress', message('webhook.inProgress'));
    await sleep(POLL_MS);
  }
}

/** The pending marker when this delivery inserted the receipt; null when it already existed. */
async function claim(deps: ReceiptDeps, receipt: Receipt): Promise<string | null> {
  const marker = pendingSince(deps.clock.now());
  const inserted = await deps.db
    .insertInto('webhook_receipts')
    .values({
      id: receipt.key,
      kind: receipt.kind,
      payload: receipt.payload,
      order_id: receipt.orderId ?? null,
      outcome: marker,
      received_at: deps.clock.now(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? marker : null;
}

/** A compare-and-set on the marker seen, so of several deliveries finding it abandoned only one takes it. */
async function takeOverAbandoned(deps: ReceiptDeps, key: string, seen: string): Promise<string | null> {
  const now = deps.clock.now();
  if (!(now.getTime() - Date.parse(seen.slice(PENDING.length)) > ABANDONED_AFTER_MS)) return null;
  const marker = pendingSince(now);
  const taken = await deps.db
    .updateTable('webhook_receipts')
    .set({ outcome: marker })
    .where('id', '=', key)
    .where('outcome', '=', seen)
    .returning('id')
    .executeTakeFirst();
  return taken ? marker : null;
}

async function settle(deps: ReceiptDeps, key: string, marker: string, handle: () => Promise<WebhookOutcome>): Promise<WebhookOutcome> {
  const ours = deps.db.updateTable('webhook_receipts').where('id', '=', key).where('outcome', '=', marker);
  let outcome: WebhookOutcome;
  try {
    outcome = await handle();
  } catch (error) {
    await deps.db
      .deleteFrom('webhook_receipts')
      .where('id', '=', key)
      .where('outcome', '=', marker)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  const { forgetPayload, ...kept } = outcome;
  await ours.set({ outcome: JSON.stringify(kept), ...(forgetPayload ? { payload: '' } : {}) }).execute();
  return kept;
}
