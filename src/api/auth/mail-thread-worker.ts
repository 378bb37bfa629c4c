/**
 * The mail thread's side (mail-thread.ts): builds and sends each mail it is handed with the same
 * nodemailer mailer the process would use, and answers with its outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer } from './mail-transport.js';
import type { MailThreadRequest, MailThreadSettings } from './mail-thread.js';
import { answerCall, type ThreadReply } from '../threads/worker-thread.js';

const settings = workerData as MailThreadSettings;
const mailer = createMailer(settings.mail, settings.timeoutMs);
const port = parentPort!;

port.on('message', (request: MailThreadRequest) =>
  answerCall((reply: ThreadReply) => port.postMessage(reply), request.id, mailer.send(request.mail)),
);
