/**
 * `npm run bench`'s mail section and `npm run bench:mail` (issue 25): how many mails a second the
 * mailer sends through SMTP, in rounds side by side as the notifier's deliveries go, to the
 * SMTP stand-in in a process of its own (smtp-sink.ts), as a relay would be. The product's mailer
 * (a few connections kept open) against a connection per mail (nodemailer's default, what the
 * mailer did before), alternated slices in the same run; the notifier must tell 1,000 events a
 * second, each a mail.
 */
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { createMailer } from '../../src/api/auth/mail-transport.js';
import type { Mailer } from '../../src/api/auth/mailer.js';
import { DELIVERY_ROUND as ROUND } from '../../src/api/notifications/deliver.js';
import { startBenchProcess } from './bench-process.js';

const MAILS = Number(process.env['BENCH_MAILS'] ?? 1000);
const SLICES = Number(process.env['BENCH_MAIL_SLICES'] ?? 3);
const FROM = 'no-reply@overseas-pay.local';

export interface MailFigures {
  readonly mailsPerSlice: number;
  readonly round: number;
  /** Mails a second of each slice: the product's mailer, and a connection per mail. */
  readonly kept: readonly number[];
  readonly onePerMail: readonly number[];
}

const mail = (index: number) => ({
  to: `payer-${index}@example.com`,
  subject: '订单状态更新',
  text: 'Your order 20261128-000042 moved on: open https://pay.example/order/42',
  html: '<p>Your order 20261128-000042 moved on: <a href="https://pay.example/order/42">open</a></p>',
});

async function mailsPerSecond(mailer: Mailer): Promise<number> {
  const started = performance.now();
  for (let sent = 0; sent < MAILS; sent += ROUND) {
    await Promise.all(Array.from({ length: ROUND }, (_, index) => mailer.send(mail(sent + index))));
  }
  return MAILS / ((performance.now() - started) / 1000);
}

/** Where the stand-in listens, once it says so. */
async function startSink() {
  const sink = startBenchProcess(new URL('./smtp-sink.ts', import.meta.url), [], 'listening');
  let printed = '';
  sink.child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  await sink.begun;
  const url = /listening (\S+)/.exec(printed)?.[1];
  if (!url) throw new Error('the SMTP stand-in did not say where it listens');
  return { url, stop: () => (sink.child.stdin.end(), sink.ended.catch(() => undefined)) };
}

export async function mailFigures(): Promise<MailFigures> {
  const sink = await startSink();
  const perMail = nodemailer.createTransport({ url: sink.url });
  try {
    const kept = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '/nonexistent' });
    const onePerMail: Mailer = { send: async (each) => void (await perMail.sendMail({ from: FROM, ...each })) };
    await mailsPerSecond(kept); // warm: compiled code, connections open
    const figures = { mailsPerSlice: MAILS, round: ROUND, kept: [] as number[], onePerMail: [] as number[] };
    for (let slice = 0; slice < SLICES; slice += 1) {
      figures.onePerMail.push(await mailsPerSecond(onePerMail));
      figures.kept.push(await mailsPerSecond(kept));
    }
    return figures;
  } finally {
    perMail.close();
    await sink.stop();
  }
}
