/**
 * The other process of `npm run bench`'s lag figures: appends orders' first events through its own
 * pool and event store (no inline projection) and polls, on a connection of its own, until the
 * server's projector shows each order's row. Its own event loop, so the server's busy one delays
 * only the projector, as it would for a real second process. Arguments: connection string, owner
 * id, tag, count. It prints `ready` once connected, starts on a line from its stdin (so the load
 * can be under way first), and prints the lags (ms) as JSON on its last line.
 */
import { once } from 'node:events';
import pg from 'pg';
import { createDatabase } from '../../eventstore/postgres/index.js';
import { openEventLog } from '../../src/api/event-log.js';
import type { DB } from '../../src/database/schema.js';
import { projectionLags } from './projection-lags.js';

const [connectionString, ownerId, tag, count] = process.argv.slice(2);
if (!connectionString || !ownerId || !tag || !count) throw new Error('lag-process: connection string, owner id, tag and count');
const database = await createDatabase<DB>({ kind: 'postgres', connectionString, poolSize: 2 });
const log = await openEventLog({ eventStoreUrl: undefined }, database);
const probeClient = new pg.Client({ connectionString });
await probeClient.connect();
try {
  console.log('ready');
  await once(process.stdin, 'data');
  const probe = async (id: string) => ((await probeClient.query('select 1 from orders where id = $1', [id])).rowCount ?? 0) > 0;
  console.log(JSON.stringify(await projectionLags(log.storedEvents, probe, ownerId, tag, Number(count))));
} finally {
  await probeClient.end();
  await log.close();
  await database.close();
}
