import { announceListening } from './api/announce.js';
import { buildApp } from './api/app.js';
import { exitGracefully } from './api/graceful-shutdown.js';
import { ConfigError, loadConfig } from './config.js';
import { logSweepFailure, startDeadlineSweeper } from './api/sweeper/deadline-sweeper.js';
import { safeError } from './api/http/safe-error.js';
import { loggerOptions, requestLogging } from './api/http/logger-options.js';
import { startCheckpointTimer } from './api/audit/checkpoint-timer.js';
import { startSessionSweeper } from './api/auth/sessions.js';
import { openRuntime } from './runtime.js';
import { openControlChannel } from './api/backup/control-channel.js';
import { RECEIPT_WARM_UP_DELAY_MS, warmUpReceipts } from './api/receipts/receipt-warm-up.js';

/** Tasks with a stop, started while this process leads and stopped when it no longer does. */
function whileLeading(...starts: ReadonlyArray<() => { stop(): Promise<unknown> }>) {
  let running: Array<{ stop(): Promise<unknown> }> = [];
  return {
    onGained: () => {
      running = starts.map((start) => start());
      return Promise.resolve();
    },
    onLost: async () => {
      await Promise.all(running.map((task) => task.stop()));
      running = [];
    },
  };
}

/** The composition root: the only place that reads process.env. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // The app's logger exists only once the app is built; a failure before that goes to stderr.
  let logProjectionError = (error: unknown) => console.error('projection batch failed', safeError(error));
  let logNotifierError = (error: unknown) => console.error('notifier failed', safeError(error));
  const runtime = await openRuntime(config, {
    onProjectionError: (error) => logProjectionError(error),
    notifier: { onError: (error) => logNotifierError(error) },
    backgroundThreads: true,
  });
  const app = await buildApp(runtime.deps, {
    logger: loggerOptions(config.logLevel),
    ...requestLogging(config.logLevel),
    trustProxy: config.trustProxy,
  });
  logProjectionError = (error) => app.log.error({ err: safeError(error) }, 'projection batch failed; retrying');
  logNotifierError = (error) => app.log.error({ err: safeError(error) }, 'notifier step failed; retrying');
  // Background work runs in one process of several at a time (an advisory lock; see README "Several servers").
  // The old sessions' sweep shares the deadline sweeper's lock rather than hold a connection of its own.
  const sweeping = await runtime.database.lead(
    'deadline-sweeper',
    whileLeading(
      () => startDeadlineSweeper(runtime.deps, { intervalMs: config.sweepIntervalMs, onError: logSweepFailure(app.log) }),
      () =>
        startSessionSweeper(runtime.deps, (error) =>
          app.log.error({ err: safeError(error) }, 'sweeping old sessions failed; the next interval tries again'),
        ),
    ),
  );
  const checkpointing = await runtime.database.lead(
    'audit-checkpoints',
    whileLeading(() =>
      startCheckpointTimer(runtime.deps, config.audit.checkpointIntervalMs, (error) =>
        app.log.error({ err: safeError(error) }, 'signing the audit checkpoint failed; the next interval tries again'),
      ),
    ),
  );
  // The embedded database is this process's alone: `npm run backup` asks it through a local socket.
  const control = runtime.database.snapshot
    ? await openControlChannel({ database: runtime.database, config, clock: runtime.deps.clock }, app.log)
    : undefined;
  exitGracefully({
    log: app.log,
    timeoutMs: config.shutdownTimeoutMs,
    close: async () => {
      await control?.close();
      await app.close();
      await sweeping.stop();
      await checkpointing.stop();
      await runtime.close();
    },
  });
  await app.listen({ port: config.port, host: config.host });
  runtime.publicBaseUrl.listeningAt(app.server.address());
  await announceListening({ print: (line) => console.log(line), warn: (details, text) => app.log.warn(details, text) }, runtime.deps);
  // Not at the first download, so a payer's first receipt renders as fast as the next; and not at
  // once, so the answers of a server just started (its health check first) do not wait for it.
  const warmUp = () => void warmUpReceipts().catch((error: unknown) => app.log.warn({ err: safeError(error) }, 'receipt warm-up failed'));
  setTimeout(warmUp, RECEIPT_WARM_UP_DELAY_MS).unref();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : safeError(error));
  process.exit(1);
});
