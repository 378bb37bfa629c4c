import { z } from 'zod';
import { MARKUP_FIELDS } from '../reference/markups.js';
import { fileEntry, orderView } from './order.js';
import { fundsView, ORDER_QUEUES } from './funds.js';

const isoInstant = z.iso.datetime();

/** manage/statistic: users, orders (both kinds) and institutions, and orders per status. */
export const manageStatistic = z
  .object({
    user: z.number().int(),
    order: z.number().int(),
    resource: z.number().int(),
    status_counts: z.record(z.string(), z.number().int()).describe('status code → number of orders'),
    approvals_pending: z.number().int().describe('proposals waiting for a second admin'),
    queue_counts: z
      .record(z.enum(ORDER_QUEUES), z.number().int())
      .describe('work queue → number of ordinary orders in it (DESIGN.md section 10)'),
    sla_hours: z.number().int().describe('QUEUE_SLA_HOURS: a row whose status_since is older than this is overdue'),
  })
  .meta({ id: 'ManageStatistic' });
export type ManageStatistic = z.infer<typeof manageStatistic>;

/** A row of the back office's user table (SPEC.md section 3 "User", plus email and group). */
export const manageUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    group: z.number().int(),
    unionid: z.string().nullable(),
    created_at: isoInstant,
  })
  .meta({ id: 'ManageUser' });
export type ManageUser = z.infer<typeof manageUser>;

/** An institution as the back office sees it: every field, account details included. */
export const manageResource = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string(),
    code: z.string(),
    currency: z.string(),
    country: z.string(),
    account_no: z.string(),
    account_name: z.string(),
    account_address: z.string(),
    account_bank: z.string(),
    swift: z.string(),
    transit_code: z.string(),
    bank_branches: z.string(),
    preset_account: z.boolean(),
    updated_at: isoInstant,
  })
  .meta({ id: 'ManageResource' });
export type ManageResource = z.infer<typeof manageResource>;

export const partnerFields = z.object({
  gic_order_id: z.string(),
  from: z.string(),
  target: z.string(),
  gic_rate: z.string(),
  cny_fee: z.string(),
  gic_profit: z.string(),
  student_name: z.string(),
  payer_name: z.string(),
});

/**
 * A partner order's own fields stand on the order itself too ("extra to order"), where a client
 * built from the specification reads them; absent on an ordinary order. `partner` groups the same.
 */
const partnerExtras = partnerFields.partial().shape;

/** A row of the order tables (ordinary and partner). */
export const manageOrderRow = z
  .object({
    id: z.string(),
    order_no: z.string(),
    kind: z.enum(['order', 'partner']),
    status: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    cny_amount: z.string().nullable(),
    resource: z.string(),
    resource_name: z.string(),
    student_last_name: z.string(),
    student_first_name: z.string(),
    student_last_name_pinyin: z.string(),
    student_first_name_pinyin: z.string(),
    payer_phone: z.string(),
    user: z.object({ id: z.number().int(), email: z.string().nullable() }),
    active_upload_document: z.boolean(),
    created_at: isoInstant,
    status_since: isoInstant.describe('when the current status began'),
    balance_cny: z.string().describe('received − refunded − due: negative is still owed, positive is to refund'),
    partner: partnerFields.nullable(),
    ...partnerExtras,
  })
  .meta({ id: 'ManageOrderRow' });
export type ManageOrderRow = z.infer<typeof manageOrderRow>;

/** One event of an order's history, as the admin's order page lists it. */
export const historyEntry = z.object({
  revision: z.number().int(),
  type: z.string(),
  at: isoInstant,
  actor: z.object({ id: z.string(), role: z.string() }),
  /** Who acted, in words: a person's name, or the payment provider, the bank, the system. */
  actor_name: z.string(),
  status_before: z.number().int().nullable(),
  status_after: z.number().int(),
  /** The person's reason for a status change, refund or match by hand ('' when none was asked). */
  reason: z.string(),
  /** The money the event moved ('' when none). */
  amount_cny: z.string(),
});

/**
 * The partner's fields on the order itself as well, as the specification's clients read them
 * (nothing for an ordinary order); added after masking, so an auditor reads them masked too.
 */
export const withPartnerExtras = <T extends { readonly partner: z.infer<typeof partnerFields> | null }>(view: T): T => ({
  ...view,
  ...view.partner,
});

/** manage/order/find: the whole order, what an admin may set now, and its history. */
export const manageOrderDetail = orderView
  .extend({
    kind: z.enum(['order', 'partner']),
    partner: partnerFields.nullable(),
    ...partnerExtras,
    settable_statuses: z.array(z.number().int()).describe('asked from the order machine for this order now'),
    funds: fundsView,
    materials_note: z.string().describe("the bank's last request for more materials"),
    status_since: z.iso.datetime().describe('when the current status began'),
    history: z.array(historyEntry),
  })
  .meta({ id: 'ManageOrderDetail' });
export type ManageOrderDetail = z.infer<typeof manageOrderDetail>;

/** manage/changeUploadDocument: the link's state after the toggle. */
export const uploadLinkState = z.object({
  id: z.string(),
  active_upload_document: z.boolean(),
  upload_document_token: z.string().nullable(),
  upload_document_url: z.string().nullable().describe('/upload_documents/{token}, or null when off'),
});

export const manageFiles = z.object({ id: z.string(), jsfile: z.array(fileEntry) });

export const markupsView = z.object(
  Object.fromEntries(MARKUP_FIELDS.map((field) => [field, z.string()])) as Record<(typeof MARKUP_FIELDS)[number], z.ZodString>,
);
export const noticeView = z.object({ notice: z.string(), notice_en: z.string(), notice_de: z.string() });
export type NoticeView = z.infer<typeof noticeView>;

/** What a change that needs a second admin answers (202): the proposal's id, and '已提交审批'. */
export const proposalSubmitted = z
  .object({ data: z.object({ approval_id: z.string(), message: z.string() }) })
  .meta({ id: 'ProposalSubmitted', description: 'Submitted for approval: nothing changes until a second admin approves.' });
export type ProposalSubmitted = z.infer<typeof proposalSubmitted>;

const approvalPerson = z.object({ id: z.number().int(), name: z.string() });

/** A proposal as the approvals tab lists it: what it changes (field by field), who proposed and who decided. */
export const approvalView = z
  .object({
    id: z.string(),
    kind: z.enum(['institution', 'markups', 'user_group', 'refund', 'credit_assignment']),
    state: z.enum(['pending', 'approved', 'rejected']),
    target: z
      .object({ id: z.number().int().nullable(), label: z.string() })
      .describe('the institution or user it changes; null for the markups and for an order (labelled by its number)'),
    changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
    proposed_by: approvalPerson,
    proposed_at: isoInstant,
    decided_by: approvalPerson.nullable(),
    decided_at: isoInstant.nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Approval' });
export type ApprovalView = z.infer<typeof approvalView>;

const cnyAmount = z.string().describe('CNY, two decimals');

/** One China-time day of one currency on the dashboard. */
export const dashboardDay = z.object({
  day: z.iso.date().describe('a calendar day, China time'),
  currency: z.string(),
  received_cny: cnyAmount.describe('payments and matched bank credits booked that day'),
  paid_orders: z.number().int().describe('orders that received money that day'),
  created_orders: z.number().int().describe('orders created that day'),
});

/** manage/dashboard: the last 30 China-time days of ordinary orders, and how far the orders created in them got. */
export const manageDashboard = z
  .object({
    from: z.iso.date().describe('the first day (China time); the last is today'),
    days: z.array(dashboardDay).describe('one entry per day and currency that had money or new orders, oldest first'),
    funnel: z
      .object({
        created: z.number().int(),
        confirmed: z.number().int().describe('priced and confirmed (a CNY amount locked)'),
        paid: z.number().int().describe('money in (received > 0)'),
        remitting: z.number().int().describe('reached remitting (6)'),
        complete: z.number().int().describe('complete (7)'),
      })
      .describe('of the ordinary orders created since `from`'),
  })
  .meta({ id: 'ManageDashboard' });
export type ManageDashboard = z.infer<typeof manageDashboard>;
