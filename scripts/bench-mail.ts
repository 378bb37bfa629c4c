/**
 * `npm run bench:mail` (issue 25; not part of npm test or CI): how many mails a second the mailer
 * sends through SMTP, in rounds of 20 side by side as the notifier's deliveries go, to an SMTP
 * stand-in in a process of its own. The product's mailer (a few connections kept open) against a
 * connection per mail (nodemailer's default, what the mailer did before), alternated slices in the
 * same run; the notifier must tell 1,000 events a second, each a mail.
 */
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { createMailer } from '../src/api/auth/mail-transport.js';
import type { Mailer } from '../src/api/auth/mailer.js';
import { startBenchProcess } from './bench/bench-process.js';
import { percentile, printRows } from './bench/report.js';

const MAILS = Number(process.env['BENCH_MAILS'] ?? 2000);
const SLICES = Number(process.env['BENCH_MAIL_SLICES'] ?? 3);
const ROUND = 20;

const sink = startBenchProcess(new URL('./bench/smtp-sink.ts', import.meta.url), [], 'listening');
let printed = '';
sink.child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
await sink.begun;
const url = /listening (\S+)/.exec(printed)?.[1];
if (!url) throw new Error('the SMTP stand-in did not say where it listens');

const from = 'no-reply@overseas-pay.local';
const kept = createMailer({ smtpUrl: url, from, outboxDir: '/nonexistent' });
const perMail = nodemailer.createTransport({ url });
const onePerMail: Mailer = { send: async (mail) => void (await perMail.sendMail({ from, ...mail })) };

const mail = (index: number) => ({
  to: `payer-${index}@example.com`,
  subject: '订单状态更新',
  text: 'Your order 20261128-000042 moved on: open https://pay.example/order/42',
  html: '<p>Your order 20261128-000042 moved on: <a href="https://pay.example/order/42">open</a></p>',
});

async function mailsPerSecond(mailer: Mailer): Promise<number> {
  const started = performance.now();
  for (let sent = 0; sent < MAILS; sent += ROUND)
    await Promise.all(Array.from({ length: ROUND }, (_, index) => mailer.send(mail(sent + index))));
  return MAILS / ((performance.now() - started) / 1000);
}

try {
  await mailsPerSecond(kept); // warm: compiled code, connections open
  const keptRates: number[] = [];
  const perMailRates: number[] = [];
  for (let slice = 0; slice < SLICES; slice += 1) {
    perMailRates.push(await mailsPerSecond(onePerMail));
    keptRates.push(await mailsPerSecond(kept));
  }
  const keptMedian = percentile(keptRates, 50);
  const perMailMedian = percentile(perMailRates, 50);
  const round = (rates: number[]) => rates.map((rate) => Math.round(rate).toLocaleString('en-US')).join(', ');
  printRows([
    {
      measure: `mails through SMTP (stand-in in another process), ${MAILS} a slice in rounds of ${ROUND}: connections kept open vs one per mail, median of ${SLICES} slices`,
      service: `${Math.round(keptMedian).toLocaleString('en-US')}/s (${round(keptRates)})`,
      baseline: `${Math.round(perMailMedian).toLocaleString('en-US')}/s (${round(perMailRates)})`,
      ratio: `${(keptMedian / perMailMedian).toFixed(2)}x`,
      target: '≥ 1,000/s (the notifier keeps up)',
      verdict: keptMedian >= 1000 ? 'PASS' : 'FALLS SHORT',
    },
  ]);
} finally {
  perMail.close();
  sink.child.stdin.end();
  await sink.ended.catch(() => undefined);
}
process.exit(0);
