/**
 * `npm run bench`'s table: each figure beside its baseline, the ratio, issue 25's target on this
 * machine, and PASS or FALLS SHORT. A bench reports; it never fails the run.
 */

export interface Measured {
  readonly perSecond: number;
  percentile(p: number): number;
}

import type { MailFigures } from './mail-throughput.js';
import { p99Change, roundChanges, type NotifierFigures } from './notifier-load.js';
import type { ReceiptFiguresMeasured } from './receipt-render.js';

export interface BenchFigures {
  readonly create: Measured;
  readonly crudCreate: Measured;
  readonly four: Measured;
  readonly crudFour: Measured;
  readonly find: Measured;
  readonly rawSelect: Measured;
  readonly idleLags: readonly number[];
  readonly busyLags: readonly number[];
  readonly rebuild: { readonly events: number; readonly seconds: number };
  readonly embedded: { readonly lags: readonly number[]; readonly rebuild: number };
  readonly crudRows: number;
  readonly notifier: NotifierFigures;
  readonly receipts: ReceiptFiguresMeasured;
  readonly mail: MailFigures;
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const times = (value: number) => `${value.toFixed(2)}x`;
const verdict = (passes: boolean) => (passes ? 'PASS' : 'FALLS SHORT');

export interface Row {
  readonly measure: string;
  readonly service: string;
  readonly baseline: string;
  readonly ratio: string;
  readonly target: string;
  readonly verdict: string;
}

/** The rows of the table, computed from the figures: pure, so a test can check the verdicts. */
export function benchRows(f: BenchFigures): Row[] {
  const createRatio = f.create.perSecond / f.crudCreate.perSecond;
  const p99Ratio = f.create.percentile(99) / f.crudCreate.percentile(99);
  const fourRatio = f.four.perSecond / f.crudFour.perSecond;
  const findRatio = f.find.perSecond / f.rawSelect.perSecond;
  const busyP99 = percentile(f.busyLags, 99);
  const rebuildRate = f.rebuild.events / f.rebuild.seconds;
  const latency = (m: Measured) => `p50 ${ms(m.percentile(50))}, p99 ${ms(m.percentile(99))}`;
  return [
    {
      measure: 'step/amount/create vs the CRUD service',
      service: `${rate(f.create.perSecond)} (${latency(f.create)})`,
      baseline: `${rate(f.crudCreate.perSecond)} (${latency(f.crudCreate)})`,
      ratio: times(createRatio),
      target: '≥ 0.8x',
      verdict: verdict(createRatio >= 0.8),
    },
    {
      measure: 'step/amount/create p99 vs the CRUD service’s p99',
      service: ms(f.create.percentile(99)),
      baseline: ms(f.crudCreate.percentile(99)),
      ratio: times(p99Ratio),
      target: '≤ 1.5x',
      verdict: verdict(p99Ratio <= 1.5),
    },
    {
      measure: 'the four payer steps vs the CRUD service',
      service: rate(f.four.perSecond),
      baseline: rate(f.crudFour.perSecond),
      ratio: times(fourRatio),
      target: '≥ 0.7x',
      verdict: verdict(fourRatio >= 0.7),
    },
    {
      measure: 'order/find vs the same SELECT sent straight',
      service: `${rate(f.find.perSecond)} (p99 ${ms(f.find.percentile(99))})`,
      baseline: rate(f.rawSelect.perSecond),
      ratio: times(findRatio),
      target: '≥ 0.6x',
      verdict: verdict(findRatio >= 0.6),
    },
    {
      measure: 'projection lag of another process’s append, server idle',
      service: `p50 ${ms(percentile(f.idleLags, 50))}, p99 ${ms(percentile(f.idleLags, 99))}`,
      baseline: '',
      ratio: '',
      target: '',
      verdict: '',
    },
    {
      measure: 'projection lag of another process’s append, 16 clients creating orders',
      service: `p50 ${ms(percentile(f.busyLags, 50))}, p99 ${ms(busyP99)}`,
      baseline: '',
      ratio: '',
      target: 'p99 < 50 ms',
      verdict: verdict(busyP99 < 50),
    },
    {
      measure: 'projections:rebuild on PostgreSQL',
      service: `${rate(rebuildRate)} (${f.rebuild.events.toLocaleString('en-US')} events)`,
      baseline: '',
      ratio: '',
      target: '≥ 20,000/s',
      verdict: verdict(rebuildRate >= 20_000),
    },
    {
      measure: 'projection lag on PGlite, append in-process, 16 clients creating orders',
      service: `p50 ${ms(percentile(f.embedded.lags, 50))}, p99 ${ms(percentile(f.embedded.lags, 99))}`,
      baseline: '',
      ratio: '',
      target: '',
      verdict: '',
    },
    { measure: 'projections:rebuild on PGlite', service: rate(f.embedded.rebuild), baseline: '', ratio: '', target: '', verdict: '' },
  ];
}

const figure = (measure: string, service: string, target = '', passes?: boolean): Row => ({
  measure,
  service,
  baseline: '',
  ratio: '',
  target,
  verdict: passes === undefined ? '' : verdict(passes),
});

/**
 * The notifier's rows: the create's p99 at a steady pace while another process appends
 * notice-raising events, with the notifier following them against with it stopped (its own
 * effect, the target), and against nothing else running (the whole machine's share, for
 * information); whether the notifier kept up (told as many a second as were appended, and the
 * backlog was gone within a second of the appends' end).
 */
export function notifierRows(f: NotifierFigures): Row[] {
  const p99 = (latencies: readonly number[]) => `${ms(percentile(latencies, 99))} (p50 ${ms(percentile(latencies, 50))})`;
  const signed = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %`;
  const change = p99Change(f);
  const wholeChanges = roundChanges(f, 'loaded', 'idle');
  const ofRounds = (changes: readonly number[]) =>
    `${signed(percentile(changes, 50))} (median of ${changes.length} rounds: ${[...changes]
      .sort((a, b) => a - b)
      .map(signed)
      .join(', ')})`;
  const keptUp = f.toldPerSecond >= 0.95 * f.appendedPerSecond && f.drainMs <= 1_000;
  const pace = `${f.createsPerSecond} creates/s`;
  const appends = `another process appending ${rate(f.appendedPerSecond)} notice-raising events`;
  return [
    {
      measure: `create p99 at ${pace}, ${appends}: notifier following them vs stopped`,
      service: p99(f.loaded),
      baseline: p99(f.appendsAlone),
      ratio: ofRounds(roundChanges(f, 'loaded', 'appendsAlone')),
      target: '≤ +10 %',
      verdict: verdict(change <= 0.1),
    },
    {
      measure: `create p99 at ${pace}: ${appends} and the notifier following them vs nothing else running`,
      service: p99(f.loaded),
      baseline: p99(f.idle),
      ratio: ofRounds(wholeChanges),
      target: '',
      verdict: '',
    },
    figure(
      'notifier under that load: notices told, most events not yet told, backlog gone after the appends',
      `${rate(f.toldPerSecond)}, backlog ≤ ${f.maxBacklog.toLocaleString('en-US')}, ${ms(f.drainMs)}`,
      'keeps up (≥ 95 % of appended/s, backlog gone ≤ 1 s)',
      keptUp,
    ),
    figure('notifier working off a backlog left while stopped', rate(f.catchUpPerSecond), '≥ 1,000/s', f.catchUpPerSecond >= 1_000),
  ];
}

/** The receipt PDF render: the process's first (npm start's warm-up), the first download after it, and the warm ones. */
export function receiptRows(f: ReceiptFiguresMeasured): Row[] {
  const p99 = percentile(f.warm, 99);
  return [
    figure('receipt PDF render, the process’s first (npm start renders it 3 s after it listens)', ms(f.firstMs)),
    figure('receipt PDF render, cold (the first download after start)', ms(f.coldMs), '< 300 ms', f.coldMs < 300),
    figure(
      `receipt PDF render, warm (${f.warm.length} renders)`,
      `p50 ${ms(percentile(f.warm, 50))}, p99 ${ms(p99)}`,
      'p99 < 300 ms',
      p99 < 300,
    ),
  ];
}

/** Mails through SMTP: the product's mailer (connections kept open) against a connection per mail. */
export function mailRows(f: MailFigures): Row[] {
  const kept = percentile(f.kept, 50);
  const onePerMail = percentile(f.onePerMail, 50);
  const each = (rates: readonly number[]) => rates.map((value) => Math.round(value).toLocaleString('en-US')).join(', ');
  return [
    {
      measure: `mails through SMTP to a stand-in in another process, ${f.mailsPerSlice.toLocaleString('en-US')} a slice in rounds of ${f.round}: connections kept open vs one per mail, median of ${f.kept.length} slices`,
      service: `${rate(kept)} (${each(f.kept)})`,
      baseline: `${rate(onePerMail)} (${each(f.onePerMail)})`,
      ratio: times(kept / onePerMail),
      target: '≥ 1,000/s (the notifier keeps up)',
      verdict: verdict(kept >= 1000),
    },
  ];
}

export function printRows(rows: readonly Row[]): void {
  console.info('| measure | service | baseline | ratio | target | verdict |');
  console.info('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.info(`| ${row.measure} | ${row.service} | ${row.baseline} | ${row.ratio} | ${row.target} | ${row.verdict} |`);
}

export function report(f: BenchFigures, heading: string): void {
  console.info(heading);
  console.info(`The CRUD service wrote ${f.crudRows.toLocaleString('en-US')} orders (scripts/bench/crud-baseline.ts says what it does).`);
  printRows([...benchRows(f), ...notifierRows(f.notifier), ...mailRows(f.mail), ...receiptRows(f.receipts)]);
}
