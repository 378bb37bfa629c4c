import type { Locale } from '../locale.js';
import { STATUS_TEXTS } from '../order/status-texts.js';
import { ACCOUNT_TEXTS } from './account-texts.js';
import { AUDIT_TEXTS } from './audit-texts.js';
import { WAREHOUSE_TEXTS } from './warehouse-texts.js';
import { HTTP_TEXTS } from './http-texts.js';
import { ORDER_TEXTS } from './order-texts.js';
import { RECONCILIATION_TEXTS } from './reconciliation-texts.js';
import { REFERENCE_TEXTS } from './reference-texts.js';
import { REFUSAL_TEXTS } from './refusal-texts.js';
import type { Placeholders } from './text-table.js';
import { UPLOAD_TEXTS } from './upload-texts.js';
import { VALIDATION_TEXTS } from './validation-texts.js';

type ZhTexts = (typeof STATUS_TEXTS)['zh-CN'] &
  (typeof VALIDATION_TEXTS)['zh-CN'] &
  (typeof ACCOUNT_TEXTS)['zh-CN'] &
  (typeof REFUSAL_TEXTS)['zh-CN'] &
  (typeof ORDER_TEXTS)['zh-CN'] &
  (typeof UPLOAD_TEXTS)['zh-CN'] &
  (typeof HTTP_TEXTS)['zh-CN'] &
  (typeof REFERENCE_TEXTS)['zh-CN'] &
  (typeof AUDIT_TEXTS)['zh-CN'] &
  (typeof WAREHOUSE_TEXTS)['zh-CN'] &
  (typeof RECONCILIATION_TEXTS)['zh-CN'];

/** Every text the server answers with or the web shows for the domain, by key. */
export type MessageKey = Extract<keyof ZhTexts, string>;
/** The `{placeholders}` a key's text needs. */
export type MessageParamName<K extends MessageKey> = Placeholders<ZhTexts[K]>;

const textsIn = (locale: Locale) => ({
  ...STATUS_TEXTS[locale],
  ...VALIDATION_TEXTS[locale],
  ...ACCOUNT_TEXTS[locale],
  ...REFUSAL_TEXTS[locale],
  ...ORDER_TEXTS[locale],
  ...UPLOAD_TEXTS[locale],
  ...HTTP_TEXTS[locale],
  ...REFERENCE_TEXTS[locale],
  ...AUDIT_TEXTS[locale],
  ...WAREHOUSE_TEXTS[locale],
  ...RECONCILIATION_TEXTS[locale],
});

/**
 * The one catalogue of the domain's and the API's texts in every language (the shape of the web's
 * message tables, so the web reads it with its own `useT`). zh-CN holds the specification's texts.
 */
export const MESSAGE_TEXTS: { readonly [L in Locale]: Readonly<Record<MessageKey, string>> } = {
  'zh-CN': textsIn('zh-CN'),
  'en-US': textsIn('en-US'),
  'de-DE': textsIn('de-DE'),
};

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGE_TEXTS['zh-CN'], value);
