import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `es_append_streams(appends)`: many streams' appends in one call, set-wise (issue 25). A statement
 * import appends to a thousand streams per transaction; calling es_append once per stream cost a
 * plan-less PL/pgSQL round of three statements each. This does what those calls did, in this order:
 * - the guard of es_append (0002): an append is its transaction's first write, so the read horizon
 *   sees the appender by its lock on es_streams before it has a transaction id (the UPDATE below
 *   takes that lock before it writes a row);
 * - each stream's optimistic check: existing streams move by their event count only where they are
 *   at the expected revision, new ones are inserted only where they do not exist;
 * - a stream that did not move is a retry when its events are stored already (es_already_appended,
 *   answered with the revision they got and not written again), otherwise the first such stream in
 *   the caller's order raises the conflict es_append raises (same message, code and detail);
 * - the events go in one insert, stream after stream in the caller's order and each stream's events
 *   in theirs, so the log's positions are those the calls one by one gave.
 * Returns each stream's last revision, in the caller's order. Never notifies (the store does so after
 * the commit, as for es_append(…, false)).
 */
const appendStreams = sql.raw(`create function es_append_streams(p_appends jsonb)
  returns bigint[]
  language plpgsql
  as $fn$
  declare
    v_streams integer := coalesce(jsonb_array_length(p_appends), 0);
    v_written text[];
    v_retried jsonb := '{}';
    v_missed record;
    v_revision bigint;
    v_actual bigint;
    v_result bigint[];
  begin
    if exists (select from jsonb_array_elements(p_appends) as a
                where coalesce(jsonb_array_length(a -> 'events'), 0) = 0) then
      raise exception 'An append needs at least one event.' using errcode = 'ESI01';
    end if;
    if (select count(distinct a ->> 'stream_id') from jsonb_array_elements(p_appends) as a) < v_streams then
      raise exception 'A multi-stream append names a stream twice.' using errcode = 'ESI01';
    end if;
    if pg_current_xact_id_if_assigned() is not null and current_setting('es.appending', true) is distinct from 'on' then
      raise exception 'An append must be the first write of its transaction.' using errcode = 'ESI01';
    end if;
    perform set_config('es.appending', 'on', true);

    with appends as (
      select a ->> 'stream_id' as stream_id, (a ->> 'expected')::bigint as expected,
             jsonb_array_length(a -> 'events') as events
        from jsonb_array_elements(p_appends) as a
    ), moved as (
      update es_streams s set revision = s.revision + a.events
        from appends a
       where a.expected <> -1 and s.stream_id = a.stream_id and s.revision = a.expected
      returning s.stream_id
    ), created as (
      insert into es_streams (stream_id, revision)
      select stream_id, events - 1 from appends where expected = -1
      on conflict (stream_id) do nothing
      returning stream_id
    )
    select coalesce(array_agg(stream_id), '{}') into v_written
      from (select stream_id from moved union all select stream_id from created) as w;

    if cardinality(v_written) < v_streams then
      for v_missed in
        select a.value ->> 'stream_id' as stream_id, a.value -> 'events' as events
          from jsonb_array_elements(p_appends) with ordinality as a(value, n)
         where not (a.value ->> 'stream_id' = any (v_written))
         order by a.n
      loop
        v_revision := es_already_appended(v_missed.stream_id, v_missed.events, jsonb_array_length(v_missed.events));
        if v_revision is null then
          select revision into v_actual from es_streams where stream_id = v_missed.stream_id;
          raise exception 'Stream % is not at the expected revision.', v_missed.stream_id
            using errcode = 'ESC01', detail = coalesce(v_actual::text, 'no_stream');
        end if;
        v_retried := v_retried || jsonb_build_object(v_missed.stream_id, v_revision);
      end loop;
    end if;

    insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
    select a.value ->> 'stream_id', (a.value ->> 'expected')::bigint + e.n, (e.value ->> 'id')::uuid,
           e.value ->> 'type', e.value -> 'data', e.value -> 'metadata'
      from jsonb_array_elements(p_appends) with ordinality as a(value, n)
      cross join lateral jsonb_array_elements(a.value -> 'events') with ordinality as e(value, n)
     where not (v_retried ? (a.value ->> 'stream_id'))
     order by a.n, e.n;

    select array_agg(coalesce((v_retried ->> (a.value ->> 'stream_id'))::bigint,
                              (a.value ->> 'expected')::bigint + jsonb_array_length(a.value -> 'events'))
                     order by a.n)
      into v_result
      from jsonb_array_elements(p_appends) with ordinality as a(value, n);
    return coalesce(v_result, '{}');
  end;
  $fn$`);

export const appendStreamsSetWise: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await appendStreams.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop function es_append_streams(jsonb)`.execute(db);
  },
};
