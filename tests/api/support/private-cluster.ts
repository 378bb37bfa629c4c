import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own on a free port, which a test may stop and start at will
 * (Debian's pg_createcluster; root only, as in CI). The shared server on 5432 is never touched.
 */
export interface PrivateCluster {
  readonly url: string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the server and its backends: connections stay open and nothing answers. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  drop(): Promise<void>;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root';
  if (!existsSync('/usr/bin/pg_createcluster')) return 'pg_createcluster is not installed';
  if (installedVersion() === undefined) return 'no PostgreSQL server version in /usr/lib/postgresql';
  return null;
}

const installedVersion = (): string | undefined =>
  existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().at(-1) : undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const version = installedVersion()!;
  const name = `t${process.pid}_${Date.now().toString(36)}`;
  const port = await freePort();
  await run('pg_createcluster', [version, name, '-p', String(port), '--start', '--', '--auth=trust']);
  const ctl = (...args: string[]) => run('pg_ctlcluster', [version, name, ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode = 'fast') => void (await ctl('stop', '-m', mode)),
    start: async () => void (await ctl('start')),
    pause: () => signalServer(version, name, 'SIGSTOP'),
    resume: () => signalServer(version, name, 'SIGCONT'),
    drop: async () => {
      await signalServer(version, name, 'SIGCONT').catch(() => undefined);
      await run('pg_dropcluster', [version, name, '--stop']);
    },
  };
}

/** The postmaster (first line of postmaster.pid) and every process it forked. */
async function signalServer(version: string, name: string, signal: 'SIGSTOP' | 'SIGCONT'): Promise<void> {
  const postmaster = Number((await readFile(`/var/lib/postgresql/${version}/${name}/postmaster.pid`, 'utf8')).split('\n')[0]);
  const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
  const children = stdout.split('\n').filter(Boolean).map(Number);
  for (const pid of signal === 'SIGSTOP' ? [postmaster, ...children] : [...children, postmaster]) process.kill(pid, signal);
}
