import { performance } from 'node:perf_hooks';
import type { EventStore } from '../../eventstore/port.js';
import { EVENT_SCHEMA_VERSION } from '../../src/domain/index.js';
import { startBenchProcess } from './bench-process.js';

/**
 * Appends `count` new orders' first events through `log` (no inline projection), each until its
 * row is readable through `probe` (a connection of its own: the server's pool is busy, and a probe
 * queueing there would measure the queue).
 */
export async function projectionLags(
  log: EventStore,
  probe: (orderId: string) => Promise<boolean>,
  ownerId: string,
  tag: string,
  count: number,
): Promise<number[]> {
  const lags: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `lag-${tag}-${index}`;
    const meta = {
      event_id: crypto.randomUUID(),
      actor: { id: ownerId, role: 'payer' },
      occurred_at: new Date().toISOString(),
      correlation_id: 'bench',
      causation_id: 'bench',
      schema_version: EVENT_SCHEMA_VERSION,
    };
    const started = performance.now();
    await log.append(
      `order-${id}`,
      [
        {
          id: meta.event_id,
          type: 'OrderCreated',
          data: {
            order_id: id,
            kind: 'order',
            owner_id: ownerId,
            resource: { id: '1004', name: 'TUM', currency: 'EUR' },
            amount: '5000',
            from: 'bench',
          },
          metadata: meta,
        },
      ],
      'no_stream',
    );
    while (!(await probe(id))) await new Promise((resolve) => setTimeout(resolve, 1));
    lags.push(performance.now() - started);
  }
  return lags;
}

/** How long the load runs before the other process's first append. */
const LOAD_RAMP_MS = 500;

/**
 * The lags as another process sees them (lag-process.ts): `load` runs from when that process is
 * connected until it has measured, and is told to stop then.
 */
export async function lagsOfAnotherProcess(
  connectionString: string,
  ownerId: string,
  tag: string,
  count: number,
  load: (stopped: Promise<void>) => Promise<void> = () => Promise.resolve(),
): Promise<number[]> {
  const other = startBenchProcess(new URL('./lag-process.ts', import.meta.url), [connectionString, ownerId, tag, String(count)], 'ready');
  await other.begun;
  const loading = load(
    other.ended.then(
      () => undefined,
      () => undefined,
    ),
  );
  // The load is under way before the first append.
  await new Promise((resolve) => setTimeout(resolve, LOAD_RAMP_MS));
  other.child.stdin.end('go\n');
  const [output] = await Promise.all([other.ended, loading]);
  return JSON.parse(output.trim().split('\n').at(-1)!) as number[];
}
