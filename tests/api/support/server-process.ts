import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { npmStartArgs } from '../../global-setup.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Where it listens, as its "Server listening at" line says. */
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within `ms`; resolves to its exit code. */
  stop(ms?: number): Promise<number | null>;
}

export interface ScriptRun {
  readonly code: number | null;
  readonly output: string;
}

/** Only what is given: the tests' own NODE_ENV, secrets or database must not leak into the process. */
const environment = (env: Record<string, string>) => ({ PATH: process.env['PATH'] ?? '', ...env });

/**
 * Starts `npm start`'s command, the server built by tests/global-setup.ts (on a free port of
 * 127.0.0.1 unless told otherwise), and waits until it listens, for `startMs` at most.
 */
export async function startServer(env: Record<string, string>, startMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: ROOT,
    env: environment({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it listens must not outlive the test that started it.
      child.kill('SIGKILL');
      reject(new Error(`did not start:\n${output}`));
    }, startMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/[^\s",]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    exited,
    async stop(ms = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a TypeScript file of the project to its end, with `input` written to its stdin. */
export function runTs(file: string, args: readonly string[], env: Record<string, string>, input = ''): Promise<ScriptRun> {
  return runCommand(process.execPath, ['--import', 'tsx', file, ...args], env, input);
}

export function runCommand(command: string, args: readonly string[], env: Record<string, string>, input = ''): Promise<ScriptRun> {
  const child = spawn(command, args, { cwd: ROOT, env: environment(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`${args.join(' ')} did not end:\n${output}`))), 60_000);
    // 'close', not 'exit': the output is complete only once its pipes are closed.
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export const postJson = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
