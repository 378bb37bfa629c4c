import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { ManageDashboard } from '../../../../domain/contract/manage.js';
import { useLocale, useT, useTPlural } from '../../../i18n/i18n.js';
import { formatCount } from '../../../lib/count-format.js';
import { errorText } from '../../../lib/error-text.js';
import { useFormat } from '../../../lib/use-format.js';
import { dashboardQuery } from '../api/dashboard.js';
import * as styles from './dashboard.css.js';
import { dashboardSeries, type DashboardSeries } from './dashboard-series.js';
import type { ChartSeries, DayChartProps } from './day-chart.js';
import { chinaDayText, compactNumber } from './day-format.js';
import { DayTable } from './day-table.js';
import { Funnel } from './funnel.js';
import { dashboardMessages } from './messages.js';

/** The chart library comes with the charts, in its own chunk, only when the back office shows them. */
const DayChart = lazy(() => import('./day-chart.js'));

/** A colour per currency, the same in both charts (by the currency's place in the code order). */
const PALETTE = ['#1f6feb', '#1a7f37', '#bf8700', '#8250df', '#cf222e', '#0a7d8c', '#8c959f'];
const colorOf = (index: number) => PALETTE[index % PALETTE.length]!;

/** The dashboard on top of /manage: its query's loading and error states, then the figures. */
export function DashboardBlock() {
  const t = useT(dashboardMessages);
  const dashboard = useQuery(dashboardQuery());
  if (dashboard.isPending)
    return (
      <section className={styles.dashboard} aria-busy="true" data-testid="dashboard-loading">
        <p className={styles.notice}>{t('loading')}</p>
      </section>
    );
  if (dashboard.isError)
    return (
      <section className={styles.dashboard} data-testid="dashboard-error">
        <p role="alert" className={styles.failed}>
          {t('failed', { reason: errorText(dashboard.error) })}{' '}
          <button type="button" className={styles.retry} onClick={() => void dashboard.refetch()}>
            {t('retry')}
          </button>
        </p>
      </section>
    );
  return <DashboardView dashboard={dashboard.data} />;
}

/** The two charts per day (CNY received, new orders), each with a text summary, the table behind them and the funnel. */
function DashboardView({ dashboard }: { dashboard: ManageDashboard }) {
  const t = useT(dashboardMessages);
  const tp = useTPlural(dashboardMessages);
  const { locale } = useLocale();
  const format = useFormat();
  const series = useMemo(() => dashboardSeries(dashboard), [dashboard]);
  const charts = useMemo(() => chartsOf(series, locale, format.money, t('legend.day')), [series, locale, format, t]);
  const to = series.days[series.days.length - 1]!;
  const receivedParts = series.currencies
    .map((one) => t('part.received', { currency: one.currency, amount: format.money(one.receivedTotal, 'CNY') }))
    .join('；');
  const orderParts = series.currencies
    .map((one) => t('part.orders', { currency: one.currency, count: formatCount(one.createdTotal, locale) }))
    .join('；');
  return (
    <section className={styles.dashboard} aria-labelledby="dashboard-title" data-testid="dashboard">
      <h2 id="dashboard-title" className={styles.heading}>
        {t('title')}
      </h2>
      <p className={styles.period}>
        {t('period', { from: chinaDayText(dashboard.from, locale, true), to: chinaDayText(to, locale, true) })}
      </p>
      {series.currencies.length === 0 ? (
        <p className={styles.notice} data-testid="dashboard-empty">
          {t('empty')}
        </p>
      ) : (
        <div className={styles.grid}>
          <DayFigure title={t('received.title')} chart={charts.received}>
            {t('received.summary', { total: format.money(series.receivedTotal, 'CNY'), parts: receivedParts })}
          </DayFigure>
          <DayFigure title={t('orders.title')} chart={charts.orders}>
            {tp('orders.summary', series.createdTotal, { parts: orderParts })}
          </DayFigure>
          <DayTable series={series} />
        </div>
      )}
      <Funnel funnel={dashboard.funnel} />
    </section>
  );
}

/** One chart with its title and, as text, what it shows. */
function DayFigure({ title, chart, children }: { title: string; chart: DayChartProps; children: string }) {
  const t = useT(dashboardMessages);
  return (
    <figure className={styles.figure} aria-label={`${title}: ${children}`}>
      <figcaption className={styles.figureTitle}>{title}</figcaption>
      <Suspense fallback={<div className={styles.chartPlaceholder}>{t('chart.loading')}</div>}>
        <DayChart chart={chart} />
      </Suspense>
      <p className={styles.summary} data-testid={`${chart.testId}-summary`}>
        {children}
      </p>
    </figure>
  );
}

/** The props of both charts, built once per answer and locale (a chart is rebuilt when they change). */
function chartsOf(
  series: DashboardSeries,
  locale: Parameters<typeof compactNumber>[1],
  money: (amount: string, currency: string) => string,
  dayLabel: string,
): { received: DayChartProps; orders: DayChartProps } {
  const dayTicks = series.days.map((day) => chinaDayText(day, locale));
  const dayTexts = series.days.map((day) => chinaDayText(day, locale, true));
  const tick = (value: number) => compactNumber(value, locale);
  const received: ChartSeries[] = series.currencies.map((one, index) => ({
    label: one.currency,
    values: one.received.map(Number),
    texts: one.received.map((amount) => money(amount, 'CNY')),
    color: colorOf(index),
  }));
  const orders: ChartSeries[] = series.currencies.map((one, index) => ({
    label: one.currency,
    values: one.createdOrders,
    texts: one.createdOrders.map((count) => formatCount(count, locale)),
    color: colorOf(index),
  }));
  const common = { dayTicks, dayTexts, dayLabel, tick };
  return {
    received: { ...common, series: received, testId: 'dashboard-received' },
    orders: { ...common, series: orders, whole: true, testId: 'dashboard-orders' },
  };
}
