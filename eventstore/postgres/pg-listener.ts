import pg from 'pg';

type Callback = (payload: string) => void;

const INITIAL_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN for a pg pool lives on one dedicated client (a pooled connection would be handed to
 * someone else). If the connection drops, it reconnects with backoff, re-issues every LISTEN and
 * calls each callback once with an empty payload: notifications sent while disconnected are lost,
 * so listeners should re-read.
 */
export class PgNotificationListener {
  readonly #channels = new Map<string, Set<Callback>>();
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #closed = false;
  #retryMs = INITIAL_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly clientConfig: pg.ClientConfig) {}

  /**
   * Registers the callback at once. If the database cannot be reached now, LISTEN is retried in
   * the background (callers keep polling meanwhile) instead of failing the caller.
   */
  async listen(channel: string, callback: Callback): Promise<() => Promise<void>> {
    assertChannelName(channel);
    let callbacks = this.#channels.get(channel);
    const isNewChannel = !callbacks;
    if (!callbacks) {
      callbacks = new Set();
      this.#channels.set(channel, callbacks);
    }
    callbacks.add(callback);
    const registered = callbacks;
    if (isNewChannel) {
      try {
        const client = await this.#connected();
        await client.query(`listen ${channel}`);
      } catch {
        if (!this.#closed) this.#scheduleReconnect();
      }
    }
    return async () => {
      registered.delete(callback);
      if (registered.size > 0 || this.#channels.get(channel) !== registered) return;
      this.#channels.delete(channel);
      await this.#client?.query(`unlisten ${channel}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #connected(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error('The notification listener is closed.'));
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', (message) => this.#deliver(message.channel, message.payload ?? ''));
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      // Not yet this.#client, so #lost would not end it: a failed LISTEN must not leak the connection.
      await client.end().catch(() => undefined);
      throw error;
    }
    this.#client = client;
    this.#retryMs = INITIAL_RETRY_MS;
    return client;
  }

  #deliver(channel: string, payload: string): void {
    for (const callback of this.#channels.get(channel) ?? []) callback(payload);
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    if (!this.#closed) this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#connected().then(
        () => this.#wakeEveryone(),
        () => {
          this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
          this.#scheduleReconnect();
        },
      );
    }, this.#retryMs);
    this.#retryTimer.unref();
  }

  #wakeEveryone(): void {
    for (const channel of this.#channels.keys()) this.#deliver(channel, '');
  }
}

/** Channel names are plain lower-case identifiers, so they need no quoting in LISTEN. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}
