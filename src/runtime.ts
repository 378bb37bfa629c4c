import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createDatabase, type Database, type DatabaseConfig } from '../eventstore/postgres/index.js';
import { createMailThread } from './api/auth/mail-thread.js';
import { createWeChatClient } from './api/auth/wechat-client.js';
import type { AppDeps, Clock, Ids } from './api/deps.js';
import { createPaymentGateway } from './api/payments/create-gateway.js';
import { createPublicBaseUrl, type PublicBaseUrl } from './api/public-base-url.js';
import { httpRates, staticRates } from './api/public/rate-source.js';
import { keptSecret } from './api/secrets.js';
import { lockPublishedDemoLogins, seedDemoAccounts, seedReferenceData } from './api/seed.js';
import { randomIds, systemClock } from './api/system-deps.js';
import type { Config } from './config.js';
import { migrateToLatest } from './database/migrate.js';
import { restoreDroppedIndexes } from './projections/rebuild-indexes.js';
import type { DB } from './database/schema.js';
import { seedDemoOrders } from './api/seed-demo-orders.js';
import { seedDemoPartnerOrders } from './api/seed-partner-orders.js';
import { createProjectionRunner, type ProjectionRunner } from './projections/projection-runner.js';
import { createProjectionThread } from './api/threads/projection-thread.js';
import { backgroundPoolOf, type PostgresConfig } from './api/threads/background-pool.js';
import type { OpenedEventStore } from './projections/opened-event-store.js';
import { chainEventsStoredBeforeTheChain } from './api/audit/chain-backfill.js';
import { loadAuditSigner } from './api/audit/signing-key.js';
import { openEventLog } from './api/event-log.js';
import { createUserCache, USERS_CHANGED_CHANNEL } from './api/auth/user-cache.js';
import { createSessionCache, SESSIONS_CHANGED_CHANNEL } from './api/auth/session-cache.js';
import { createReferenceCache, REFERENCE_CHANGED_CHANNEL } from './api/public/reference-cache.js';
import { KnownOrderStates } from './application/orders/known-order-states.js';
import { createNotifier, type Notifier, type NotifierDeps, type NotifierOptions } from './api/notifications/notifier.js';
import { createNotifierThread } from './api/notifications/notifier-thread.js';
import { createWeChatMessenger, type WeChatMessenger } from './api/notifications/wechat-messages.js';

/** What tests (or another host) may put in place of the configured adapters. */
export interface RuntimeOverrides {
  readonly database?: DatabaseConfig;
  readonly clock?: Clock;
  readonly ids?: Ids;
  readonly mailer?: AppDeps['mailer'];
  readonly wechat?: AppDeps['wechat'];
  readonly payments?: AppDeps['payments'];
  readonly rates?: AppDeps['rates'];
  /** The notifier's timings (tests shorten them) and what it is told of its failures. */
  readonly notifier?: Partial<NotifierOptions>;
  readonly wechatMessages?: WeChatMessenger;
  /**
   * The projector and the notifier each on a thread of its own, on PostgreSQL (main.ts and the
   * benches ask for it; on embedded PGlite, one connection in the main thread, they run there). The
   * notifier's thread builds its own clock, ids, mailer and messenger: no stand-ins can be given.
   */
  readonly backgroundThreads?: boolean;
  /** Told when a projection batch fails (it is retried); main.ts logs it. */
  readonly onProjectionError?: (error: unknown) => void;
  /** The demo's orders, partner and ordinary (outside production); tests that count orders start without them. */
  readonly demoPartnerOrders?: boolean;
}

export interface Runtime {
  readonly deps: AppDeps;
  readonly database: Database<DB>;
  /** main.ts tells it where the server listens. */
  readonly publicBaseUrl: PublicBaseUrl;
  /** Runs while this process leads 'notifier'; tests drive its tick. */
  readonly notifier: Notifier;
  close(): Promise<void>;
}

function databaseConfig(config: Config): DatabaseConfig {
  return config.databaseUrl
    ? { kind: 'postgres', connectionString: config.databaseUrl, queryTimeoutMs: config.databaseQueryTimeoutMs }
    : { kind: 'pglite', dataDir: path.resolve(config.dataDir, 'pglite') };
}

/** The projector's own pool on PostgreSQL (backgroundPoolOf); embedded PGlite is one connection: the same database. */
async function openBackground(database: Database<DB>, config: DatabaseConfig): Promise<Database<DB>> {
  return config.kind === 'postgres' ? createDatabase<DB>(backgroundPoolOf(config)) : database;
}

/** The database the background threads open, when they are asked for and it is PostgreSQL (see `backgroundThreads`). */
function threadedDatabase(database: DatabaseConfig, overrides: RuntimeOverrides): PostgresConfig | undefined {
  return overrides.backgroundThreads && database.kind === 'postgres' ? database : undefined;
}

/** The configured database (or the override), migrated; what the app and the admin scripts open. */
export async function openDatabase(config: Config, override?: DatabaseConfig): Promise<Database<DB>> {
  await mkdir(config.dataDir, { recursive: true });
  const database = await createDatabase<DB>(override ?? databaseConfig(config));
  try {
    await migrateToLatest(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** The mailer on its own thread, stopped when the runtime closes. */
function mailThreadClosedWith(config: Config, closing: (() => Promise<void>)[]) {
  const thread = createMailThread({ mail: config.mail });
  closing.push(() => thread.close());
  return thread;
}

/** The projector, on a thread of its own on `threaded` (threadedDatabase), else on this one. */
function openProjector(
  config: Config,
  overrides: RuntimeOverrides,
  threaded: PostgresConfig | undefined,
  background: Database<DB>,
  eventStore: OpenedEventStore,
  closing: (() => Promise<void>)[],
): ProjectionRunner {
  const onError = overrides.onProjectionError ?? (() => undefined);
  if (!threaded) return createProjectionRunner(background.db, eventStore, { onError });
  const thread = createProjectionThread({ config, database: threaded }, background.db, onError);
  closing.push(() => thread.close());
  return thread;
}

/** The notifier, on a thread of its own on `threaded` (threadedDatabase), else on this one. */
function openNotifier(
  config: Config,
  overrides: RuntimeOverrides,
  threaded: PostgresConfig | undefined,
  deps: Omit<NotifierDeps, 'wechatMessages'>,
  publicBaseUrl: PublicBaseUrl,
  closing: (() => Promise<void>)[],
): Notifier {
  const options = { ...config.notifier, ...overrides.notifier };
  if (threaded) {
    const standIns = (['clock', 'ids', 'mailer', 'wechatMessages'] as const).filter((name) => overrides[name] !== undefined);
    if (standIns.length > 0) throw new Error(`the notifier's thread builds its own ${standIns.join(', ')}: no stand-ins can be given`);
    const { onError, ...timings } = options;
    const thread = createNotifierThread(
      { config, database: threaded, options: timings },
      publicBaseUrl.current,
      onError ?? (() => undefined),
    );
    publicBaseUrl.onChange((url) => thread.publicBaseUrlChanged(url));
    closing.push(() => thread.close());
    return thread;
  }
  const wechatMessages =
    overrides.wechatMessages ?? createWeChatMessenger(config.wechat, config.notifier.sendTimeoutMs, () => deps.clock.now());
  return createNotifier({ ...deps, wechatMessages }, options);
}

/**
 * The composition root's wiring: opens the database (embedded PGlite by default, PostgreSQL with
 * DATABASE_URL) and the event store (the same Postgres, or EventStoreDB with EVENTSTORE_URL), runs
 * the migrations, starts the projections and seeds the reference data once (and, outside
 * production, the demo accounts).
 */
export async function openRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const database = await openDatabase(config, overrides.database);
  const closing: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const step of closing.reverse()) await step().catch(() => undefined);
  };
  try {
    const settings = overrides.database ?? databaseConfig(config);
    const threaded = threadedDatabase(settings, overrides);
    const background = await openBackground(database, settings);
    if (background !== database) closing.push(() => background.close());
    const log = await openEventLog(config, database, background);
    closing.push(() => log.close());
    const { eventStore, storedEvents, keyring } = log;
    const clock = overrides.clock ?? systemClock;
    const ids = overrides.ids ?? randomIds;
    if (!config.eventStoreUrl) await chainEventsStoredBeforeTheChain(database.db, storedEvents, clock, ids);
    // A rebuild killed half-way dropped the read tables' secondary indexes: back before anything reads them.
    await restoreDroppedIndexes(database.db);
    const auditSigner = await loadAuditSigner(config.audit.signingKeyFile, config.audit.generateSigningKey);
    const receiptSigner = await loadAuditSigner(config.receipts.signingKeyFile, config.receipts.generateSigningKey);
    const sessions = createSessionCache(database.db);
    closing.push(await database.listen(SESSIONS_CHANGED_CHANNEL, (id) => sessions.forget(id)));
    // A changed user row (role, erasure, password) came with their sessions ended: forget both at once.
    const users = createUserCache(database.db, (id) => sessions.forgetUser(id));
    closing.push(await database.listen(USERS_CHANGED_CHANNEL, (id) => users.forget(id)));
    const reference = createReferenceCache(database.db);
    closing.push(await database.listen(REFERENCE_CHANGED_CHANNEL, () => reference.forget()));
    const projections = openProjector(config, overrides, threaded, background, eventStore, closing);
    // One process at a time applies the projections (the others' commands project their own rows).
    const projecting = await database.lead('projections', { onGained: () => projections.start(), onLost: () => projections.stop() });
    closing.push(() => projecting.stop());
    const webhookSecret = config.payments.webhookSecret ?? (await keptSecret(config.dataDir, 'webhook-secret'));
    const partnerSecret = config.partnerSecret ?? (await keptSecret(config.dataDir, 'partner-secret'));
    const jwtSecret = config.jwt.secret ?? (await keptSecret(config.dataDir, 'jwt-secret'));
    if (!config.production) await seedDemoAccounts(database.db, clock.now());
    else await lockPublishedDemoLogins(database.db, clock.now());
    const publicBaseUrl = createPublicBaseUrl(config.publicBaseUrl, config);
    const deps: AppDeps = {
      config,
      db: database.db,
      eventStore,
      storedEvents,
      users,
      sessions,
      reference,
      keyring,
      auditSigner,
      receiptSigner,
      projections,
      orderStates: new KnownOrderStates(),
      clock,
      ids,
      jwtSecret: new TextEncoder().encode(jwtSecret),
      rates: overrides.rates ?? (config.ratesUrl ? httpRates(config.ratesUrl) : staticRates()),
      mailer: overrides.mailer ?? mailThreadClosedWith(config, closing),
      wechat: overrides.wechat ?? createWeChatClient(config.wechat),
      payments: overrides.payments ?? createPaymentGateway(config, webhookSecret, publicBaseUrl.current),
      webhookSecret,
      partnerSecret,
      publicBaseUrl: publicBaseUrl.current,
    };
    await seedReferenceData(deps);
    if (!config.production && overrides.demoPartnerOrders !== false) {
      await seedDemoPartnerOrders(deps);
      await seedDemoOrders(deps);
    }
    const notifier = openNotifier(config, overrides, threaded, { ...deps, db: background.db }, publicBaseUrl, closing);
    // One process at a time notifies; it starts after the seeds, so the demo's history is not told.
    const notifying = await database.lead('notifier', { onGained: () => notifier.start(), onLost: () => notifier.stop() });
    closing.push(() => notifying.stop());
    return { deps, database, publicBaseUrl, notifier, close };
  } catch (error) {
    await close();
    throw error;
  }
}
