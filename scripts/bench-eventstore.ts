/**
 * Event-store benchmark: appends/s, read-all events/s and a raw INSERT baseline, for PGlite and
 * (when BENCH_DATABASE_URL or DATABASE_URL is set) real PostgreSQL in a fresh, dropped database.
 *
 *   npm run bench:eventstore
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:eventstore
 *
 * Both writes use 8 concurrent writers over 100 streams, one event (row) per call. Every writer
 * owns its streams and tracks their revisions, so appends never conflict: the figure is the cost of
 * an append, not of retries. The two workloads run in short interleaved slices (ABBA...), and each
 * rate is its total over all its slices: on a small shared machine a slow spell then hits both
 * alike instead of deciding the ratio. BENCH_SLICE_SECONDS (default 0.75) and BENCH_SLICES
 * (default 8 per workload) set the duration; BENCH_CPU=1 prints this process's CPU share, to tell a
 * client-bound run from a database-bound one.
 */
import { sql, type Kysely } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { EventStore, ExpectedRevision } from '../eventstore/port.js';
import {
  createDatabase,
  createPostgresEventStore,
  migrateEventStoreToLatest,
  type DatabaseConfig,
  type EventStoreTables,
} from '../eventstore/postgres/index.js';

const WRITERS = 8;
const STREAMS = 100;
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 0.75);
const SLICES = Number(process.env['BENCH_SLICES'] ?? 8);
const READ_PAGE = 1000;

interface EngineResult {
  readonly engine: string;
  readonly appendsPerSecond: number;
  readonly rawInsertsPerSecond: number;
  readonly readAllEventsPerSecond: number;
  readonly eventsRead: number;
}

/** One write of one writer; `call` counts that writer's calls across slices. */
type Step = (writer: number, call: number) => Promise<void>;

/** A workload measured over several slices; its rate is total calls / total time. */
class Workload {
  #calls = 0;
  #ms = 0;
  readonly #callsPerWriter = new Array<number>(WRITERS).fill(0);

  constructor(private readonly step: Step) {}

  async runSlice(seconds: number): Promise<void> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        while (performance.now() < deadline) {
          const call = this.#callsPerWriter[writer] ?? 0;
          this.#callsPerWriter[writer] = call + 1;
          await this.step(writer, call);
          this.#calls += 1;
        }
      }),
    );
    const elapsed = performance.now() - started;
    this.#ms += elapsed;
    if (process.env['BENCH_CPU']) {
      const used = process.cpuUsage(cpu);
      process.stdout.write(`[node cpu ${(((used.user + used.system) / 1000 / elapsed) * 100).toFixed(0)}%] `);
    }
  }

  get perSecond(): number {
    return this.#calls / (this.#ms / 1000);
  }
}

/** Streams of one writer: 100 streams dealt round-robin over the writers. */
function streamsOf(writer: number, label: string): string[] {
  const streams: string[] = [];
  for (let stream = writer; stream < STREAMS; stream += WRITERS) streams.push(`bench-${label}-${stream}`);
  return streams;
}

function eventPayload(writer: number, call: number) {
  return { id: randomUUID(), type: 'BenchmarkEvent', data: { writer, call, note: 'payment accepted' }, metadata: { bench: true } };
}

function appendWorkload(store: EventStore, label: string): Workload {
  const revisions = new Map<string, ExpectedRevision>();
  return new Workload(async (writer, call) => {
    const streams = streamsOf(writer, label);
    const stream = streams[call % streams.length] ?? '';
    const result = await store.append(stream, [eventPayload(writer, call)], revisions.get(stream) ?? 'no_stream');
    revisions.set(stream, result.nextExpectedRevision);
  });
}

/**
 * The same row, same columns and same indexes as es_events, written by a plain single-row INSERT:
 * what the append costs beyond storing the row (stream check, idempotency, notification).
 */
function rawInsertWorkload(db: Kysely<EventStoreTables>, label: string): Workload {
  const revisions = new Map<string, number>();
  return new Workload(async (writer, call) => {
    const streams = streamsOf(writer, label);
    const stream = streams[call % streams.length] ?? '';
    const revision = revisions.get(stream) ?? 0;
    const event = eventPayload(writer, call);
    await sql`
      insert into bench_raw_events (stream_id, stream_revision, event_id, event_type, data, metadata)
      values (${stream}, ${String(revision)}::bigint, ${event.id}::uuid, ${event.type},
              (${JSON.stringify(event.data)}::text)::jsonb, (${JSON.stringify(event.metadata)}::text)::jsonb)
    `.execute(db);
    revisions.set(stream, revision + 1);
  });
}

async function createRawTable(db: Kysely<EventStoreTables>): Promise<void> {
  await sql`create table bench_raw_events (
    position bigserial primary key,
    transaction_id xid8 not null default pg_current_xact_id(),
    stream_id text not null,
    stream_revision bigint not null,
    event_id uuid not null unique,
    event_type text not null,
    data jsonb not null,
    metadata jsonb not null,
    recorded_at timestamptz not null default now(),
    unique (stream_id, stream_revision)
  )`.execute(db);
  await sql`create index bench_raw_events_global_order on bench_raw_events (transaction_id, position)`.execute(db);
}

async function measureReadAll(store: EventStore): Promise<{ perSecond: number; events: number }> {
  const started = performance.now();
  let events = 0;
  let from: string | undefined;
  for (;;) {
    const page = await store.readAll({ maxCount: READ_PAGE, ...(from ? { from } : {}) });
    if (page.events.length === 0) break;
    events += page.events.length;
    from = page.next;
  }
  return { perSecond: events / ((performance.now() - started) / 1000), events };
}

async function benchEngine(engine: string, config: DatabaseConfig): Promise<EngineResult> {
  const database = await createDatabase<EventStoreTables>(config);
  try {
    await migrateEventStoreToLatest(database.db);
    await createRawTable(database.db);
    const store = createPostgresEventStore({ database });
    const label = randomBytes(3).toString('hex');
    const raw = rawInsertWorkload(database.db, `raw-${label}`);
    const appends = appendWorkload(store, label);
    process.stdout.write(`${engine}: ${SLICES} × ${SLICE_SECONDS} s of raw inserts and of appends, interleaved… `);
    for (let slice = 0; slice < SLICES; slice += 1) {
      const [first, second] = slice % 2 === 0 ? [raw, appends] : [appends, raw];
      await first.runSlice(SLICE_SECONDS);
      await second.runSlice(SLICE_SECONDS);
    }
    process.stdout.write('read all…\n');
    const read = await measureReadAll(store);
    await store.close();
    return {
      engine,
      appendsPerSecond: appends.perSecond,
      rawInsertsPerSecond: raw.perSecond,
      readAllEventsPerSecond: read.perSecond,
      eventsRead: read.events,
    };
  } finally {
    await database.close();
  }
}

async function withFreshPostgres<T>(serverUrl: string, run: (connectionString: string) => Promise<T>): Promise<T> {
  const name = `es_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

function printTable(results: readonly EngineResult[]): void {
  const rows: [string, (result: EngineResult) => string][] = [
    ['appends/s (1 event, 8 writers, 100 streams)', (r) => r.appendsPerSecond.toFixed(0)],
    ['raw single-row INSERTs/s (same table shape)', (r) => r.rawInsertsPerSecond.toFixed(0)],
    ['append / raw', (r) => (r.appendsPerSecond / r.rawInsertsPerSecond).toFixed(2)],
    ['read-all events/s (pages of 1000)', (r) => r.readAllEventsPerSecond.toFixed(0)],
    ['events read', (r) => String(r.eventsRead)],
  ];
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const columnWidth = Math.max(12, ...results.map((result) => result.engine.length));
  console.log(`\n${''.padEnd(labelWidth)}  ${results.map((result) => result.engine.padStart(columnWidth)).join('  ')}`);
  for (const [label, value] of rows) {
    console.log(`${label.padEnd(labelWidth)}  ${results.map((result) => value(result).padStart(columnWidth)).join('  ')}`);
  }
}

async function main(): Promise<void> {
  console.log(`Event-store benchmark: ${WRITERS} writers, ${STREAMS} streams.`);
  const results: EngineResult[] = [await benchEngine('PGlite', { kind: 'pglite' })];
  const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['DATABASE_URL'];
  if (serverUrl) {
    results.push(
      await withFreshPostgres(serverUrl, (connectionString) =>
        benchEngine('PostgreSQL', { kind: 'postgres', connectionString, poolSize: WRITERS + 2 }),
      ),
    );
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL).');
  }
  printTable(results);
}

await main();
