/**
 * The notifier thread's side (notifier-thread.ts): the same notifier the main thread would run,
 * with its own mailer and WeChat messenger, at the lowest priority of the process's threads.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { KnownOrderStates } from '../../application/orders/known-order-states.js';
import { createMailer } from '../auth/mail-transport.js';
import { randomIds, systemClock } from '../system-deps.js';
import { serveBackgroundTask } from '../threads/serve-background-task.js';
import { createNotifier } from './notifier.js';
import type { NotifierThreadMessage, NotifierThreadSettings } from './notifier-thread.js';
import { createWeChatMessenger } from './wechat-messages.js';

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
let publicBaseUrl = settings.publicBaseUrl;

serveBackgroundTask(
  settings,
  ({ db, eventStore, failed }) => {
    const { config } = settings;
    const notifier = createNotifier(
      {
        config,
        clock: systemClock,
        ids: randomIds,
        publicBaseUrl: () => publicBaseUrl,
        db,
        eventStore,
        orderStates: new KnownOrderStates(),
        mailer: createMailer(config.mail),
        wechatMessages: createWeChatMessenger(config.wechat, config.notifier.sendTimeoutMs, () => systemClock.now()),
      },
      { ...settings.options, onError: failed },
    );
    return { start: () => notifier.start(), stop: () => notifier.stop(), calls: { tick: () => notifier.tick() } };
  },
  (message) => {
    const told = message as NotifierThreadMessage;
    if (told.kind === 'base-url') publicBaseUrl = told.url;
  },
);
