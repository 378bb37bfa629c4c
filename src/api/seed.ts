import { hash, verify } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import { ConcurrencyError } from '../../eventstore/port.js';
import type { DB } from '../database/schema.js';
import { findUserByEmail, setPassword } from './auth/users-repository.js';
import {
  institutionStreamId,
  MARKUP_FIELDS,
  MARKUPS_STREAM,
  NOTICE_STREAM,
  withDefaultMarkups,
  type Actor,
  type Markups,
  type NoticeTranslations,
  type ReferenceEvent,
} from '../domain/index.js';
import type { AppDeps } from './deps.js';
import { appendReference } from './manage/reference-commands.js';
import { eventMeta } from './recorded-events.js';
import { recordOf } from './public/resources.js';
import { readSetting, writeSetting } from './public/settings.js';

/** The demo logins the README gives (and `npm start` prints); never seeded in production. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026', name: 'Admin', group: 1, role: 'admin' } as const;
export const DEMO_PAYER = { email: 'payer@example.com', password: 'payer-demo-2026', name: '张三丰', group: 0, role: 'payer' } as const;
export const DEMO_AUDITOR = {
  email: 'auditor@example.com',
  password: 'auditor-demo-2026',
  name: 'Auditor',
  group: 2,
  role: 'auditor',
} as const;
export const DEMO_WAREHOUSE = {
  email: 'warehouse@example.com',
  password: 'warehouse-demo-2026',
  name: 'Warehouse',
  group: 3,
  role: 'warehouse',
} as const;
/** The second admin, so a newcomer can propose a change as one admin and approve it as the other (four eyes). */
export const DEMO_SECOND_ADMIN = {
  email: 'admin2@example.com',
  password: 'admin2-demo-2026',
  name: 'Admin Two',
  group: 1,
  role: 'admin',
} as const;
export const DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_PAYER, DEMO_AUDITOR, DEMO_WAREHOUSE, DEMO_SECOND_ADMIN] as const;

/** An institution whose payee account is not known yet: the payer gives it in step 2. */
const NO_ACCOUNT = {
  account_name: '',
  account_no: '',
  account_bank: '',
  account_address: '',
  swift: '',
  transit_code: '',
  bank_branches: '',
  preset_account: false,
} as const;

const RESOURCES = [
  {
    id: 996,
    name: '柏林夏里特医院',
    name_en: 'Charité – Universitätsmedizin Berlin',
    code: 'CHARITE',
    currency: 'EUR',
    country: 'Germany',
    account_name: 'Charité – Universitätsmedizin Berlin',
    account_no: 'DE89370400440532013000',
    account_bank: 'Deutsche Bank AG',
    account_address: 'Charitéplatz 1, 10117 Berlin, Germany',
    swift: 'DEUTDEBBXXX',
    transit_code: '',
    bank_branches: '',
    preset_account: true,
  },
  {
    id: 1001,
    name: '梅奥诊所',
    name_en: 'Mayo Clinic',
    code: 'MAYO',
    currency: 'USD',
    country: 'United States',
    ...NO_ACCOUNT,
  },
  {
    id: 1002,
    name: '悉尼大学',
    name_en: 'The University of Sydney',
    code: 'USYD',
    currency: 'AUD',
    country: 'Australia',
    account_name: 'The University of Sydney',
    account_no: '12345678',
    transit_code: '062000',
    bank_branches: '',
    account_bank: 'Commonwealth Bank of Australia',
    account_address: 'Camperdown NSW 2006, Australia',
    swift: 'CTBAAU2S',
    preset_account: true,
  },
  {
    id: 1003,
    name: '庆应义塾大学医院',
    name_en: 'Keio University Hospital',
    code: 'KEIO',
    currency: 'JPY',
    country: 'Japan',
    ...NO_ACCOUNT,
  },
  {
    id: 1004,
    name: '慕尼黑工业大学',
    name_en: 'Technical University of Munich',
    code: 'TUM',
    currency: 'EUR',
    country: 'Germany',
    ...NO_ACCOUNT,
  },
] as const;

const DEFAULT_MARKUP = '0.01';
const DEFAULT_NOTICE = '银行工作时间为 9:00-16:00，非工作时间的付款将于下一个工作日确认。';

/** Who recorded the seeded reference data: the service itself, at its first start. */
const SEED_ACTOR: Actor = { id: 'seed', role: 'system' };

type SeedDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'reference'>;

/** Appends a stream's first event; a stream that has one already (another process, an earlier start) is left alone. */
async function startStream(deps: SeedDeps, streamId: string, event: ReferenceEvent): Promise<void> {
  try {
    await appendReference(deps, streamId, event, 'no_stream');
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}

/**
 * Seeds the reference data once, in every mode, as the first events of their streams (DESIGN.md
 * section 12): institutions in EUR, USD, AUD and JPY, markups for the nine currencies and a notice.
 * So the first change an admin makes shows the value it replaced, and which markup was in force
 * when any order was confirmed has an answer. Running it again changes nothing.
 */
export async function seedReferenceData(deps: SeedDeps): Promise<void> {
  // The key predates the split from the demo accounts: databases seeded before keep their data.
  if (!(await readSetting(deps.db, 'seeded'))) {
    const meta = () => eventMeta(deps, SEED_ACTOR);
    for (const { id, ...institution } of RESOURCES) {
      await startStream(deps, institutionStreamId(id), {
        type: 'InstitutionRegistered',
        data: { id, institution },
        meta: meta(),
      });
    }
    // Later institutions get ids after the seeded ones.
    await sql`select setval(pg_get_serial_sequence('resources', 'id'), (select max(id) from resources))`.execute(deps.db);
    const markups = Object.fromEntries(MARKUP_FIELDS.map((field) => [field, DEFAULT_MARKUP])) as Markups;
    await startStream(deps, MARKUPS_STREAM, { type: 'MarkupsChanged', data: { markups }, meta: meta() });
    await startStream(deps, NOTICE_STREAM, {
      type: 'NoticeChanged',
      data: { notice: DEFAULT_NOTICE, translations: { 'en-US': '', 'de-DE': '' } },
      meta: meta(),
    });
    await writeSetting(deps.db, 'seeded', true, deps.clock.now());
  }
  await recordStartingStates(deps);
}

/**
 * Reference data seeded before it was recorded as events (rows without a stream) gets its stream's
 * first event now, holding the row as found and dated when the row last changed: its history then
 * starts from what was in force, not from nothing.
 */
async function recordStartingStates(deps: SeedDeps): Promise<void> {
  const streams = deps.db.selectFrom('stream_revisions').select('stream_id');
  const institutions = await deps.db
    .selectFrom('resources')
    .selectAll()
    .where(sql<string>`'institution-' || id`, 'not in', streams)
    .orderBy('id')
    .execute();
  for (const row of institutions) {
    const meta = eventMeta(deps, SEED_ACTOR, row.updated_at);
    await startStream(deps, institutionStreamId(row.id), {
      type: 'InstitutionRegistered',
      data: { id: row.id, institution: recordOf(row) },
      meta,
    });
  }
  const recorded = new Set((await streams.where('stream_id', 'in', [MARKUPS_STREAM, NOTICE_STREAM]).execute()).map((row) => row.stream_id));
  const settings = await deps.db
    .selectFrom('settings')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'in', ['markups', 'notice', 'notice_translations'])
    .execute();
  const setting = (key: string) => settings.find((row) => row.key === key);
  const markups = setting('markups');
  if (markups && !recorded.has(MARKUPS_STREAM)) {
    const data = { markups: withDefaultMarkups(markups.value as Partial<Markups>) };
    await startStream(deps, MARKUPS_STREAM, { type: 'MarkupsChanged', data, meta: eventMeta(deps, SEED_ACTOR, markups.updated_at) });
  }
  const notice = setting('notice');
  if (notice && !recorded.has(NOTICE_STREAM)) {
    const translations = (setting('notice_translations')?.value as NoticeTranslations | undefined) ?? { 'en-US': '', 'de-DE': '' };
    const data = { notice: String(notice.value), translations };
    await startStream(deps, NOTICE_STREAM, { type: 'NoticeChanged', data, meta: eventMeta(deps, SEED_ACTOR, notice.updated_at) });
  }
}

/**
 * Seeds the demo logins once, outside production only: their passwords are in the README, so in
 * production they would be anyone's admin account. Once seeded, a deleted demo account stays deleted.
 */
export async function seedDemoAccounts(db: Kysely<DB>, now: Date): Promise<void> {
  const seeded = seededDemoEmails(await readSetting<unknown>(db, 'demoAccountsSeeded'));
  const missing = DEMO_ACCOUNTS.filter((account) => !seeded.includes(account.email));
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const account of missing) {
      await trx
        .insertInto('users')
        .values({
          email: account.email,
          name: account.name,
          password_hash: await hash(account.password),
          group: account.group,
          sessions_valid_after: new Date(0),
        })
        .onConflict((c) => c.column('email').doNothing())
        .execute();
    }
    await writeSetting(
      trx,
      'demoAccountsSeeded',
      DEMO_ACCOUNTS.map((account) => account.email),
      now,
    );
  });
}

/** Databases seeded before the auditor and warehouse accounts existed stored `true` for the first two. */
const seededDemoEmails = (stored: unknown): string[] =>
  stored === true ? [DEMO_ADMIN.email, DEMO_PAYER.email] : Array.isArray(stored) ? stored.filter((email) => typeof email === 'string') : [];

/**
 * In production, a demo account left from an earlier demo start (same database) must not log in
 * with the password the README publishes: where it still has that password, the password is
 * removed and its sessions end. An operator who gave it a password of their own keeps it.
 * Returns the emails of the accounts it locked.
 */
export async function lockPublishedDemoLogins(db: Kysely<DB>, now: Date): Promise<string[]> {
  const locked: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(db, account.email);
    if (!user?.password_hash || !(await verify(user.password_hash, account.password).catch(() => false))) continue;
    await setPassword(db, user.id, null, now);
    locked.push(account.email);
  }
  return locked;
}
