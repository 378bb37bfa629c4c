import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { AppendResult, ExpectedRevision, NewEvent } from '../port.js';
import { EventStoreInputError } from '../port.js';
import { validateAppend } from '../shared/validation.js';
import { isEventIdTaken, toAppendError } from './append-errors.js';
import { isSqlName, preparedAs } from './prepared.js';
import type {
  InAppendTransaction,
  InAppendTransactionOfStreams,
  PostgresEventStore,
  ProjectedAppendResult,
  StatementProjection,
  StreamAppend,
} from './port.js';
import type { EventStoreTables } from './schema.js';

/** Value of the append function's expected revision that means "the stream must not exist". */
const NO_STREAM = '-1';

type AppendStatement = RawBuilder<{ revision: string }>;
/** Runs the append's statement, alone or with a projection. */
type RunAppend = (append: AppendStatement) => Promise<{ readonly last: bigint; readonly projected: boolean }>;

interface AppendRequest {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

export type Appends<DB extends EventStoreTables> = Pick<
  PostgresEventStore<DB>,
  'append' | 'appendAndProject' | 'appendAndProjectInStatement' | 'appendStreamsAndProject'
>;

/**
 * The three ways to append over `db`. `committed` is told after each append that stored its events
 * (or found them stored by an earlier try), so subscriptions wake.
 */
export function createAppends<DB extends EventStoreTables>(db: Kysely<DB>, committed: () => void): Appends<DB> {
  const appendThen = async (request: AppendRequest, run: RunAppend): Promise<ProjectedAppendResult> => {
    const result = await appendOrFindStored(db, request, run);
    committed();
    return result;
  };
  return {
    async append(streamId, events, expected): Promise<AppendResult> {
      const { nextExpectedRevision } = await appendThen({ streamId, events, expected }, (append) => appendAlone(db, append));
      return { nextExpectedRevision };
    },
    appendAndProject: (streamId, events, expected, project) =>
      appendThen({ streamId, events, expected }, (append) => appendInTransaction(db, append, project)),
    appendAndProjectInStatement: (streamId, events, expected, projection) =>
      appendThen({ streamId, events, expected }, (append) => appendInStatement(db, append, projection)),
    async appendStreamsAndProject(appends, project) {
      const revisions = await appendStreams(db, appends, project);
      committed();
      return revisions;
    },
  };
}

const payloadOf = (events: readonly NewEvent[]) => events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));

/** The stream a conflict names (es_append raises `Stream <id> is not at the expected revision.`). */
function conflictingStream(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? /^Stream (.+) is not at the expected revision\.$/.exec(message)?.[1] : undefined;
}

/**
 * Many streams' appends in one transaction: one statement appends them all set-wise
 * (es_append_streams, migration 0003: each stream checked and written as es_append would, and the
 * transaction's first write, as the read horizon requires), then the projection runs.
 */
async function appendStreams<DB extends EventStoreTables>(
  db: Kysely<DB>,
  appends: readonly StreamAppend[],
  project: InAppendTransactionOfStreams<DB>,
): Promise<readonly bigint[]> {
  if (appends.length === 0) return [];
  for (const { streamId, events, expected } of appends) validateAppend(streamId, events, expected);
  if (new Set(appends.map((append) => append.streamId)).size < appends.length)
    throw new EventStoreInputError('A multi-stream append names a stream twice.');
  const payload = JSON.stringify(
    appends.map(({ streamId, events, expected }) => ({
      stream_id: streamId,
      expected: expected === 'no_stream' ? NO_STREAM : expected.toString(),
      events: payloadOf(events),
    })),
  );
  try {
    return await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ revision: string }>`
        select r.revision::text as revision
          from unnest(es_append_streams((${payload}::text)::jsonb)) with ordinality as r(revision, n)
         order by r.n`.execute(trx);
      const revisions = rows.map((row) => BigInt(row.revision));
      await project(trx, revisions);
      return revisions;
    });
  } catch (error) {
    const streamId = conflictingStream(error) ?? appends[0]!.streamId;
    const expected = appends.find((append) => append.streamId === streamId)?.expected ?? appends[0]!.expected;
    throw toAppendError(error, streamId, expected);
  }
}

const lastRevision = (rows: readonly { revision: string }[]): bigint => BigInt(rows[0]?.revision ?? '');

async function appendAlone(db: QueryExecutorProvider, append: AppendStatement) {
  return { last: lastRevision((await append.execute(db)).rows), projected: false };
}

/**
 * The append and the caller's projection in one transaction (es_append first, as the read horizon
 * requires).
 */
function appendInTransaction<DB extends EventStoreTables>(db: Kysely<DB>, append: AppendStatement, project: InAppendTransaction<DB>) {
  return db.transaction().execute(async (trx) => {
    const last = lastRevision((await append.execute(trx)).rows);
    await project(trx, last);
    return { last, projected: true };
  });
}

/**
 * The append and the caller's projection function in one statement: the subquery appends (so
 * es_append is the transaction's first write), the outer select projects with its revision.
 */
async function appendInStatement(db: QueryExecutorProvider, append: AppendStatement, projection: StatementProjection) {
  if (!isSqlName(projection.functionName)) throw new EventStoreInputError(`Not a projection function name: ${projection.functionName}`);
  const argument = JSON.stringify(projection.argument);
  const { rows } = await sql<{ revision: string; projected: boolean }>`${preparedAs(`append_${projection.functionName}`)}
    select appended.revision, ${sql.raw(projection.functionName)}(appended.revision, (${argument}::text)::jsonb) as projected
      from (${append} offset 0) as appended
  `.execute(db);
  return { last: lastRevision(rows), projected: rows[0]?.projected === true };
}

/**
 * What every kind of append shares: the append's statement and its errors. A retried append whose
 * event ids are stored already rolls back and is answered as the first one was, with projected = false.
 */
async function appendOrFindStored(
  db: QueryExecutorProvider,
  { streamId, events, expected }: AppendRequest,
  run: RunAppend,
): Promise<ProjectedAppendResult> {
  validateAppend(streamId, events, expected);
  const payload = JSON.stringify(payloadOf(events));
  const expectedRevision = expected === 'no_stream' ? NO_STREAM : expected.toString();
  try {
    // The events travel as text cast to jsonb: pg would turn a JS array into a Postgres array.
    const { last, projected } = await run(sql<{ revision: string }>`
      select es_append(${streamId}, ${expectedRevision}::bigint, (${payload}::text)::jsonb, false) as revision`);
    return { nextExpectedRevision: last, projected };
  } catch (error) {
    if (!isEventIdTaken(error)) throw toAppendError(error, streamId, expected);
    const revision = await alreadyAppended(db, { streamId, events, expected }, payload, error);
    return { nextExpectedRevision: BigInt(revision), projected: false };
  }
}

/**
 * An event id is already stored. That is a retry when all of the ids are in this very stream
 * (answered with the revision they got); anything else is refused. Only this rare path pays a
 * second round trip.
 */
async function alreadyAppended(
  db: QueryExecutorProvider,
  { streamId, events, expected }: AppendRequest,
  payload: string,
  cause: unknown,
): Promise<string> {
  let revision: string | null | undefined;
  try {
    const { rows } = await sql<{ revision: string | null }>`
      select es_already_appended(${streamId}, (${payload}::text)::jsonb, ${events.length}::integer) as revision
    `.execute(db);
    revision = rows[0]?.revision;
  } catch (error) {
    throw toAppendError(error, streamId, expected);
  }
  if (revision === null || revision === undefined) {
    throw new EventStoreInputError(`An event id of this append to ${streamId} is already stored.`, { cause });
  }
  return revision;
}
