import { z } from 'zod';
import { issueMessage } from '../messages/message.js';
import { isValidMarkup } from '../money.js';
import { optionalText, requiredText } from '../validation/fields.js';

/** The nine markup fields of SPEC.md (bit_usd … bit_aed), which every client sends. */
const SPEC_MARKUP_FIELDS = ['bit_usd', 'bit_jpy', 'bit_gbp', 'bit_thb', 'bit_hkd', 'bit_sgd', 'bit_myr', 'bit_eur', 'bit_aed'] as const;
/** Every payee currency's markup: SPEC's nine and AUD's, which a client built from SPEC does not know and may leave out. */
export const MARKUP_FIELDS = [...SPEC_MARKUP_FIELDS, 'bit_aud'] as const;
export type MarkupField = (typeof MARKUP_FIELDS)[number];
export type Markups = Record<MarkupField, string>;

/** A markup an admin may set: 0 ≤ markup < 1 ("0.015" is 1.5 %), at most 6 decimal places. */
const MARKUP_SHAPE = /^0(\.\d{1,6})?$/;
export const isSettableMarkup = (value: string): boolean => MARKUP_SHAPE.test(value) && isValidMarkup(value);

const markupField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string({ error: issueMessage('reference.markupInvalid') })
    .trim()
    .refine(isSettableMarkup, issueMessage('reference.markupInvalid')),
);

/** SPEC's nine markups, and AUD's when given (left out, it stays as it is). */
export const markupsPayload = z.object({
  ...(Object.fromEntries(SPEC_MARKUP_FIELDS.map((field) => [field, markupField])) as Record<
    (typeof SPEC_MARKUP_FIELDS)[number],
    typeof markupField
  >),
  bit_aud: markupField.optional(),
});
export type MarkupsPayload = z.infer<typeof markupsPayload>;

/** The markups a payload sets: a markup it leaves out keeps its value in force. */
export const markupsAfter = (payload: MarkupsPayload, before: Markups): Markups => ({
  ...payload,
  bit_aud: payload.bit_aud ?? before.bit_aud,
});

export const NOTICE_MAX = 2000;
/** The notice in Chinese (required) and, optionally, in English and German; a reader whose language has none reads the Chinese. */
export const noticePayload = z.object({
  notice: requiredText(NOTICE_MAX),
  notice_en: optionalText(NOTICE_MAX).optional(),
  notice_de: optionalText(NOTICE_MAX).optional(),
});

/** The notice's translations as stored beside the Chinese text. */
export interface NoticeTranslations {
  readonly 'en-US': string;
  readonly 'de-DE': string;
}

/** Markups read from storage: fields never set count as no markup. */
export const withDefaultMarkups = (stored: Partial<Markups> | undefined): Markups =>
  Object.fromEntries(MARKUP_FIELDS.map((field) => [field, stored?.[field] ?? '0'])) as Markups;

/** Equal as numbers ("0.010" is "0.01"): saving the same table again writes nothing. */
export const sameMarkups = (a: Markups, b: Markups): boolean => MARKUP_FIELDS.every((field) => Number(a[field]) === Number(b[field]));
