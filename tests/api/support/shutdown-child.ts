import Fastify from 'fastify';
import { exitGracefully } from '../../../src/api/graceful-shutdown.js';

/**
 * A process that closes the way src/main.ts does (exitGracefully around a listening Fastify app),
 * then misbehaves as argv[2] says, for tests/api/graceful-shutdown.test.ts:
 * "rejection" / "exception": an unhandled rejection / uncaught exception of a database-like error;
 * "hang": closing never ends (send SIGTERM). argv[3] is the time limit in milliseconds.
 */
const [mode = 'rejection', timeoutMs = '10000'] = process.argv.slice(2);

/** Like the errors of pg and PGlite: the statement's parameters ride along. */
const SECRET_PARAMETER = '110101199003071234';
const databaseError = () =>
  Object.assign(new Error('insert into events failed'), { code: '23514', parameters: [SECRET_PARAMETER], query: 'insert into events …' });

const app = Fastify({ logger: { level: 'info' } });
exitGracefully({
  log: app.log,
  timeoutMs: Number(timeoutMs),
  close: async () => {
    if (mode === 'hang') await new Promise(() => undefined);
    await app.close();
    app.log.info('closed');
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
app.log.info('ready');
if (mode === 'rejection') void Promise.reject(databaseError());
if (mode === 'exception') {
  setTimeout(() => {
    throw databaseError();
  }, 10);
}
