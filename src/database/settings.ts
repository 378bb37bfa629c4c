import type { Db } from './schema.js';

/** The single-record settings (markups, notice, seed marks), by key. */
export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown, at: Date): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: at })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}
