import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH, eventHash, HASH_KEY } from '../../eventstore/chain/event-hash.js';
import type { JsonObject } from '../../eventstore/port.js';
import type { DB } from '../../src/database/schema.js';
import { ORDERS_PROJECTION } from '../../src/projections/projection-runner.js';

/**
 * Clones the template orders (scale-templates.ts) into `count` new orders, a batch at a time: each
 * clone's events, read row, history rows and search terms are the template's text with its order
 * id, number, owner, event ids and instants replaced, so a replay of the clone's events gives the
 * clone's row. Events get their hash chain computed here (a real chain: audit:verify checks it),
 * and go in with the read rows in one transaction per batch, as multi-row INSERTs of a JSON array.
 */

interface Template {
  readonly id: string;
  readonly orderNo: string;
  readonly ownerId: string;
  readonly createdAt: number;
  readonly events: readonly { readonly id: string; readonly type: string; readonly text: string }[];
  readonly row: string;
  readonly history: string;
  readonly terms: string;
}

export interface CloneOptions {
  readonly count: number;
  readonly batch: number;
  /** Batches written at once, each on its own connection. */
  readonly writers: number;
  /** The owner of clone `index`. */
  readonly ownerOf: (index: number) => number;
  /** How long before the template's instant clone `index` was created. */
  readonly ageOf: (index: number) => number;
  readonly onBatch?: (done: number) => void;
}

const ISO_INSTANT = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)(Z|\+00:00)"/g;
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** Reads a template's texts; timestamps come out in UTC so one pattern finds them all. */
async function readTemplate(db: Kysely<DB>, id: string): Promise<Template> {
  await sql`set time zone 'UTC'`.execute(db);
  const events = await sql<{ id: string; type: string; text: string }>`
    select event_id::text as id, event_type as type, json_build_object('data', data, 'metadata', metadata)::text as text
    from es_events where stream_id = ${`order-${id}`} order by stream_revision`.execute(db);
  const one = async (query: ReturnType<typeof sql<{ text: string }>>) => (await query.execute(db)).rows[0]!.text;
  const row = await one(sql<{ text: string }>`select row_to_json(o)::text as text from orders o where id = ${id}`);
  const parsed = JSON.parse(row) as { order_no: string; owner_id: number; created_at: string };
  return {
    id,
    orderNo: parsed.order_no,
    ownerId: String(parsed.owner_id),
    createdAt: Date.parse(parsed.created_at),
    events: events.rows,
    row,
    history: await one(sql<{ text: string }>`select coalesce(json_agg(h), '[]')::text as text from order_history h where order_id = ${id}`),
    terms: await one(
      sql<{ text: string }>`select coalesce(json_agg(t), '[]')::text as text from order_search_terms t where order_id = ${id}`,
    ),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text replacements that make clone `index` of a template. */
function substitution(template: Template, index: number, owner: number, ageMs: number) {
  const id = randomUUID();
  const created = new Date(template.createdAt - ageMs);
  const day = new Date(created.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const sequence = String(index + 100).padStart(7, '0');
  const orderNo = `${day}-${sequence}`;
  const eventIds = new Map(template.events.map((event) => [event.id, randomUUID()]));
  const shifted = new Map<string, string>();
  const shift = (_match: string, instant: string, zone: string) => {
    let moved = shifted.get(instant + zone);
    if (moved === undefined) {
      const iso = new Date(Date.parse(`${instant}Z`) - ageMs).toISOString();
      moved = `"${zone === 'Z' ? iso : iso.replace('Z', '+00:00')}"`;
      shifted.set(instant + zone, moved);
    }
    return moved;
  };
  const oldOwner = template.ownerId;
  const replacements: [RegExp, string][] = [
    [new RegExp(escape(template.id), 'g'), id],
    [new RegExp(escape(template.orderNo), 'g'), orderNo],
    [new RegExp(`"owner_id":\\s?"${oldOwner}"`, 'g'), `"owner_id":"${owner}"`],
    [new RegExp(`"owner_id":\\s?${oldOwner}\\b`, 'g'), `"owner_id":${owner}`],
    [new RegExp(`"id":\\s?"${oldOwner}",\\s?"role":\\s?"payer"`, 'g'), `"id":"${owner}","role":"payer"`],
    [new RegExp(`"actor_id":\\s?"${oldOwner}",\\s?"actor_role":\\s?"payer"`, 'g'), `"actor_id":"${owner}","actor_role":"payer"`],
    ...[...eventIds].map(([from, to]): [RegExp, string] => [new RegExp(from, 'g'), to]),
  ];
  const apply = (text: string) => replacements.reduce((done, [pattern, to]) => done.replace(pattern, to), text).replace(ISO_INSTANT, shift);
  const templateSequence = template.orderNo.split('-')[1]!;
  return { id, eventIds, apply, sequenceTerm: [`"${templateSequence}"`, `"${sequence}"`] as const };
}

interface Batch {
  events: object[];
  streams: object[];
  rows: string[];
  history: string[];
  terms: string[];
}

/** One clone's texts, its events chained from the genesis hash as an append would chain them. */
function addClone(batch: Batch, template: Template, index: number, owner: number, ageMs: number): void {
  const clone = substitution(template, index, owner, ageMs);
  const streamId = `order-${clone.id}`;
  let previous = GENESIS_HASH;
  template.events.forEach((event, revision) => {
    const { data, metadata } = JSON.parse(clone.apply(event.text)) as { data: JsonObject; metadata: JsonObject };
    const id = clone.eventIds.get(event.id)!;
    const hash = eventHash({ streamId, revision: BigInt(revision), id, type: event.type, data, metadata }, previous);
    previous = hash;
    batch.events.push({
      stream_id: streamId,
      stream_revision: revision,
      event_id: id,
      event_type: event.type,
      data,
      metadata: { ...metadata, [HASH_KEY]: hash },
    });
  });
  batch.streams.push({ stream_id: streamId, revision: template.events.length - 1 });
  batch.rows.push(clone.apply(template.row));
  batch.history.push(clone.apply(template.history).slice(1, -1));
  batch.terms.push(clone.apply(template.terms).replaceAll(clone.sequenceTerm[0], clone.sequenceTerm[1]).slice(1, -1));
}

/** Which of `count` templates clone `index` is: scattered, so a payer's orders are not all of one template. */
const scattered = (index: number, count: number) => ((index * 2_654_435_761) % 4_294_967_296) % count;

const jsonArray = (parts: string[]) => `[${parts.filter((part) => part !== '').join(',')}]`;

async function writeBatch(db: Kysely<DB>, batch: Batch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
      select stream_id, stream_revision, event_id, event_type, data, metadata
      from json_to_recordset(${JSON.stringify(batch.events)}::json)
        as e(stream_id text, stream_revision bigint, event_id uuid, event_type text, data jsonb, metadata jsonb)`.execute(trx);
    await sql`insert into es_streams select * from json_populate_recordset(null::es_streams, ${JSON.stringify(batch.streams)}::json)`.execute(
      trx,
    );
    await sql`insert into orders select * from json_populate_recordset(null::orders, ${jsonArray(batch.rows)}::json)`.execute(trx);
    await sql`insert into order_history select * from json_populate_recordset(null::order_history, ${jsonArray(batch.history)}::json)`.execute(
      trx,
    );
    await sql`insert into order_search_terms select * from json_populate_recordset(null::order_search_terms, ${jsonArray(batch.terms)}::json)`.execute(
      trx,
    );
  });
}

/**
 * Writes the clones (the projector must be stopped: the rows are written here, not projected), then
 * the status counts and the projection's checkpoint as the projector would have left them.
 */
export async function cloneOrders(db: Kysely<DB>, templateIds: readonly string[], options: CloneOptions): Promise<void> {
  const read = new Map<string, Template>();
  for (const id of new Set(templateIds)) read.set(id, await readTemplate(db, id));
  const templates = templateIds.map((id) => read.get(id)!);
  // Batches are written on `writers` connections at once, so the database works while this
  // process builds the next batch.
  const writing = new Set<Promise<void>>();
  let written = 0;
  for (let start = 0; start < options.count; start += options.batch) {
    const batch: Batch = { events: [], streams: [], rows: [], history: [], terms: [] };
    const end = Math.min(options.count, start + options.batch);
    for (let index = start; index < end; index += 1)
      addClone(batch, templates[scattered(index, templates.length)]!, index, options.ownerOf(index), options.ageOf(index));
    const write: Promise<void> = writeBatch(db, batch).then(() => {
      writing.delete(write);
      written += end - start;
      options.onBatch?.(written);
    });
    writing.add(write);
    if (writing.size >= options.writers) await Promise.race(writing);
  }
  await Promise.all(writing);
  await db.transaction().execute(async (trx) => {
    await sql`delete from order_status_deltas`.execute(trx);
    await sql`delete from order_status_counts`.execute(trx);
    await sql`insert into order_status_counts (status, count) select status, count(*) from orders group by status`.execute(trx);
    // The projector's and the notifier's (notifications-repository.ts): the clones need neither.
    for (const name of [ORDERS_PROJECTION, 'notifier'])
      await sql`insert into projection_checkpoints (name, checkpoint, updated_at)
        select ${name}, transaction_id::text || ':' || position, now() from es_events order by transaction_id desc, position desc limit 1
        on conflict (name) do update set checkpoint = excluded.checkpoint, updated_at = excluded.updated_at`.execute(trx);
  });
}
