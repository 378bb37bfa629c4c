import type { TestProject } from 'vitest/node';
import buildServer from '../global-setup.js';
import { startWeChatStandIn } from '../api/support/wechat-stand-in.js';
import { login, type Session } from './support/api.js';
import { startServer } from './support/server.js';
import { DEMO_PAYER } from './support/test-data.js';
import { ensureWebBuild, snapshotWebBuild } from './support/web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every e2e file talks to, started once for the whole run. */
    e2eServer: { baseUrl: string; dataDir: string; databaseUrl: string | null };
    /** The demo payer, logged in once (login is rate-limited per account). */
    payerSession: Session;
    /** The local stand-in for WeChat's OAuth API the server is configured with, and its two apps. */
    wechat: { url: string; mpAppId: string; openAppId: string };
  }
}

/** The two WeChat apps of the run: the official account (inside WeChat) and the website app (QR). */
const WECHAT_APPS = {
  mp: { id: 'wx-e2e-mp', secret: 'e2e-mp-secret-e2e-mp-secret' },
  open: { id: 'wx-e2e-open', secret: 'e2e-open-secret-e2e-open-secret' },
};

/**
 * Builds the web app if needed and the server, starts the server (on a private
 * copy of the build) with a fresh database, logs the payer in. Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuild();
  buildServer();
  const web = await snapshotWebBuild();
  const wechat = await startWeChatStandIn({ [WECHAT_APPS.mp.id]: WECHAT_APPS.mp.secret, [WECHAT_APPS.open.id]: WECHAT_APPS.open.secret });
  const server = await startServer(web.dir, {
    WECHAT_API_BASE_URL: wechat.url,
    WECHAT_MP_APP_ID: WECHAT_APPS.mp.id,
    WECHAT_MP_APP_SECRET: WECHAT_APPS.mp.secret,
    WECHAT_OPEN_APP_ID: WECHAT_APPS.open.id,
    WECHAT_OPEN_APP_SECRET: WECHAT_APPS.open.secret,
  }).catch(async (error: unknown) => {
    await wechat.close();
    await web.remove();
    throw error;
  });
  const teardown = async () => {
    await server.stop();
    await wechat.close();
    await web.remove();
  };
  console.log(`[e2e] server at ${server.baseUrl}, DATA_DIR ${server.dataDir}, database: ${server.database}`);
  try {
    project.provide('e2eServer', { baseUrl: server.baseUrl, dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    project.provide('wechat', { url: wechat.url, mpAppId: WECHAT_APPS.mp.id, openAppId: WECHAT_APPS.open.id });
    project.provide('payerSession', await login(server.baseUrl, DEMO_PAYER.email, DEMO_PAYER.password));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
