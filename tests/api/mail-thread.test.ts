import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailThread } from '../../src/api/auth/mail-thread.js';
import { expectGivenUpMailNeverSent } from './support/given-up-mail.js';
import { startSmtpStandIn } from './support/smtp-stand-in.js';

/** The mailer on its own thread (what `npm start` uses): the same mails as in the process, and the same failures. */
describe('the mail thread', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('writes each mail into the outbox, many under way at once, and stops when closed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mail-thread-'));
    dirs.push(dir);
    const outboxDir = path.join(dir, 'outbox');
    const thread = createMailThread({ mail: { smtpUrl: undefined, from: 'no-reply@overseas-pay.test', outboxDir } });
    const mails = Array.from({ length: 12 }, (_, index) => ({
      to: `payer${index}@example.com`,
      subject: `订单 ${index}`,
      text: `正文 ${index}`,
      html: `<p>正文 ${index}</p>`,
    }));
    await Promise.all(mails.map((mail) => thread.send(mail)));
    await thread.close();

    const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(12);
    const texts = await Promise.all(files.map((name) => readFile(path.join(outboxDir, name), 'utf8')));
    const recipients = texts.map((text) => /^To: (.+)$/m.exec(text)?.[1]).sort();
    expect(recipients).toEqual(mails.map((mail) => mail.to).sort());
  });

  it('gives up on a mail its caller gave up on: one still waiting for the server is never sent', async () => {
    const smtp = await startSmtpStandIn({ greetingDelayMs: 600 });
    const thread = createMailThread({ mail: { smtpUrl: smtp.url, from: 'a@b.test', outboxDir: '/nonexistent' } });
    try {
      // Settling long enough for the thread to start, connect and be greeted.
      const mail = { to: 'payer@example.com', subject: 's', text: 't' };
      await expectGivenUpMailNeverSent(smtp, thread, mail, { abortAfterMs: 300, settleMs: 1_500 });
    } finally {
      await thread.close();
      await smtp.close();
    }
  });

  it('rejects a mail the server never takes with the error the mailer met, and sends the next once a new thread starts', async () => {
    // Nothing listens on port 1: the connection is refused.
    const refused = createMailThread({
      mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.test', outboxDir: '/nonexistent' },
      timeoutMs: 2_000,
    });
    const failure = await refused.send({ to: 'payer@example.com', subject: 's', text: 't' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/ECONNREFUSED|connect/i);
    await refused.close();

    const dir = await mkdtemp(path.join(tmpdir(), 'mail-thread-'));
    dirs.push(dir);
    const thread = createMailThread({ mail: { smtpUrl: undefined, from: 'a@b.test', outboxDir: dir } });
    await thread.send({ to: 'first@example.com', subject: 's', text: 't' });
    await thread.close();
    // Closed, the next mail starts a new thread rather than being lost.
    await thread.send({ to: 'second@example.com', subject: 's', text: 't' });
    await thread.close();
    expect((await readdir(dir)).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
  });
});
