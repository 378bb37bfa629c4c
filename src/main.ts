import { buildApp } from './api/app.js';
import { ConfigError, loadConfig } from './config.js';
import { startDeadlineSweeper } from './api/sweeper/deadline-sweeper.js';
import { safeError } from './api/http/safe-error.js';
import { openRuntime } from './runtime.js';

/** The composition root: the only place that reads process.env. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // The app's logger exists only once the app is built; a failure before that goes to stderr.
  let logProjectionError = (error: unknown) => console.error('projection batch failed', safeError(error));
  const runtime = await openRuntime(config, { onProjectionError: (error) => logProjectionError(error) });
  const app = await buildApp(runtime.deps, {
    logger: {
      level: config.logLevel,
      // Query strings can hold reset and upload-link tokens: they never reach the log.
      serializers: { req: (request) => ({ method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip }) },
    },
    trustProxy: config.trustProxy,
  });
  logProjectionError = (error) => app.log.error({ err: safeError(error) }, 'projection batch failed; retrying');
  const sweeper = startDeadlineSweeper(runtime.deps, {
    intervalMs: config.sweepIntervalMs,
    onError: (err, orderId) => app.log.error({ err, orderId }, 'deadline sweep failed'),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await sweeper.stop();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
