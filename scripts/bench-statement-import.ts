/**
 * `npm run bench:statements`: a day's statement of the reserve account imported on PostgreSQL
 * (issue 23). Seeds BENCH_ORDERS (2,000) orders awaiting money, writes a CAMT.053 of BENCH_ENTRIES
 * (10,000) entries, one crediting each order in full and the rest naming no order, and times the
 * import (parse, match, store, credit every order, mark the entries), then the same file again
 * (every entry a duplicate). A fresh database on BENCH_DATABASE_URL (default the local server) is
 * created and dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { BANK_TRANSFER, fillPayerDetails, type OrderCommand } from '../src/domain/index.js';
import { runOrderCommands } from '../src/api/orders/order-commands.js';
import { importStatement } from '../src/api/reconciliation/import-statement.js';
import type { StatementEntry } from '../src/api/reconciliation/statement.js';
import { findResource, institutionOf } from '../src/api/public/resources.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { createFreshPostgresDatabase } from '../tests/eventstore/helpers/fresh-postgres.js';
import { camt053Of } from '../tests/api/reconciliation/statement-files.js';
import { BENCH_ACCOUNT } from './bench-orders.js';

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 2_000);
const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 10_000);
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEEDING_PARALLEL = 8;

const PAYER = fillPayerDetails({
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: '',
  student_first_name_pinyin: '',
  student_email: 'zhang@example.com',
  student_idcode: '110101199003071234',
  payer_relation: '本人',
  payer_last_name: '',
  payer_first_name: '',
  payer_code: '+86',
  payer_phone: '13800138000',
  payer_idcode: '',
  accept_reference: 'Invoice 42',
});

const userId = async (runtime: Runtime, email: string) =>
  (await runtime.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Orders at 2 (awaiting documents, money due), created as their payer would; returns their numbers and amounts due. */
async function seedOrders(runtime: Runtime): Promise<{ order_no: string; due: string }[]> {
  const { deps } = runtime;
  const actor = { id: String(await userId(runtime, 'payer@example.com')), role: 'payer' as const };
  const resource = institutionOf(await findResource(deps.db, '1004'));
  const ids = Array.from({ length: ORDERS }, () => deps.ids.uuid());
  const queue = ids.map((id, index) => ({ id, sequence: 500_000 + index }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const commands: OrderCommand[] = [
        { type: 'createOrder', order_id: next.id, resource, amount: '5000', sequence: next.sequence },
        { type: 'saveRecipientAccount', account: BENCH_ACCOUNT },
        { type: 'savePayerDetails', payer: PAYER },
        { type: 'confirmOrder', rate: '7.8', markup: '0.01', deadline_ms: 72 * 3600_000 },
        { type: 'choosePaymentMethod', bank: BANK_TRANSFER, reserve: deps.config.reserveAccount },
      ];
      await runOrderCommands(deps, next.id, commands, actor, { newStream: true });
    }
  };
  await Promise.all(Array.from({ length: SEEDING_PARALLEL }, worker));
  const rows = await deps.db.selectFrom('orders').select(['order_no', 'cny_amount']).where('kind', '=', 'order').execute();
  return rows.map((row) => ({ order_no: row.order_no, due: row.cny_amount! }));
}

function statementOf(orders: readonly { order_no: string; due: string }[]): string {
  const entries: StatementEntry[] = Array.from({ length: ENTRIES }, (_, index) => {
    const order = orders[index];
    return {
      entry_ref: `BENCH-${String(index).padStart(6, '0')}`,
      booking_date: '2026-11-26',
      amount_cny: order ? order.due : `${(index % 900) + 100}.00`,
      direction: 'credit',
      payer_name: '张三丰',
      payer_account: '6222020200112233445',
      postscript: order ? `学费 ${order.order_no}` : `转账 ${index}`,
    };
  });
  return camt053Of(entries);
}

const fresh = await createFreshPostgresDatabase(SERVER_URL);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-statements-'));
const runtime = await openRuntime(
  loadConfig({ DATA_DIR: dataDir, DATABASE_URL: fresh.connectionString, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://localhost' }),
  { demoPartnerOrders: false },
);
try {
  let started = performance.now();
  const orders = await seedOrders(runtime);
  console.log(`seeded ${orders.length} orders awaiting money in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const bytes = new TextEncoder().encode(statementOf(orders));
  const admin = { id: await userId(runtime, 'admin@example.com') };
  const file = { name: 'bench.xml', bytes };
  started = performance.now();
  const first = await importStatement(runtime.deps, file, admin);
  const firstSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await importStatement(runtime.deps, file, admin);
  const againSeconds = (performance.now() - started) / 1000;
  const paid = await runtime.deps.db.selectFrom('orders').select('id').where('balance_cny', '=', '0').where('paid_cny', '>', '0').execute();
  console.log(`statement: ${ENTRIES} entries, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB of CAMT.053`);
  console.log(`first import: ${firstSeconds.toFixed(2)} s`, first);
  console.log(`same file again: ${againSeconds.toFixed(2)} s`, again);
  console.log(`orders paid in full: ${paid.length}`);
} finally {
  await runtime.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
