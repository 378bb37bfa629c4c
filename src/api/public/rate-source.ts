import { isValidRate, PAYEE_CURRENCIES, type PayeeCurrency } from '../../domain/index.js';

/** Base exchange rates to CNY (before the markup), by payee currency, as decimal strings. */
export interface RateSource {
  baseRate(currency: PayeeCurrency): Promise<string>;
}

/**
 * Shipped default table, used when no RATES_URL is configured (and as the fallback when it cannot
 * be read). Figures are mid-market rates of November 2026, rounded; operators set RATES_URL.
 */
export const DEFAULT_RATES: Readonly<Record<PayeeCurrency, string>> = {
  EUR: '8.2350',
  USD: '7.1180',
  AUD: '4.6420',
  JPY: '0.047310',
  GBP: '9.3970',
  THB: '0.20670',
  HKD: '0.91480',
  SGD: '5.4850',
  MYR: '1.6390',
  AED: '1.9380',
};

export const staticRates = (table: Readonly<Record<PayeeCurrency, string>> = DEFAULT_RATES): RateSource => ({
  baseRate: (currency) => Promise.resolve(table[currency]),
});

/**
 * Rates from a URL answering `{ "EUR": "8.23", … }`, cached for `ttlMs`. When the source is
 * unreachable or answers nonsense, the last good table is used, then the shipped one.
 */
export function httpRates(url: string, ttlMs = 10 * 60_000, fallback: RateSource = staticRates()): RateSource {
  let cached: { table: Partial<Record<PayeeCurrency, string>>; at: number } | undefined;
  async function load(): Promise<Partial<Record<PayeeCurrency, string>>> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.table;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (!response.ok) throw new Error(`rates answered ${response.status}`);
      const body = (await response.json()) as Record<string, unknown>;
      const table: Partial<Record<PayeeCurrency, string>> = {};
      for (const currency of PAYEE_CURRENCIES) {
        const value = body[currency];
        const text = typeof value === 'number' ? String(value) : value;
        if (typeof text === 'string' && isValidRate(text)) table[currency] = text;
      }
      cached = { table, at: Date.now() };
      return table;
    } catch {
      return cached?.table ?? {};
    }
  }
  return {
    async baseRate(currency) {
      return (await load())[currency] ?? fallback.baseRate(currency);
    },
  };
}
