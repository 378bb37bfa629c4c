import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../eventstore/postgres/index.js';
import type { Config } from '../../config.js';
import type { DB } from '../../database/schema.js';
import type { Clock } from '../deps.js';
import { safeError } from '../http/safe-error.js';
import { writeBackup } from './take-backup.js';

/**
 * The running server's local control channel: HTTP over a Unix socket in the data folder, in a
 * folder only the owner may enter and with the socket itself owner-only (0600), so only the
 * machine's owner of the data reaches it; no network address ever does. `npm run backup` asks it
 * for a backup, because the embedded database belongs to this one process while it runs.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'backup.sock');

export interface ControlChannel {
  close(): Promise<void>;
}

export async function openControlChannel(
  deps: { readonly database: Database<DB>; readonly config: Config; readonly clock: Clock },
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<ControlChannel> {
  const socket = controlSocketPath(deps.config.dataDir);
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') return void res.writeHead(404).end('unknown control command\n');
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    writeBackup(deps.database, deps.config, res, deps.clock.now()).then(
      (summary) => {
        log.info({ backup: summary }, 'backup written through the control channel');
        res.end();
      },
      (error: unknown) => {
        log.error({ err: safeError(error) }, 'backup through the control channel failed');
        // Cut short: the client's checksums refuse the partial file.
        res.destroy();
      },
    );
  });
  try {
    await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
    await chmod(path.dirname(socket), 0o700);
    // A socket left by a process that died: this process holds the data folder now.
    await rm(socket, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
    await chmod(socket, 0o600);
  } catch (error) {
    log.warn({ err: safeError(error) }, `no control channel at ${socket}: npm run backup cannot reach this server`);
    return { close: () => Promise.resolve() };
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** No server listens on the socket: the data folder is free for the command line to open itself. */
const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Asks the running server for a backup and writes it to `out`; 'no-server' when none listens.
 * The caller checks what arrived (a server that fails mid-way cuts the answer short).
 */
export function requestBackup(dataDir: string, out: Writable): Promise<'written' | 'no-server'> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`the server refused the backup (HTTP ${res.statusCode})`));
      }
      pipeline(res, out).then(() => resolve('written'), reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => (NO_SERVER.has(error.code ?? '') ? resolve('no-server') : reject(error)));
    req.end();
  });
}
