import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Readers wait only on the event store's own appends, not on every transaction of the cluster.
 *
 * 0001 read below `pg_snapshot_xmin`, the oldest transaction running anywhere on the server: a
 * 12-second write in another database held every subscriber back for 12 seconds. Now:
 * - `es_append` must be its transaction's first write (further appends in the same transaction
 *   are fine). So a transaction that will ever hold events takes the lock on `es_streams` before it
 *   has a transaction id, and keeps it until it ends.
 * - `es_read_horizon(snapshot)` is the oldest transaction of the snapshot's running list that is
 *   appending (holds that lock) or has ended since the snapshot was taken (its events, if any, are
 *   committed but not visible to the snapshot); without one, the snapshot's xmax. A running
 *   transaction that holds no such lock already has its id and so can never append: ignoring it
 *   skips nothing. The lock table is read BEFORE the status of each transaction is asked, so an
 *   appender that ends in between is still counted (as ended).
 */
const appendGuard = `
    -- Readers rely on it (es_read_horizon): a transaction that writes events has held the lock on
    -- es_streams since before it got its transaction id.
    if pg_current_xact_id_if_assigned() is not null and current_setting('es.appending', true) is distinct from 'on' then
      raise exception 'An append must be the first write of its transaction.' using errcode = 'ESI01';
    end if;
    perform set_config('es.appending', 'on', true);
`;

/** es_append of 0001 with the guard in front; the body is otherwise unchanged. */
const appendFunction = (guard: string) =>
  sql.raw(`create or replace function es_append(p_stream_id text, p_expected_revision bigint, p_events jsonb,
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
${guard}
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
      v_result := es_already_appended(p_stream_id, p_events, v_count);
      if v_result is not null then
        return v_result;
      end if;
      select revision into v_actual from es_streams where stream_id = p_stream_id;
      raise exception 'Stream % is not at the expected revision.', p_stream_id
        using errcode = 'ESC01', detail = coalesce(v_actual::text, 'no_stream');
    end if;

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
  $fn$`);

const readHorizon = sql.raw(`create function es_read_horizon(p_snapshot pg_snapshot)
  returns xid8
  language plpgsql
  volatile
  as $fn$
  declare
    v_appending xid[];
    v_horizon xid8;
  begin
    if not exists (select from pg_snapshot_xip(p_snapshot)) then
      return pg_snapshot_xmax(p_snapshot);
    end if;
    select coalesce(array_agg(t.transactionid), '{}') into v_appending
      from pg_locks r
      join pg_locks t on t.virtualtransaction = r.virtualtransaction and t.locktype = 'transactionid'
     where r.locktype = 'relation'
       and r.mode = 'RowExclusiveLock'
       and r.relation = 'es_streams'::regclass
       and r.database = (select oid from pg_database where datname = current_database());
    select min(x) into v_horizon
      from pg_snapshot_xip(p_snapshot) as x
     where xid(x) = any (v_appending) or pg_xact_status(x) is distinct from 'in progress';
    return coalesce(v_horizon, pg_snapshot_xmax(p_snapshot));
  end;
  $fn$`);

export const ownReadHorizon: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await appendFunction(appendGuard).execute(db);
    await readHorizon.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop function es_read_horizon(pg_snapshot)`.execute(db);
    await appendFunction('').execute(db);
  },
};
