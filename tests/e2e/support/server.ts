import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshPostgresDatabase, type FreshPostgresDatabase } from '../../eventstore/helpers/fresh-postgres.js';
import { npmStartArgs } from '../../global-setup.js';
import { REPO_ROOT } from './paths.js';

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  /** The fresh DATA_DIR: embedded database, secrets (webhook-secret), uploads, outbox. */
  readonly dataDir: string;
  /** 'embedded PGlite', or the fresh PostgreSQL database's name. */
  readonly database: string;
  /** The fresh PostgreSQL database's URL (tests that alter it with SQL), null on embedded PGlite. */
  readonly databaseUrl: string | null;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

/** Only what the server needs: nothing from the caller's environment leaks into its configuration. */
function serverEnv(
  webDistDir: string,
  dataDir: string,
  databaseUrl: string | undefined,
  extra: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  return {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    PAYMENT_GATEWAY: 'sandbox',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

const LOG_TAIL_CHARS = 20_000;

/** The last part of the server's stdout and stderr, for error messages. */
function collectOutput(child: ChildProcess): { tail(): string } {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { tail: () => output };
}

/** Resolves with the base URL once the server logs that it listens; rejects if it exits first. */
function waitForListening(child: ChildProcess, output: { tail(): string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', exited);
      child.off('error', failed);
      outcome();
    };
    const fail = (why: string) => settle(() => reject(new Error(`the server ${why}; its output:\n${output.tail()}`)));
    const check = () => {
      const match = LISTENING.exec(output.tail());
      if (match?.[1]) settle(() => resolve(match[1]!));
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => fail(`exited early (${signal ?? `exit ${code}`})`);
    const failed = (error: Error) => fail(`could not start (${error.message})`);
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.stdout?.on('data', check);
    child.once('exit', exited);
    child.once('error', failed);
  });
}

/** SIGTERM, then SIGKILL if the server has not shut down gracefully in time. */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server as `npm start` runs it (dist/server, built by the run's global setup) serving the web build in `webDistDir` on a free port
 * of 127.0.0.1 with a fresh DATA_DIR, so a fresh embedded database seeded with the demo data.
 * With TEST_DATABASE_URL it runs on a fresh PostgreSQL database of that server instead, dropped
 * at the end. stop() sends SIGTERM (SIGKILL after 20 s) and removes the data (E2E_KEEP_DATA=1 keeps it).
 */
export async function startServer(webDistDir: string, extraEnv: Readonly<Record<string, string>> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-data-'));
  const testDatabaseUrl = process.env['TEST_DATABASE_URL'];
  const database: FreshPostgresDatabase | null = testDatabaseUrl ? await createFreshPostgresDatabase(testDatabaseUrl) : null;
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: REPO_ROOT,
    env: serverEnv(webDistDir, dataDir, database?.connectionString, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  let stopping = false;
  const cleanUp = async () => {
    stopping = true;
    await terminate(child);
    await database?.drop().catch((error: unknown) => console.warn('[e2e] could not drop the test database:', error));
    if (process.env['E2E_KEEP_DATA'] !== '1') await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = await waitForListening(child, output);
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`[e2e] the server stopped during the run (${signal ?? `exit ${code}`}); its output:\n${output.tail()}`);
    });
    const databaseName = database ? `PostgreSQL ${new URL(database.connectionString).pathname.slice(1)}` : 'embedded PGlite';
    return { baseUrl, dataDir, database: databaseName, databaseUrl: database?.connectionString ?? null, stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
