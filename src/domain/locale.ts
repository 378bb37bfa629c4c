/** The product's languages (SPEC.md: Chinese by default, English and German). */
export const LOCALES = ['zh-CN', 'en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
