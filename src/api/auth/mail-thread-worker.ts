/**
 * The mail thread's side (mail-thread.ts): builds and sends each mail it is handed with the same
 * nodemailer mailer the process would use, and answers with its outcome; a send its caller gave
 * up on is told to give up too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer } from './mail-transport.js';
import type { MailThreadRequest, MailThreadSettings } from './mail-thread.js';
import { answerCall, type ThreadReply } from '../threads/worker-thread.js';

const settings = workerData as MailThreadSettings;
const mailer = createMailer(settings.mail, settings.timeoutMs);
const port = parentPort!;

/** The sends under way, each with what tells its mail to give up (the caller's signal aborted). */
const underWay = new Map<number, AbortController>();

port.on('message', (request: MailThreadRequest) => {
  if (request.kind === 'give-up') {
    underWay.get(request.id)?.abort();
    return;
  }
  const giveUp = new AbortController();
  underWay.set(request.id, giveUp);
  const sending = mailer.send(request.mail, giveUp.signal).finally(() => underWay.delete(request.id));
  answerCall((reply: ThreadReply) => port.postMessage(reply), request.id, sending);
});
