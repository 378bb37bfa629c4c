import pg from 'pg';

/** What runs while this process leads: started when the lock is gained, stopped when it is lost or given up. */
export interface LeaderTask {
  onGained(): Promise<void>;
  onLost(): Promise<void>;
}

export interface Leadership {
  /** Stops the task (if running) and gives the lock up. */
  stop(): Promise<void>;
}

const RETRY_MS = 1_000;

/**
 * One leader per name across every process of one PostgreSQL database: a session-level advisory
 * lock held on a dedicated connection. A process that cannot take it retries every second; when the
 * holder's connection ends (the process died, the network broke), PostgreSQL releases the lock and
 * another process takes over within about a second. The first attempt is awaited, so a lone
 * process leads as soon as this resolves.
 */
export async function leadOverPg(connectionString: string, name: string, task: LeaderTask): Promise<Leadership> {
  let stopped = false;
  let client: pg.Client | undefined;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let transition: Promise<void> = Promise.resolve();

  const lose = () => {
    if (!leading) return;
    leading = false;
    transition = transition.then(() => task.onLost()).catch(() => undefined);
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void attempt(), RETRY_MS);
  };

  async function attempt(): Promise<void> {
    const candidate = new pg.Client({ connectionString, keepAlive: true, application_name: `overseas-pay leader ${name} ${process.pid}` });
    candidate.on('error', () => undefined);
    try {
      await candidate.connect();
      const { rows } = await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
        `overseas-pay:${name}`,
      ]);
      if (!rows[0]?.locked || stopped) {
        await candidate.end();
        return schedule();
      }
    } catch {
      await candidate.end().catch(() => undefined);
      return schedule();
    }
    client = candidate;
    leading = true;
    candidate.once('end', () => {
      if (client === candidate) client = undefined;
      lose();
      schedule();
    });
    transition = transition.then(() => task.onGained()).catch(() => undefined);
    await transition;
  }

  await attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      lose();
      await transition;
      await client?.end().catch(() => undefined);
    },
  };
}
