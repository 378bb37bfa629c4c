import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { EventStoreTables } from '../../eventstore/postgres/index.js';
import type { OrdersTable, ReadModelTables } from '../projections/tables.js';
import type { WarehouseTables } from '../projections/warehouse-tables.js';
import type { AuthTables } from './auth-tables.js';
import type { NotificationTables } from './notification-tables.js';
import type { ReceiptTables } from './receipt-tables.js';
import type { ReconciliationTables } from './reconciliation-tables.js';
import type { ReferenceTables, ResourcesTable, UsersTable } from './reference-tables.js';

/**
 * The one Database interface: the order read tables fed from the log (src/projections), the
 * reference data the API keeps directly, and the event store's own tables. One database holds all
 * three, so a query may join them (an order with its owner, say).
 */
export type DB = ReadModelTables &
  WarehouseTables &
  ReferenceTables &
  AuthTables &
  ReconciliationTables &
  NotificationTables &
  ReceiptTables &
  EventStoreTables;

/** Where a query runs: the database, or a transaction in it (a projector runs in either). */
export type Db = Transaction<DB> | Kysely<DB>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Resource = Selectable<ResourcesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
