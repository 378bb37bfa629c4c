import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LOCALES, type Locale } from '../../domain/locale.js';
import { formatCount, pluralCategory } from '../lib/count-format.js';

export { LOCALES, type Locale };
const STORAGE_KEY = 'locale';

/** A feature's texts in every locale; zh-CN is complete and the others must have the same keys. */
export type Messages<K extends string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>;

/** Texts with `{name}` placeholders. */
export type Translate<K extends string> = (key: K, params?: Readonly<Record<string, string | number>>) => string;

/** The chosen locale, for code outside React (the API client's own messages). */
export function storedLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the default language.
  }
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'zh-CN';
}

const readLocale = (): Locale => {
  const locale = storedLocale();
  document.documentElement.lang = locale;
  return locale;
};

const LocaleContext = createContext<{ locale: Locale; setLocale: (locale: Locale) => void } | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(readLocale);
  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.documentElement.lang = next;
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale() {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider');
  return value;
}

export function format(text: string, params?: Readonly<Record<string, string | number>>): string {
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

/** One text in the stored locale, outside React. */
export const translateNow = <K extends string>(messages: Messages<K>, key: K, params?: Readonly<Record<string, string | number>>): string =>
  format(messages[storedLocale()][key] ?? messages['zh-CN'][key], params);

/** `t` for one feature's message table, in the chosen locale. */
export function useT<K extends string>(messages: Messages<K>): Translate<K> {
  const { locale } = useLocale();
  return useCallback((key: K, params) => format(messages[locale][key] ?? messages['zh-CN'][key] ?? key, params), [messages, locale]);
}

/** The stem of a text with plural forms: keys `${stem}.one`, `${stem}.other`, … (`.other` is required). */
export type PluralStem<K extends string> = K extends `${infer Stem}.other` ? Stem : never;

/**
 * `t` for a count: the plural form Intl.PluralRules chooses for the locale ("1 institution", "2
 * institutions"; Chinese has one form), falling back to `.other`, with {count} in the locale's digits.
 */
export function useTPlural<K extends string>(
  messages: Messages<K>,
): (stem: PluralStem<K>, count: number, params?: Readonly<Record<string, string | number>>) => string {
  const { locale } = useLocale();
  const t = useT(messages);
  return useCallback(
    (stem, count, params) => {
      const chosen = `${stem}.${pluralCategory(count, locale)}`;
      const key = (chosen in messages[locale] ? chosen : `${stem}.other`) as K;
      return t(key, { ...params, count: formatCount(count, locale) });
    },
    [messages, locale, t],
  );
}

/** A message table whose en-US and de-DE must have exactly zh-CN's keys (checked by the compiler). */
export const defineMessages = <K extends string>(messages: {
  'zh-CN': Record<K, string>;
  'en-US': Record<NoInfer<K>, string>;
  'de-DE': Record<NoInfer<K>, string>;
}): Messages<K> => messages;
