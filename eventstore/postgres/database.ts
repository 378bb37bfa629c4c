import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { boundedPool } from './bounded-pool.js';
import { Mutex } from './mutex.js';
import { assertChannelName, PgNotificationListener } from './pg-listener.js';
import { leadOverPg, type LeaderTask, type Leadership } from './leadership.js';
import { PGliteDialect } from './pglite-dialect.js';

import { INT8_OID, keepText } from './int8.js';

export type DatabaseConfig =
  /** Embedded Postgres. `dataDir` is a folder to keep the data in; omitted, it lives in memory. */
  | { readonly kind: 'pglite'; readonly dataDir?: string }
  /** A PGlite instance someone else created and will close (tests share one: each takes ~1 GB). */
  | { readonly kind: 'pglite-instance'; readonly pglite: PGlite }
  | {
      readonly kind: 'postgres';
      readonly connectionString: string;
      readonly poolSize?: number;
      /** A statement without an answer after this long fails as "unavailable" (default: never). */
      readonly queryTimeoutMs?: number;
      /** Settings every connection of the pool starts with (`-c name=value` at connect). */
      readonly sessionSettings?: Readonly<Record<string, string>>;
    };

/** How long a new connection may take: past it the caller hears "unavailable" instead of waiting on. */
const CONNECT_TIMEOUT_MS = 5_000;

/** A Kysely instance plus what Kysely does not offer: LISTEN, and closing what was opened. */
export interface Database<DB> {
  readonly db: Kysely<DB>;
  readonly engine: 'pglite' | 'postgres';
  /** Calls `onNotify` for each NOTIFY on the channel (and with '' after a reconnect); resolves to an unlisten. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs `task` while this process leads `name` among the processes on this database (one process on PGlite always does). */
  lead(name: string, task: LeaderTask): Promise<Leadership>;
  /** Embedded PGlite only (undefined on PostgreSQL, whose own tools back it up): see DataDirSnapshot. */
  readonly snapshot?: DataDirSnapshot;
  close(): Promise<void>;
}

/** The rows of one SQL statement, run on the connection a snapshot holds. */
export type SnapshotQuery = (statement: string) => Promise<readonly Record<string, unknown>[]>;

/**
 * The embedded database's data folder as an uncompressed tar, taken while nobody holds the
 * connection, so no transaction is half in it. `alongside` runs in that same quiet moment (to
 * copy what the snapshot's rows point at); it must not use the Kysely instance, whose connection
 * the snapshot holds.
 */
export type DataDirSnapshot = <T>(
  alongside: (query: SnapshotQuery) => Promise<T>,
) => Promise<{ readonly tar: Blob; readonly alongside: T }>;

/** Creates the embedded database's folder from a tar that `snapshot` took; the folder must not hold a database yet. */
export async function restorePGliteDataDir(dataDir: string, tar: Blob): Promise<void> {
  const pglite = await PGlite.create(dataDir, { loadDataDir: tar, parsers: { [INT8_OID]: keepText } });
  await pglite.close();
}

/**
 * Opens a database. int8 comes back as a decimal string from both engines (pg and PGlite disagree
 * by default: string vs number, which loses precision past 2^53); adapters turn it into bigint.
 */
export async function createDatabase<DB>(config: DatabaseConfig): Promise<Database<DB>> {
  switch (config.kind) {
    case 'pglite': {
      const pglite = await PGlite.create(config.dataDir ?? 'memory://', { parsers: { [INT8_OID]: keepText } });
      return overPGlite(pglite, () => pglite.close());
    }
    case 'pglite-instance':
      // The caller may have created it without our parser: the driver also passes it per query.
      return overPGlite(config.pglite, async () => {});
    case 'postgres':
      return overPg(config.connectionString, config.poolSize ?? 10, config.queryTimeoutMs, config.sessionSettings);
  }
}

/** One mutex per PGlite instance, however many Database objects are opened over it. */
const pgliteMutexes = new WeakMap<PGlite, Mutex>();

function mutexOf(pglite: PGlite): Mutex {
  let mutex = pgliteMutexes.get(pglite);
  if (!mutex) {
    mutex = new Mutex();
    pgliteMutexes.set(pglite, mutex);
  }
  return mutex;
}

function overPGlite<DB>(pglite: PGlite, closePGlite: () => Promise<void>): Database<DB> {
  const mutex = mutexOf(pglite);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, mutex) });
  return {
    db,
    engine: 'pglite',
    // LISTEN is a statement too: run it outside anyone's transaction, which could roll it back.
    async listen(channel, onNotify) {
      assertChannelName(channel);
      const unlisten = await mutex.runExclusive(() => pglite.listen(channel, onNotify));
      return () => mutex.runExclusive(() => unlisten());
    },
    // PGlite is one process's embedded database: that process is the only one, so it leads.
    async lead(_name, task) {
      let leading = true;
      await task.onGained();
      return {
        async stop() {
          if (!leading) return;
          leading = false;
          await task.onLost();
        },
      };
    },
    snapshot: (alongside) =>
      mutex.runExclusive(async () => {
        const result = await alongside(async (statement) => (await pglite.query<Record<string, unknown>>(statement)).rows);
        // A checkpoint first: the restored copy then starts without replaying the write-ahead log.
        await pglite.exec('checkpoint');
        return { tar: await pglite.dumpDataDir('none'), alongside: result };
      }),
    async close() {
      await db.destroy();
      await mutex.runExclusive(closePGlite);
    },
  };
}

function overPg<DB>(
  connectionString: string,
  poolSize: number,
  queryTimeoutMs: number | undefined,
  sessionSettings: Readonly<Record<string, string>> = {},
): Database<DB> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
      oid === INT8_OID ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options ? { options } : {}),
  });
  // A client that loses its connection emits 'error': an idle one on the pool, a checked-out one
  // (inside a transaction, between two statements) on itself. Without a listener Node would exit.
  // The statement in flight, if any, fails on its own; the pool drops the broken client on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listener = new PgNotificationListener({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: boundedPool(pool, queryTimeoutMs || undefined) }) });
  return {
    db,
    engine: 'postgres',
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    lead: (name, task) => leadOverPg(connectionString, name, task),
    async close() {
      await listener.close();
      await db.destroy();
    },
  };
}
