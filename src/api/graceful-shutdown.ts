import closeWithGrace from 'close-with-grace';
import { safeError } from './http/safe-error.js';

interface ShutdownLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface GracefulShutdownOptions {
  readonly log: ShutdownLog;
  /** After this long the process exits 1 whatever is still closing: an orchestrator would kill it anyway. */
  readonly timeoutMs: number;
  /** Closes what the process opened (server, sweeper, database), in that order. */
  readonly close: () => Promise<void>;
}

/**
 * SIGINT and SIGTERM close the process gracefully and it exits 0; an uncaught exception or an
 * unhandled rejection is logged and closes it too, exiting 1, since its state can no longer be
 * trusted. A second signal or error, a failing close or one slower than timeoutMs exits 1 at once.
 * Every error goes through safeError: a database error carries its statement's parameters.
 */
export function exitGracefully(options: GracefulShutdownOptions): void {
  const { log } = options;
  closeWithGrace(
    {
      delay: options.timeoutMs,
      logger: { error: (error: unknown) => log.error({ err: safeError(error) }, 'shutdown failed') },
      onTimeout: (delay) => log.error({ timeoutMs: delay }, 'shutdown took too long; exiting anyway'),
      onSecondSignal: (signal) => log.error({ signal }, 'second signal while shutting down; exiting'),
      onSecondError: (error) => log.error({ err: safeError(error) }, 'another error while shutting down; exiting'),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err: safeError(err) }, 'uncaught error; shutting down');
      else log.info({ signal: signal ?? null }, 'shutting down');
      await options.close();
    },
  );
}
