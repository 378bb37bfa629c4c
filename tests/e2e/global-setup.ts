import type { TestProject } from 'vitest/node';
import { login, type Session } from './support/api.js';
import { startServer } from './support/server.js';
import { DEMO_PAYER } from './support/test-data.js';
import { ensureWebBuild, snapshotWebBuild } from './support/web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every e2e file talks to, started once for the whole run. */
    e2eServer: { baseUrl: string; dataDir: string };
    /** The demo payer, logged in once (login is rate-limited per account). */
    payerSession: Session;
  }
}

/**
 * Builds the web app if needed, starts the server (on a private
 * copy of the build) with a fresh database, logs the payer in. Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuild();
  const web = await snapshotWebBuild();
  const server = await startServer(web.dir).catch(async (error: unknown) => {
    await web.remove();
    throw error;
  });
  const teardown = async () => {
    await server.stop();
    await web.remove();
  };
  console.log(`[e2e] server at ${server.baseUrl}, DATA_DIR ${server.dataDir}, database: ${server.database}`);
  try {
    project.provide('e2eServer', { baseUrl: server.baseUrl, dataDir: server.dataDir });
    project.provide('payerSession', await login(server.baseUrl, DEMO_PAYER.email, DEMO_PAYER.password));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
