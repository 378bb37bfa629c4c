import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import type { MarkupField, Markups, PayeeCurrency } from '../../domain/index.js';

export async function readSetting<T>(db: Kysely<DB>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function writeSetting(db: Kysely<DB>, key: string, value: unknown, now: Date): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}

export async function markupFor(db: Kysely<DB>, currency: PayeeCurrency): Promise<string> {
  const markups = await readSetting<Partial<Markups>>(db, 'markups');
  const field = `bit_${currency.toLowerCase()}` as MarkupField;
  return markups?.[field] ?? '0';
}

export const readNotice = async (db: Kysely<DB>): Promise<string> => (await readSetting<string>(db, 'notice')) ?? '';
