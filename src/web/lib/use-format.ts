import { useMemo } from 'react';
import { useLocale } from '../i18n/i18n.js';
import { formatAmount, formatChinaTime, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './format.js';

/** The formatters of lib/format.ts bound to the chosen locale. */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(
    () => ({
      money: (amount: string | null | undefined, currency: string) => formatMoney(amount, currency, locale),
      amount: (amount: string | null | undefined, currency: string) => formatAmount(amount, currency, locale),
      number: (value: string) => formatNumber(value, locale),
      percent: (fraction: string) => formatPercent(fraction, locale),
      date: (iso: string | null | undefined) => formatDate(iso, locale),
      dateTime: (iso: string | null | undefined) => formatDateTime(iso, locale),
      chinaTime: (iso: string | null | undefined) => formatChinaTime(iso, locale),
    }),
    [locale],
  );
}
