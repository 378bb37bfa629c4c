import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface BenchProcess {
  readonly child: ChildProcessByStdio<Writable, Readable, null>;
  /** Resolves once the process printed `marker` (rejects if it ended first, with a non-zero code). */
  readonly begun: Promise<void>;
  /** Everything it printed, once it exited with code 0. */
  readonly ended: Promise<string>;
}

/** Runs a bench helper script with tsx beside this process (its own event loop, pool and store). */
export function startBenchProcess(script: URL, args: readonly string[], marker: string): BenchProcess {
  const file = fileURLToPath(script);
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  let markerSeen: () => void = () => undefined;
  const printed = new Promise<void>((resolve) => (markerSeen = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(marker)) markerSeen();
  });
  const ended = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`${path.basename(file)} exited with ${String(code)}`);
    return output;
  });
  return { child, begun: Promise.race([printed, ended.then(() => undefined)]), ended };
}
