export interface RepeatingTask {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` (0 turns it off). One run starts only after the previous one
 * ended; a failed run is reported and the next one tries again.
 */
export function startRepeating(task: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): RepeatingTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = intervalMs === 0;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task().catch(onError).finally(schedule);
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
