import type { Locale } from '../i18n/i18n.js';

/** A decimal amount as sent by the API ("12345.60") with thousands separators, never through a float. */
export function formatAmount(amount: string | null | undefined): string {
  if (!amount) return '0.00';
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The deadline as a local date and time in the chosen language. */
export function formatDeadline(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}
