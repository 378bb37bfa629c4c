/**
 * The notifier thread's side (notifier-thread.ts): the same notifier the main thread would run,
 * over a small pool of its own on the same PostgreSQL database, its own reading of the log (its
 * keyring told of erasures by the database, as another process's is), and its own mailer and
 * WeChat messenger. It answers the main thread's calls (start, stop, tick, close) and reports each
 * failure the notifier tells of.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../../eventstore/postgres/index.js';
import { KnownOrderStates } from '../../application/orders/known-order-states.js';
import type { DB } from '../../database/schema.js';
import { createMailer } from '../auth/mail-transport.js';
import { openEventLog } from '../event-log.js';
import { randomIds, systemClock } from '../system-deps.js';
import { answerCall, postedError, type ThreadReply } from '../threads/worker-thread.js';
import { createNotifier } from './notifier.js';
import type { NotifierThreadMessage, NotifierThreadNotice, NotifierThreadSettings } from './notifier-thread.js';
import { createWeChatMessenger } from './wechat-messages.js';

/** The notifier's reads of the log and its batches; as the projector's, its commits do not wait for the WAL flush. */
const POOL_SIZE = 2;

/** The nice value of this thread: below the requests', which a notice may wait for and a payer may not. */
const BACKGROUND_NICE = 19;

/**
 * On Linux the kernel schedules each thread on its own, under its own id, and a thread's nice value
 * is its own: this one yields the cores to the main thread (and the database) when they are short.
 * Elsewhere it runs at the process's priority.
 */
function yieldTheCores(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // no /proc/thread-self: not Linux
  }
}

yieldTheCores();
const settings = workerData as NotifierThreadSettings;
const port = parentPort!;
const post = (message: ThreadReply | NotifierThreadNotice) => port.postMessage(message);
let publicBaseUrl = settings.publicBaseUrl;

async function open() {
  const { config } = settings;
  const database = await createDatabase<DB>({ ...settings.database, poolSize: POOL_SIZE, sessionSettings: { synchronous_commit: 'off' } });
  try {
    const log = await openEventLog(config, database);
    const notifier = createNotifier(
      {
        config,
        clock: systemClock,
        ids: randomIds,
        publicBaseUrl: () => publicBaseUrl,
        db: database.db,
        eventStore: log.eventStore,
        orderStates: new KnownOrderStates(),
        mailer: createMailer(config.mail),
        wechatMessages: createWeChatMessenger(config.wechat, config.notifier.sendTimeoutMs, () => systemClock.now()),
      },
      { ...settings.options, onError: (error) => post({ kind: 'failed', error: postedError(error) }) },
    );
    const close = async () => {
      await notifier.stop();
      await log.close();
      await database.close();
    };
    return { notifier, close };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

const opened = open();
// A thread that could not open answers every call with that failure; the main thread starts another.
opened.catch(() => undefined);

port.on('message', (message: NotifierThreadMessage) => {
  if (message.kind === 'base-url') {
    publicBaseUrl = message.url;
    return;
  }
  const work = opened.then(({ notifier, close }) => (message.kind === 'close' ? close() : notifier[message.kind]()));
  answerCall(post, message.id, work);
});
