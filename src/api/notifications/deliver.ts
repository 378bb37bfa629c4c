import type { Kysely } from 'kysely';
import type { DeliveryPayload } from '../../database/notification-tables.js';
import type { DB } from '../../database/schema.js';
import type { Mailer } from '../auth/mailer.js';
import type { Clock } from '../deps.js';
import {
  claimAttempts,
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

/**
 * Deliveries sent side by side in one round (the mailer keeps 10 SMTP connections open): a round
 * waits for its slowest send, so a round of 50 sent 1,295 and 1,461 mails/s to a local SMTP server
 * where one of 20 sent 1,008 and 1,177/s (`npm run bench:mail`, alternated), and it claims and
 * marks 50 deliveries in one statement each.
 */
export const DELIVERY_ROUND = 50;
/** The longest pause between two tries. */
const MAX_PAUSE_MS = 6 * 3600_000;

class SendTimeout extends Error {
  override readonly name = 'SendTimeout';
}

/**
 * The send, or a rejection once `ms` have passed: a channel that hangs holds one delivery that long,
 * no more. The send is told to give up then too, so a mail still queued for a connection is not
 * sent after its failure was recorded (and sent again by the retry).
 */
async function withTimeout(send: (signal: AbortSignal) => Promise<void>, ms: number): Promise<void> {
  const giveUp = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new SendTimeout(`no answer within ${ms} ms`));
      giveUp.abort();
    }, ms);
  });
  const sending = send(giveUp.signal);
  sending.catch(() => undefined); // a late failure after the timeout is already counted
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
}

function send(deps: DeliverDeps, payload: DeliveryPayload, signal: AbortSignal): Promise<void> {
  if (payload.channel === 'email') {
    return deps.mailer.send({ to: payload.to, subject: payload.subject, text: payload.text, html: payload.html }, signal);
  }
  return deps.wechatMessages.sendTemplate(payload);
}

/** The pause before try `attempt + 1`: the first retry after `retryMs`, each further one twice as long. */
const pauseAfter = (attempt: number, retryMs: number): number => Math.min(retryMs * 2 ** (attempt - 1), MAX_PAUSE_MS);

/** One try of a claimed delivery; true when it was sent (a failure is recorded here, one by one: they are rare). */
async function tryToSend(deps: DeliverDeps, options: DeliverOptions, delivery: DueDelivery): Promise<boolean> {
  try {
    await withTimeout((signal) => send(deps, delivery.payload, signal), options.sendTimeoutMs);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    const last = delivery.attempts + 1 >= options.maxAttempts;
    await markAttemptFailed(deps.db, delivery.id, reason, deps.clock.now(), last);
    return false;
  }
}

/** A round: its deliveries claimed in one statement, sent side by side, the sent ones marked in one more. */
async function deliverRound(deps: DeliverDeps, options: DeliverOptions, due: readonly DueDelivery[]): Promise<void> {
  const claimedAt = deps.clock.now();
  const claims = due.map((delivery) => ({
    delivery,
    nextAttemptAt: new Date(claimedAt.getTime() + pauseAfter(delivery.attempts + 1, options.retryMs)),
  }));
  const taken = await claimAttempts(deps.db, claims, claimedAt);
  const claimed = due.filter((delivery) => taken.has(delivery.id));
  const sent = await Promise.all(claimed.map((delivery) => tryToSend(deps, options, delivery)));
  await markSent(
    deps.db,
    claimed.filter((_, index) => sent[index]).map((delivery) => delivery.id),
    deps.clock.now(),
  );
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
    const due = await dueDeliveries(deps.db, deps.clock.now(), DELIVERY_ROUND);
    await deliverRound(deps, options, due);
    tried += due.length;
    if (due.length < DELIVERY_ROUND) return tried;
  }
}
