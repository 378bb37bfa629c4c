import type { AppDeps } from '../deps.js';
import { takeCheckpoint } from './checkpoint.js';

export interface CheckpointTimer {
  stop(): Promise<void>;
}

/**
 * Signs a checkpoint every `intervalMs` (AUDIT_CHECKPOINT_INTERVAL_MINUTES; 0 turns it off). One
 * runs after the other; a failed one is reported and the next one tries again.
 */
export function startCheckpointTimer(
  deps: Pick<AppDeps, 'storedEvents' | 'auditSigner' | 'clock' | 'ids' | 'config'>,
  intervalMs: number,
  onError: (error: unknown) => void,
): CheckpointTimer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = intervalMs === 0;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = takeCheckpoint(deps).catch(onError).finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
