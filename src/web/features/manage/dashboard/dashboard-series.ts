import { addMoney } from '../../../../domain/money.js';
import { chinaDayOf, chinaDayStart } from '../../../../domain/china-time.js';
import type { ManageDashboard } from '../../../../domain/contract/manage.js';

/** The dashboard's span: 30 China-time days, the last one today (api/manage/dashboard.ts). */
export const DASHBOARD_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** One currency's figures on every day of the span (0 on a day without any). */
export interface CurrencySeries {
  readonly currency: string;
  /** CNY received per day, as the API's decimal strings (for the texts). */
  readonly received: readonly string[];
  readonly paidOrders: readonly number[];
  readonly createdOrders: readonly number[];
  /** The 30 days' sum of `received`. */
  readonly receivedTotal: string;
  readonly createdTotal: number;
}

export interface DashboardSeries {
  /** The span's China-time days, oldest first (YYYY-MM-DD). */
  readonly days: readonly string[];
  /** One per currency that had money or new orders, by currency code. */
  readonly currencies: readonly CurrencySeries[];
  readonly receivedTotal: string;
  readonly createdTotal: number;
}

/** The span's days from `from` (China time), oldest first. */
export const spanDays = (from: string): string[] =>
  Array.from({ length: DASHBOARD_DAYS }, (_, index) => chinaDayOf(new Date(chinaDayStart(from).getTime() + index * DAY_MS)));

/** The API's sparse rows (only days with figures) as one full row of days per currency, for the charts. */
export function dashboardSeries(dashboard: ManageDashboard): DashboardSeries {
  const days = spanDays(dashboard.from);
  const indexOf = new Map(days.map((day, index) => [day, index]));
  const currencies = [...new Set(dashboard.days.map((row) => row.currency))].sort();
  const series = currencies.map((currency) => {
    const received = days.map(() => '0.00');
    const paidOrders = days.map(() => 0);
    const createdOrders = days.map(() => 0);
    for (const row of dashboard.days) {
      const index = indexOf.get(row.day);
      if (row.currency !== currency || index === undefined) continue;
      received[index] = row.received_cny;
      paidOrders[index] = row.paid_orders;
      createdOrders[index] = row.created_orders;
    }
    return {
      currency,
      received,
      paidOrders,
      createdOrders,
      receivedTotal: received.reduce((sum, amount) => addMoney(sum, amount), '0.00'),
      createdTotal: createdOrders.reduce((sum, count) => sum + count, 0),
    };
  });
  return {
    days,
    currencies: series,
    receivedTotal: series.reduce((sum, one) => addMoney(sum, one.receivedTotal), '0.00'),
    createdTotal: series.reduce((sum, one) => sum + one.createdTotal, 0),
  };
}

/**
 * Stacked bars from a chart library that draws each series from zero: series k becomes the sum of
 * series k…n, drawn tallest first, so each later (shorter) bar leaves its predecessor's share visible.
 */
export function stacked(values: readonly (readonly number[])[]): number[][] {
  const sums: number[][] = [];
  for (let k = values.length - 1; k >= 0; k--) {
    const above = sums[0];
    sums.unshift(values[k]!.map((value, day) => value + (above?.[day] ?? 0)));
  }
  return sums;
}
