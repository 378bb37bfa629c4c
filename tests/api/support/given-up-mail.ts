import { expect } from 'vitest';
import type { Mail, Mailer } from '../../../src/api/auth/mailer.js';
import type { SmtpStandIn } from './smtp-stand-in.js';

/**
 * Sends `mail` through `mailer` with a signal that aborts after `abortAfterMs`, to a stand-in that
 * greets late: the send fails as aborted, nothing has arrived `settleMs` later (the server greeted
 * meanwhile: the mail given up on does not go after its failure was counted), and the next mail
 * goes through.
 */
export async function expectGivenUpMailNeverSent(
  smtp: SmtpStandIn,
  mailer: Mailer,
  mail: Mail,
  { abortAfterMs, settleMs }: { abortAfterMs: number; settleMs: number },
): Promise<void> {
  const failure = await mailer.send(mail, AbortSignal.timeout(abortAfterMs)).catch((error: unknown) => error);
  expect((failure as Error).name).toBe('AbortError');
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  expect(smtp.received).toHaveLength(0);
  await mailer.send(mail);
  expect(smtp.received).toHaveLength(1);
}
