import type { Kysely } from 'kysely';
import type { DeliveryPayload } from '../../database/notification-tables.js';
import type { DB } from '../../database/schema.js';
import type { Mailer } from '../auth/mailer.js';
import type { Clock } from '../deps.js';
import {
  claimAttempt,
  dueDeliveries,
  giveUpInterruptedSends,
  markAttemptFailed,
  markSent,
  type DueDelivery,
} from './notifications-repository.js';
import type { WeChatMessenger } from './wechat-messages.js';

interface DeliverDeps {
  readonly db: Kysely<DB>;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly wechatMessages: WeChatMessenger;
}

interface DeliverOptions {
  readonly sendTimeoutMs: number;
  readonly maxAttempts: number;
  readonly retryMs: number;
}

/** Deliveries sent side by side in one round. */
const ROUND = 20;
/** The longest pause between two tries. */
const MAX_PAUSE_MS = 6 * 3600_000;

class SendTimeout extends Error {
  override readonly name = 'SendTimeout';
}

/** The send, or a rejection once `ms` have passed: a channel that hangs holds one delivery that long, no more. */
function withTimeout(send: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`no answer within ${ms} ms`)), ms);
  });
  send.catch(() => undefined); // a late failure after the timeout is already counted
  return Promise.race([send, timeout]).finally(() => clearTimeout(timer));
}

function send(deps: DeliverDeps, payload: DeliveryPayload): Promise<void> {
  if (payload.channel === 'email') {
    return deps.mailer.send({ to: payload.to, subject: payload.subject, text: payload.text, html: payload.html });
  }
  return deps.wechatMessages.sendTemplate(payload);
}

/** The pause before try `attempt + 1`: the first retry after `retryMs`, each further one twice as long. */
const pauseAfter = (attempt: number, retryMs: number): number => Math.min(retryMs * 2 ** (attempt - 1), MAX_PAUSE_MS);

async function deliverOne(deps: DeliverDeps, options: DeliverOptions, delivery: DueDelivery): Promise<void> {
  const attempt = delivery.attempts + 1;
  const claimedAt = deps.clock.now();
  if (!(await claimAttempt(deps.db, delivery, claimedAt, new Date(claimedAt.getTime() + pauseAfter(attempt, options.retryMs))))) return;
  try {
    await withTimeout(send(deps, delivery.payload), options.sendTimeoutMs);
    await markSent(deps.db, delivery.id, deps.clock.now());
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    await markAttemptFailed(deps.db, delivery.id, reason, deps.clock.now(), attempt >= options.maxAttempts);
  }
}

/** A live process ends every send within its timeout: one under way twice that long (and a minute) was cut short. */
const interruptedAfterMs = (options: DeliverOptions) => 2 * options.sendTimeoutMs + 60_000;

/**
 * Sends the deliveries that are due, a round at a time; returns how many it tried. Sends cut short
 * by a stopped process are given up first, unless `sweep` is false (a wake for new notices: the
 * timer's rounds sweep).
 */
export async function deliverDue(deps: DeliverDeps, options: DeliverOptions, sweep = true): Promise<number> {
  const now = deps.clock.now();
  if (sweep) await giveUpInterruptedSends(deps.db, new Date(now.getTime() - interruptedAfterMs(options)), now);
  let tried = 0;
  for (;;) {
    const due = await dueDeliveries(deps.db, deps.clock.now(), ROUND);
    await Promise.all(due.map((delivery) => deliverOne(deps, options, delivery)));
    tried += due.length;
    if (due.length < ROUND) return tried;
  }
}
