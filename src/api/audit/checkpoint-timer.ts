import type { AppDeps } from '../deps.js';
import { startRepeating, type RepeatingTask } from '../repeating-task.js';
import { takeCheckpoint } from './checkpoint.js';

/**
 * Signs a checkpoint every `intervalMs` (AUDIT_CHECKPOINT_INTERVAL_MINUTES; 0 turns it off). One
 * runs after the other; a failed one is reported and the next one tries again.
 */
export const startCheckpointTimer = (
  deps: Pick<AppDeps, 'storedEvents' | 'auditSigner' | 'clock' | 'ids' | 'config'>,
  intervalMs: number,
  onError: (error: unknown) => void,
): RepeatingTask => startRepeating(() => takeCheckpoint(deps), intervalMs, onError);
