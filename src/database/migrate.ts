import { Migrator, NO_MIGRATIONS, type Kysely, type Migration } from 'kysely';
import { migrateEventStoreToLatest } from '../../eventstore/postgres/index.js';
import { throwIfMigrationFailed } from '../../eventstore/postgres/migrate.js';
import { appTables } from './migrations/0001-app.js';
import { webhookPayload } from './migrations/0002-webhook-payload.js';
import { overpayments } from './migrations/0003-overpayments.js';
import { partnerOrders } from './migrations/0004-partner-orders.js';
import { backOffice } from './migrations/0005-back-office.js';
import { audit } from './migrations/0006-audit.js';
import { warehouse } from './migrations/0007-warehouse.js';
import { usersChanged } from './migrations/0008-users-changed.js';
import { rateLimits } from './migrations/0009-rate-limits.js';
import { referenceChanged } from './migrations/0010-reference-changed.js';
import { statusDeltas } from './migrations/0011-status-deltas.js';
import { subjectKeysChanged } from './migrations/0012-subject-keys-changed.js';
import { orderProject } from './migrations/0013-order-project.js';
import { orderRowsAt } from './migrations/0014-order-rows-at.js';
import { reserveAccountNo } from './migrations/0015-reserve-account-no.js';
import { resourceTransitCode } from './migrations/0016-resource-transit-code.js';
import { orderNumber } from './migrations/0017-order-number.js';
import { orderNumberSequence } from './migrations/0018-order-number-sequence.js';
import { approvals } from './migrations/0019-approvals.js';
import { sessions } from './migrations/0025-sessions.js';
import { secondFactor } from './migrations/0026-second-factor.js';
import { erasureReachesFiles } from './migrations/0030-erasure-reaches-files.js';
import { orderFunds } from './migrations/0031-order-funds.js';
import { reconciliation } from './migrations/0032-reconciliation.js';
import { workQueues } from './migrations/0033-work-queues.js';
import { notifications } from './migrations/0034-notifications.js';
import { receipts } from './migrations/0036-receipts.js';
import { outboundNumbers } from './migrations/0039-outbound-numbers.js';
import { ordersAwaitingReply } from './migrations/0040-orders-awaiting-reply.js';
import { deliveryInFlight } from './migrations/0043-delivery-in-flight.js';
import { wechatMpOpenid } from './migrations/0044-wechat-mp-openid.js';
import { rebuildDroppedIndexes } from './migrations/0046-rebuild-dropped-indexes.js';
import { triggerSkipsSequenceNumbers } from './migrations/0047-trigger-skips-sequence-numbers.js';

/**
 * In order. The keys are the names every database keeps in `kysely_migration`: never rename one, nor
 * edit one that has shipped (the files may move; the names stay).
 */
const migrations: Record<string, Migration> = {
  '0001-app': appTables,
  '0002-webhook-payload': webhookPayload,
  '0003-overpayments': overpayments,
  '0004-partner-orders': partnerOrders,
  '0005-back-office': backOffice,
  '0006-audit': audit,
  '0007-warehouse': warehouse,
  '0008-users-changed': usersChanged,
  '0009-rate-limits': rateLimits,
  '0010-reference-changed': referenceChanged,
  '0011-status-deltas': statusDeltas,
  '0012-subject-keys-changed': subjectKeysChanged,
  '0013-order-project': orderProject,
  '0014-order-rows-at': orderRowsAt,
  '0015-reserve-account-no': reserveAccountNo,
  '0016-resource-transit-code': resourceTransitCode,
  '0017-order-number': orderNumber,
  '0018-order-number-sequence': orderNumberSequence,
  '0019-approvals': approvals,
  '0025-sessions': sessions,
  '0026-second-factor': secondFactor,
  '0030-erasure-reaches-files': erasureReachesFiles,
  '0031-order-funds': orderFunds,
  '0032-reconciliation': reconciliation,
  '0033-work-queues': workQueues,
  '0034-notifications': notifications,
  '0036-receipts': receipts,
  '0039-outbound-numbers': outboundNumbers,
  '0040-orders-awaiting-reply': ordersAwaitingReply,
  '0043-delivery-in-flight': deliveryInFlight,
  '0044-wechat-mp-openid': wechatMpOpenid,
  '0046-rebuild-dropped-indexes': rebuildDroppedIndexes,
  '0047-trigger-skips-sequence-numbers': triggerSkipsSequenceNumbers,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
const migrator = (db: Kysely<any>) => new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });

/** Event-store tables first, then the application's. Throws if any migration failed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await migrateEventStoreToLatest(db);
  throwIfMigrationFailed(await migrator(db).migrateToLatest(), 'Migration');
}

/** Undoes the application's migrations (the event log stays). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateAppDown(db: Kysely<any>): Promise<void> {
  throwIfMigrationFailed(await migrator(db).migrateTo(NO_MIGRATIONS), 'Migration');
}
