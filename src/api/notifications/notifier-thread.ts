import type { BackgroundTaskSettings } from '../threads/serve-background-task.js';
import { createBackgroundThread } from '../threads/background-thread.js';
import type { Notifier, NotifierOptions } from './notifier.js';

export interface NotifierThreadSettings extends BackgroundTaskSettings {
  readonly options: Omit<NotifierOptions, 'onError'>;
  readonly publicBaseUrl: string;
}

export type NotifierThreadMessage =
  { readonly id: number; readonly kind: 'start' | 'stop' | 'tick' | 'close' } | { readonly kind: 'base-url'; readonly url: string };

/**
 * The notifier on a thread of its own (PostgreSQL only: embedded PGlite is one connection, in the
 * main thread). Following a log of a thousand events a second is steady work (opening sealed
 * fields, judging each event on the machine, wording, writing, sending), and on the main thread it
 * tripled the create's median latency.
 */
export function createNotifierThread(
  settings: Omit<NotifierThreadSettings, 'publicBaseUrl'>,
  publicBaseUrl: () => string,
  onError: (error: unknown) => void,
): Notifier & { close(): Promise<void>; publicBaseUrlChanged(url: string): void } {
  const thread = createBackgroundThread(
    { moduleUrl: import.meta.url, name: 'notifier-thread-worker', data: () => ({ ...settings, publicBaseUrl: publicBaseUrl() }) },
    { onError },
  );
  return {
    start: () => thread.start(),
    stop: () => thread.stop(),
    tick: () => thread.call('tick'),
    publicBaseUrlChanged(url) {
      const told: NotifierThreadMessage = { kind: 'base-url', url };
      thread.tell(told);
    },
    close: () => thread.close(),
  };
}
