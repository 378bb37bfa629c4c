import { z } from 'zod';
import { orderView } from './order.js';
import { rowIdField } from '../validation/fields.js';

const isoInstant = z.iso.datetime({ offset: true });
/** Revisions travel as decimal strings (a stream may outgrow 2^53). */
const revision = z.string().regex(/^(0|[1-9]\d*)$/, 'a revision is a whole number');

export const auditOrderRequest = z.object({ id: z.string().trim().min(1).max(64) }).meta({ id: 'AuditOrderRequest' });

/** A revision as a request gives it: a JSON number, or a string of digits (revisions can outgrow a double). */
const revisionGiven = z
  .union([revision, z.number().int('a revision is a whole number').min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => String(value));

/** An order as it stood after a revision, or at an instant: exactly one of the two. */
export const auditAsOfRequest = z
  .object({ id: z.string().trim().min(1).max(64), revision: revisionGiven.optional(), at: isoInstant.optional() })
  .refine((value) => (value.revision === undefined) !== (value.at === undefined), {
    message: 'give revision or at, not both',
    path: ['revision'],
  })
  .meta({ id: 'AuditAsOfRequest' });

export const auditSettingsRequest = z
  .object({ stream: z.enum(['markups', 'notice', 'resource']), id: rowIdField.optional() })
  .refine((value) => (value.stream === 'resource') === (value.id !== undefined), {
    message: 'an institution needs its id; markups and notice take none',
    path: ['id'],
  })
  .meta({ id: 'AuditSettingsRequest' });

export const auditActor = z.object({ id: z.string(), role: z.string(), name: z.string() });

/** One field an event changed; personal values are masked for auditors. */
export const auditChange = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });

export const auditHistoryEntry = z
  .object({
    revision,
    type: z.string(),
    event_id: z.string(),
    occurred_at: z.string(),
    actor: auditActor,
    status_before: z.number().int().nullable(),
    status_after: z.number().int().nullable(),
    changes: z.array(auditChange),
    hash: z.string().nullable(),
  })
  .meta({ id: 'AuditHistoryEntry' });
export type AuditHistoryEntry = z.infer<typeof auditHistoryEntry>;

export const chainProblemKind = z.enum(['hash_mismatch', 'hash_missing', 'revision_gap']);

/** What the audit found about one stream: its chain, the last checkpoint over it, the read row against replay, its files. */
export const auditVerification = z
  .object({
    chain: z.object({
      intact: z.boolean(),
      broken_at: revision.nullable(),
      problem: chainProblemKind.nullable(),
      unchained: z.number().int(),
    }),
    checkpoint: z
      .object({
        sequence: z.number().int(),
        taken_at: z.string(),
        signature_valid: z.boolean(),
        /** The stream's revision the checkpoint signed, null when the stream is newer than it. */
        covers_revision: revision.nullable(),
        matches: z.boolean(),
      })
      .nullable(),
    projection: z.object({ matches: z.boolean(), fields: z.array(z.string()) }),
    files: z.object({
      checked: z.number().int(),
      problems: z.array(z.object({ uid: z.string(), problem: z.enum(['missing', 'hash_differs']) })),
      /** Files whose bytes an erasure destroyed: their hashes stay in the events; not a problem. */
      erased: z.array(z.string()),
    }),
  })
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof auditVerification>;

export const auditOrderHistory = z
  .object({ id: z.string(), events: z.array(auditHistoryEntry), verification: auditVerification })
  .meta({ id: 'AuditOrderHistory' });
export type AuditOrderHistory = z.infer<typeof auditOrderHistory>;

export const auditOffered = z.object({ type: z.string(), roles: z.array(z.string()) });

export const auditOrderAsOf = z
  .object({
    id: z.string(),
    revision,
    occurred_at: z.string(),
    order: orderView,
    display: z
      .object({
        segment: z.number().int(),
        colour: z.enum(['green', 'grey', 'red']),
        step: z.number().int(),
        panel: z.number().int().nullable(),
        textKey: z.string(),
      })
      .nullable(),
    offered: z.array(auditOffered),
    settable_statuses: z.array(z.number().int()),
  })
  .meta({ id: 'AuditOrderAsOf' });
export type AuditOrderAsOf = z.infer<typeof auditOrderAsOf>;

export const auditSettingsHistory = z
  .object({ stream: z.string(), events: z.array(auditHistoryEntry) })
  .meta({ id: 'AuditSettingsHistory' });

export const auditCheckpointView = z
  .object({
    sequence: z.number().int(),
    taken_at: z.string(),
    streams: z.number().int(),
    events: z.number().int(),
    root: z.string(),
    key_id: z.string(),
    file: z.string(),
  })
  .meta({ id: 'AuditCheckpoint' });

export const auditProblem = z.object({ stream: z.string(), revision: revision.nullable(), field: z.string(), problem: z.string() });
export type AuditProblem = z.infer<typeof auditProblem>;

export const auditVerifyReport = z
  .object({
    ok: z.boolean(),
    streams: z.number().int(),
    events: z.number().int(),
    unchained: z.number().int(),
    orders: z.number().int(),
    files: z.number().int(),
    /** Files whose bytes an erasure destroyed (not counted in `files`, not a problem). */
    files_erased: z.number().int(),
    checkpoint: z.object({ sequence: z.number().int(), taken_at: z.string(), signature_valid: z.boolean() }).nullable(),
    problems: z.array(auditProblem),
    duration_ms: z.number(),
    events_per_second: z.number(),
  })
  .meta({ id: 'AuditVerifyReport' });
export type AuditVerifyReport = z.infer<typeof auditVerifyReport>;

export const eraseUserRequest = z.object({ id: rowIdField }).meta({ id: 'EraseUserRequest' });

/**
 * The evidence pack of one order (POST /api/v1/audit/order/evidence): its stored events with their
 * hash chain, the signed checkpoint that covers the stream's head with the Merkle path to its root,
 * the public key, and the files' hashes. Personal fields stay sealed as stored. Checked offline by
 * `npm run audit:check-pack FILE`: nothing here needs the database.
 */
export const PACK_FORMAT = 'overseas-pay-evidence/1';

const streamRevision = z.string().regex(/^(0|[1-9]\d*)$/);
const jsonObject = z.record(z.string(), z.unknown());
export const evidencePack = z.object({
  format: z.literal(PACK_FORMAT),
  order_id: z.string(),
  stream: z.string(),
  generated_at: z.string(),
  events: z.array(
    z.object({
      stream_id: z.string(),
      revision: streamRevision,
      id: z.string(),
      type: z.string(),
      data: jsonObject,
      metadata: jsonObject,
      recorded_at: z.string(),
    }),
  ),
  /** `erased`: an erasure destroyed the bytes (the hash stays recorded); absent in packs made before it existed. */
  files: z.array(z.object({ uid: z.string(), name: z.string(), size: z.number(), sha256: z.string(), erased: z.boolean().optional() })),
  checkpoint: z
    .object({
      body: z.object({
        sequence: z.number(),
        taken_at: z.string(),
        log_position: z.string(),
        streams: z.number(),
        events: z.number(),
        root: z.string(),
        key_id: z.string(),
      }),
      signature: z.string(),
      public_key: z.string(),
      leaf: z.tuple([z.string(), streamRevision, z.string()]),
      index: z.number().int(),
      path: z.array(z.string()),
    })
    .nullable(),
});
export type EvidencePack = z.infer<typeof evidencePack>;

/** The auditors' log across all orders (DESIGN.md section 8): each filter optional; `from` inclusive, `to` exclusive. */
export const auditLogFilter = z.object({
  actor: z.string().trim().min(1).max(100).optional().describe("the actor's id (a user's id, or bank, system, …)"),
  type: z.string().trim().min(1).max(100).optional().describe('an event type, e.g. OrderStatusSet'),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});
export const auditLogRequest = auditLogFilter
  .extend({ cursor: z.string().max(500).optional().describe("the previous page's next_cursor") })
  .meta({ id: 'AuditLogRequest' });
export type AuditLogFilter = z.infer<typeof auditLogFilter>;

export const auditLogEntry = z.object({
  event_id: z.string(),
  stream: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  revision,
  actor: z.object({ id: z.string(), role: z.string() }),
  type: z.string(),
  occurred_at: isoInstant,
  status_before: z.number().int().nullable(),
  status_after: z.number().int(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** Newest first; next_cursor is null on the last page. */
export const auditLogPage = z.object({ data: z.array(auditLogEntry), next_cursor: z.string().nullable() }).meta({ id: 'AuditLogPage' });
