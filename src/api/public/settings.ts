import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { readSetting } from '../../database/settings.js';
import type { Locale, MarkupField, Markups, NoticeTranslations, NoticeView, PayeeCurrency } from '../../domain/index.js';

/** The seed and the routes read and write settings through the database's own functions. */
export { readSetting, writeSetting } from '../../database/settings.js';

export async function markupFor(db: Kysely<DB>, currency: PayeeCurrency): Promise<string> {
  const markups = await readSetting<Partial<Markups>>(db, 'markups');
  const field = `bit_${currency.toLowerCase()}` as MarkupField;
  return markups?.[field] ?? '0';
}

/** The notice in its three languages (a missing translation is empty). */
export async function readNotices(db: Kysely<DB>): Promise<NoticeView> {
  const [notice, translations] = await Promise.all([
    readSetting<string>(db, 'notice'),
    readSetting<Partial<NoticeTranslations>>(db, 'notice_translations'),
  ]);
  return { notice: notice ?? '', notice_en: translations?.['en-US'] ?? '', notice_de: translations?.['de-DE'] ?? '' };
}

/** The notice a reader of `locale` reads: theirs, or the Chinese one where theirs is empty. */
export function noticeIn(notices: NoticeView, locale: Locale): string {
  const translated = locale === 'en-US' ? notices.notice_en : locale === 'de-DE' ? notices.notice_de : '';
  return translated.trim() === '' ? notices.notice : translated;
}
