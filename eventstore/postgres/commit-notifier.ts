/**
 * Tells other processes' subscribers that events were committed, without slowing the appends.
 *
 * NOTIFY inside an append's transaction takes a database-wide lock that is held through the
 * commit's WAL flush, which serialises every committer. So the store notifies after the commit, in
 * a statement of its own that writes no WAL, and coalesces: at most one NOTIFY in flight, then a
 * pause of `cooldownMs`, then one more if anything was committed meanwhile. A subscriber hears of a
 * commit within about cooldownMs + one round trip; if a process dies between its commit and its
 * NOTIFY, subscribers still find the events at their next poll.
 */
export class CommitNotifier {
  #running: Promise<void> | undefined;
  #pending = false;

  constructor(
    private readonly sendNotify: () => Promise<void>,
    private readonly cooldownMs: number,
  ) {}

  /** Call after each commit; returns at once. */
  committed(): void {
    this.#pending = true;
    this.#running ??= this.#drain().finally(() => {
      this.#running = undefined;
    });
  }

  /** Waits for the NOTIFY in flight (and a pending one) to be sent. */
  async flush(): Promise<void> {
    await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#pending) {
      this.#pending = false;
      // A failed NOTIFY only delays subscribers until their next poll.
      await this.sendNotify().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, this.cooldownMs));
    }
  }
}
