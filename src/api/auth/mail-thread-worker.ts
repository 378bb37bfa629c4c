/**
 * The mail thread's side (mail-thread.ts): builds and sends each mail it is handed with the same
 * nodemailer mailer the process would use, and answers with its outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer } from './mail-transport.js';
import type { MailThreadReply, MailThreadRequest, MailThreadSettings } from './mail-thread.js';

const settings = workerData as MailThreadSettings;
const mailer = createMailer(settings.mail, settings.timeoutMs);
const port = parentPort!;

port.on('message', (request: MailThreadRequest) => {
  const reply = (outcome: Omit<MailThreadReply, 'id'>) => port.postMessage({ id: request.id, ...outcome } satisfies MailThreadReply);
  mailer.send(request.mail).then(
    () => reply({}),
    (error: unknown) =>
      reply({ error: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) } }),
  );
});
