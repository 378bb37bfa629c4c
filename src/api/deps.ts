import type { Kysely } from 'kysely';
import type { EventStore } from '../../eventstore/port.js';
import type { OpenedEventStore } from '../projections/opened-event-store.js';
import type { Config } from '../config.js';
import type { ProjectionRunner } from '../projections/projection-runner.js';
import type { KnownOrderStates } from '../application/orders/known-order-states.js';
import type { DB } from '../database/schema.js';
import type { Mailer } from './auth/mailer.js';
import type { WeChatClient } from './auth/wechat.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { RateSource } from './public/rate-source.js';
import type { Keyring } from './privacy/keyring.js';
import type { UserCache } from './auth/user-cache.js';
import type { SessionCache } from './auth/session-cache.js';
import type { ReferenceCache } from './public/reference-cache.js';
import type { AuditSigner } from './audit/signing-key.js';

/** Time and randomness come from here, so tests can hold them still. */
export interface Clock {
  now(): Date;
}
export interface Ids {
  uuid(): string;
  /** A URL-safe random token of `bytes` random bytes (default 32). */
  token(bytes?: number): string;
}

/** Everything the HTTP application needs, wired by the composition root (src/main.ts) or a test. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Kysely<DB>;
  /** The log as the application reads it: personal fields opened (or erased), hashes added on append. */
  readonly eventStore: OpenedEventStore;
  /** The same log as stored: sealed personal fields, hash chains; what the audit checks. */
  readonly storedEvents: EventStore;
  /** Institutions and markups for the payer's steps and the public calls, cached between their changes. */
  readonly reference: ReferenceCache;
  /** Signed-in users, cached between their changes (auth/user-cache.ts). */
  readonly users: UserCache;
  /** Open sessions, cached between their changes (auth/session-cache.ts). */
  readonly sessions: SessionCache;
  /** The data subjects' keys that seal personal fields. */
  readonly keyring: Keyring;
  /** Signs audit checkpoints (a key outside the database). */
  readonly auditSigner: AuditSigner;
  /** Signs payment receipts (a key of its own, outside the database). */
  readonly receiptSigner: AuditSigner;
  readonly projections: ProjectionRunner;
  /** Orders' states this process knows at a revision: the notifier's, and those a statement import credited. */
  readonly orderStates: KnownOrderStates;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly jwtSecret: Uint8Array;
  /** The base of links in mails and pages: PUBLIC_BASE_URL, or where the server listens (known after listen). */
  publicBaseUrl(): string;
  readonly rates: RateSource;
  readonly mailer: Mailer;
  readonly wechat: WeChatClient;
  readonly payments: PaymentGateway;
  /** HMAC-SHA256 key of the payment provider's and the bank's signed calls. */
  readonly webhookSecret: string;
  /** HMAC-SHA256 key of the partners' signed order intake. */
  readonly partnerSecret: string;
}
