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
] as const;
export const ADMIN_KINDS = ['transfer_declared', 'documents_uploaded', 'statement_unmatched', 'overpayment', 'approval_waiting'] as const;
export const NOTIFICATION_KINDS = [...PAYER_KINDS, ...ADMIN_KINDS] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export type AdminKind = (typeof ADMIN_KINDS)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Mails a payer cannot switch off: without them an order stalls or times out unnoticed. */
export const ESSENTIAL_KINDS: readonly PayerKind[] = ['materials_requested', 'money_short', 'deadline_reminder'];
export const isEssential = (kind: NotificationKind): boolean => (ESSENTIAL_KINDS as readonly string[]).includes(kind);
export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The channels a notification goes out on; in-app is always, the others where the user can be reached. */
export const CHANNELS = ['in_app', 'email', 'wechat'] as const;
export type Channel = (typeof CHANNELS)[number];
