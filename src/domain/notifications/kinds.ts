/** What a notification is about (DESIGN.md section 11, "Who is told what"). */
export const PAYER_KINDS = [
  'order_confirmed',
  'money_received',
  'money_short',
  'materials_requested',
  'status_changed',
  'timed_out',
  'refund_recorded',
  'deadline_reminder',
  'message_answered',
] as const;
const ADMIN_KINDS = [
  'transfer_declared',
  'documents_uploaded',
  'statement_unmatched',
  'overpayment',
  'approval_waiting',
  'payer_message',
] as const;
export const NOTIFICATION_KINDS = [...PAYER_KINDS, ...ADMIN_KINDS] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export type AdminKind = (typeof ADMIN_KINDS)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Mails a payer cannot switch off: without them an order stalls or times out unnoticed. */
export const ESSENTIAL_KINDS: readonly PayerKind[] = ['materials_requested', 'money_short', 'deadline_reminder'];
export const isEssential = (kind: NotificationKind): boolean => (ESSENTIAL_KINDS as readonly string[]).includes(kind);
