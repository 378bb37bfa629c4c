import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { readSetting } from '../../database/settings.js';
import type { MarkupField, Markups, PayeeCurrency } from '../../domain/index.js';

/** The seed and the routes read and write settings through the database's own functions. */
export { readSetting, writeSetting } from '../../database/settings.js';

export async function markupFor(db: Kysely<DB>, currency: PayeeCurrency): Promise<string> {
  const markups = await readSetting<Partial<Markups>>(db, 'markups');
  const field = `bit_${currency.toLowerCase()}` as MarkupField;
  return markups?.[field] ?? '0';
}

export const readNotice = async (db: Kysely<DB>): Promise<string> => (await readSetting<string>(db, 'notice')) ?? '';
