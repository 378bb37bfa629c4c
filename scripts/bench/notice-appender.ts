/**
 * The other process of `npm run bench`'s notifier section: appends about RATE notice-raising events
 * a second for SECONDS, as a second server would: an admin answers on the payer's orders
 * (`OrderMessagePosted`, text sealed under the payer's key), each answer telling the payer in the
 * app and by mail. The orders are created first; the answers go round them, 20 at a time every
 * 20 ms, each append expecting its stream's revision. Prints `appending` once the orders exist, and
 * `{"appended":…,"seconds":…}` at the end.
 *
 * Usage: tsx scripts/bench/notice-appender.ts <database url> <owner id> <rate> <seconds>
 */
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../../eventstore/postgres/index.js';
import { openEventLog } from '../../src/api/event-log.js';
import { sealEvent } from '../../src/api/privacy/event-privacy.js';
import type { DB } from '../../src/database/schema.js';
import { EVENT_SCHEMA_VERSION } from '../../src/domain/index.js';

const [url, ownerId, rateText, secondsText] = process.argv.slice(2);
if (!url || !ownerId) throw new Error('usage: notice-appender.ts <database url> <owner id> <rate> <seconds>');
const RATE = Number(rateText ?? 1000);
const SECONDS = Number(secondsText ?? 4);
const TICK_MS = 20;
const PER_TICK = Math.round((RATE * TICK_MS) / 1000);
const ORDERS = 200;
const ADMIN = { id: '1', role: 'admin' };

const database = await createDatabase<DB>({ kind: 'postgres', connectionString: url, poolSize: 4 });
const log = await openEventLog({ eventStoreUrl: undefined }, database);
const run = `${process.pid}-${Date.now()}`;
const meta = (actor: { id: string; role: string }) => ({
  event_id: crypto.randomUUID(),
  actor,
  occurred_at: new Date().toISOString(),
  correlation_id: 'bench-notices',
  causation_id: 'bench-notices',
  schema_version: EVENT_SCHEMA_VERSION,
});

const orders = Array.from({ length: ORDERS }, (_, index) => ({ id: `notice-${run}-${index}`, revision: 0n }));
for (const order of orders) {
  const created = meta({ id: ownerId, role: 'payer' });
  const data = {
    order_id: order.id,
    kind: 'order',
    owner_id: ownerId,
    resource: { id: '1004', name: 'TUM', currency: 'EUR' },
    amount: '5000',
    from: 'bench',
  };
  await log.eventStore.append(`order-${order.id}`, [{ id: created.event_id, type: 'OrderCreated', data, metadata: created }], 'no_stream');
}

/** One answer on the order, sealed as a command would seal it; the stream's revision moves on. */
async function answer(order: (typeof orders)[number]): Promise<void> {
  const metadata = meta(ADMIN);
  const event = {
    id: metadata.event_id,
    type: 'OrderMessagePosted',
    data: { message_id: metadata.event_id, text: 'Received, thank you.' },
    metadata,
  };
  const sealed = await sealEvent(event, `user-${ownerId}`, log.keyring);
  const result = await log.eventStore.append(`order-${order.id}`, [sealed], order.revision);
  order.revision = result.nextExpectedRevision;
}

console.info('appending');
let appended = 0;
const started = performance.now();
for (let tick = 0; performance.now() - started < SECONDS * 1000; tick += 1) {
  const batch = Array.from({ length: PER_TICK }, (_, index) => orders[(tick * PER_TICK + index) % ORDERS]!);
  await Promise.all(batch.map(answer));
  appended += batch.length;
  const next = started + (tick + 1) * TICK_MS;
  const wait = next - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
const seconds = (performance.now() - started) / 1000;
await log.close();
await database.close();
console.info(JSON.stringify({ appended, seconds }));
