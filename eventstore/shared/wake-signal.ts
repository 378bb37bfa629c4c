/**
 * Lets a sleeping loop be woken early. A wake-up that arrives while the loop is busy is kept, so
 * the next wait returns at once instead of missing it.
 */
export class WakeSignal {
  #pending = false;
  #wakeWaiter: (() => void) | undefined;

  wake(): void {
    this.#pending = true;
    this.#wakeWaiter?.();
  }

  /** Resolves on the next wake-up (or a pending one) with true, or after `ms` with false. */
  wait(ms: number): Promise<boolean> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (woken: boolean): void => {
        clearTimeout(timer);
        this.#wakeWaiter = undefined;
        this.#pending = false;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), ms);
      this.#wakeWaiter = () => done(true);
    });
  }
}
