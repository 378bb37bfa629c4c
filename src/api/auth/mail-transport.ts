import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';

type Mail = Parameters<Mailer['send']>[0];

/** A mail server that does not answer must not hold a request (or the reset flow) for minutes. */
const SMTP_TIMEOUT_MS = 10_000;

/** SMTP when SMTP_URL is set; otherwise every mail becomes a file in the outbox folder (development). */
export function createMailer(mail: Config['mail']): Mailer {
  return mail.smtpUrl ? smtpMailer(mail.smtpUrl, mail.from) : outboxMailer(mail.outboxDir, mail.from);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/**
 * Writes `<time>-<random>.txt` with From/To/Subject/Date headers and the UTF-8 body, readable as is
 * (a reset link can be copied from it). Only the owner may read the files: they hold reset tokens.
 */
function outboxMailer(outboxDir: string, from: string): Mailer {
  return {
    async send(mail) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const sentAt = new Date();
      const fileName = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      // Written under a hidden name and renamed, so whoever watches the folder never reads half a mail.
      const writing = path.join(outboxDir, `.${fileName}.part`);
      await writeFile(writing, outboxFile(from, mail, sentAt), { flag: 'wx', mode: 0o600 });
      await rename(writing, path.join(outboxDir, fileName));
    },
  };
}

/** A header value on one line: a line break in it would start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

function outboxFile(from: string, mail: Mail, sentAt: Date): string {
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(mail.to)}`,
    `Subject: ${oneLine(mail.subject)}`,
    `Date: ${sentAt.toUTCString()}`,
  ];
  return `${headers.join('\n')}\n\n${mail.text}\n`;
}
