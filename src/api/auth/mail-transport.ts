import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Mail, Mailer } from './mailer.js';

/** A mail server that does not answer must not hold a request (or the reset flow) for minutes. */
const SMTP_TIMEOUT_MS = 10_000;
/**
 * Connections a mailer keeps open to the SMTP server at most. `npm run bench:mail`, mails sent 20
 * side by side: 1,105 and 1,153 mails/s with 10, 1,081 and 851/s with 5 (nodemailer's default).
 */
const SMTP_CONNECTIONS = 10;
/** Mails sent over one connection before it is opened anew (some servers cap a session's mails). */
const MESSAGES_PER_CONNECTION = 100;

/**
 * One nodemailer mailer for every mail (password resets, notifications): SMTP when SMTP_URL is set;
 * otherwise every mail becomes an .eml file in the outbox folder (development), built by the same
 * nodemailer as it would go over the wire.
 */
export function createMailer(mail: Config['mail'], timeoutMs = SMTP_TIMEOUT_MS): Mailer {
  return mail.smtpUrl ? smtpMailer(mail.smtpUrl, mail.from, timeoutMs) : outboxMailer(mail.outboxDir, mail.from);
}

/** A header value on one line: a line break in it would start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

const message = (from: string, mail: Mail) => ({
  from,
  to: oneLine(mail.to),
  subject: oneLine(mail.subject),
  text: mail.text,
  ...(mail.html === undefined ? {} : { html: mail.html }),
});

function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A connection per mail (nodemailer's default) sent about 150 mails a second to a local server:
    // the notifier must tell 1,000 events a second. A few connections kept open carry them all.
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: MESSAGES_PER_CONNECTION,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail, signal) {
      await transport.sendMail({ ...message(from, mail), ...(signal ? { signal } : {}) });
    },
  };
}

/**
 * Writes `<time>-<random>.eml`: the whole message as nodemailer would send it (any mail program
 * opens it). Only the owner may read the files: they hold reset tokens.
 */
function outboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const { message: raw } = (await transport.sendMail(message(from, mail))) as { message: Buffer };
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written under a hidden name and renamed, so whoever watches the folder never reads half a mail.
      const writing = path.join(outboxDir, `.${fileName}.part`);
      await writeFile(writing, raw, { flag: 'wx', mode: 0o600 });
      await rename(writing, path.join(outboxDir, fileName));
    },
  };
}
