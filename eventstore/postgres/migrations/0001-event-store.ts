import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The event tables and the append function. Statements run one by one: PGlite's query() takes a
 * single statement.
 */
const up = [
  sql`create table es_streams (
    stream_id text primary key,
    revision bigint not null
  )`,
  sql`create table es_events (
    position bigserial primary key,
    -- Readers order by (transaction_id, position) and only read transactions older than every
    -- running one, so a transaction that commits late is never skipped (see readAll).
    transaction_id xid8 not null default pg_current_xact_id(),
    stream_id text not null,
    stream_revision bigint not null,
    event_id uuid not null unique,
    event_type text not null,
    data jsonb not null,
    metadata jsonb not null,
    recorded_at timestamptz not null default now(),
    unique (stream_id, stream_revision)
  )`,
  sql`create index es_events_global_order on es_events (transaction_id, position)`,
  // Returns the stream's last revision written for these events when ALL of them are already in
  // the stream (a retried append); null when none is. Anything in between is refused.
  sql.raw(`create function es_already_appended(p_stream_id text, p_events jsonb, p_count integer)
  returns bigint
  language plpgsql
  as $fn$
  declare
    v_in_stream integer;
    v_elsewhere integer;
    v_last_revision bigint;
  begin
    select count(*) filter (where stream_id = p_stream_id),
           count(*) filter (where stream_id <> p_stream_id),
           max(stream_revision) filter (where stream_id = p_stream_id)
      into v_in_stream, v_elsewhere, v_last_revision
      from es_events
     -- = any(array) probes the unique index once per id (an IN over the set-returning function
     -- made the planner hash-join a full scan of es_events).
     where event_id = any (array(select (e ->> 'id')::uuid from jsonb_array_elements(p_events) as e));
    if v_elsewhere > 0 then
      raise exception 'An event id is already used by another stream than %.', p_stream_id
        using errcode = 'ESI01';
    end if;
    if v_in_stream = 0 then
      return null;
    end if;
    if v_in_stream < p_count then
      raise exception 'Some but not all of these events are already in stream %.', p_stream_id
        using errcode = 'ESI01';
    end if;
    return v_last_revision;
  end;
  $fn$`),
  // One round trip per append; p_expected_revision is -1 for "no stream". Returns the revision of
  // the last event now in the stream. Kept lean because it is the write path:
  // - idempotency is checked only where a retry can show up: after a failed revision check, or
  //   (by the caller, see append-errors.ts) after the insert hit the unique event id;
  // - NOTIFY is optional: it takes a database-wide lock held through the commit's WAL flush and so
  //   serialises all committers. The store passes false and notifies after the commit instead.
  sql.raw(`create function es_append(p_stream_id text, p_expected_revision bigint, p_events jsonb,
                                     p_notify boolean default true)
  returns bigint
  language plpgsql
  as $fn$
  declare
    v_count integer := coalesce(jsonb_array_length(p_events), 0);
    v_first_revision bigint;
    v_result bigint;
    v_actual bigint;
  begin
    if v_count = 0 then
      raise exception 'An append needs at least one event.' using errcode = 'ESI01';
    end if;

    -- The expected revision is checked and moved in one statement, so two appends at the same
    -- revision cannot both pass: the second waits for the first's row lock, then finds no match.
    if p_expected_revision = -1 then
      insert into es_streams (stream_id, revision) values (p_stream_id, v_count - 1)
        on conflict (stream_id) do nothing;
      v_first_revision := 0;
    else
      update es_streams set revision = revision + v_count
       where stream_id = p_stream_id and revision = p_expected_revision;
      v_first_revision := p_expected_revision + 1;
    end if;

    if not found then
      -- A retry of an append that went in (maybe a concurrent one that just committed).
      v_result := es_already_appended(p_stream_id, p_events, v_count);
      if v_result is not null then
        return v_result;
      end if;
      select revision into v_actual from es_streams where stream_id = p_stream_id;
      raise exception 'Stream % is not at the expected revision.', p_stream_id
        using errcode = 'ESC01', detail = coalesce(v_actual::text, 'no_stream');
    end if;

    -- A stored event id raises unique_violation here and nothing of this call stays. Positions
    -- follow the array's order (the function scan yields it in order). One event, the usual
    -- case, skips the set-returning function.
    if v_count = 1 then
      insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
      values (p_stream_id, v_first_revision, (p_events -> 0 ->> 'id')::uuid, p_events -> 0 ->> 'type',
              p_events -> 0 -> 'data', p_events -> 0 -> 'metadata');
    else
      insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
      select p_stream_id, v_first_revision + e.ordinality - 1, (e.value ->> 'id')::uuid,
             e.value ->> 'type', e.value -> 'data', e.value -> 'metadata'
        from jsonb_array_elements(p_events) with ordinality as e(value, ordinality);
    end if;

    if p_notify then
      perform pg_notify('es_events', '');
    end if;
    return v_first_revision + v_count - 1;
  end;
  $fn$`),
];

const down = [
  sql`drop function es_append(text, bigint, jsonb, boolean)`,
  sql`drop function es_already_appended(text, jsonb, integer)`,
  sql`drop table es_events`,
  sql`drop table es_streams`,
];

export const eventStoreTables: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    for (const statement of up) await statement.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    for (const statement of down) await statement.execute(db);
  },
};
