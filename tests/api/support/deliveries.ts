/** A mail delivery row as the notifier writes it, due a second before `now`, for tests that seed the outbox's queue. */
export function dueMailDelivery(options: {
  readonly userId: number;
  readonly key: string;
  readonly to: string;
  readonly now: Date;
  readonly attempts?: number;
  readonly sendingSince?: Date | null;
}) {
  const { key, now } = options;
  return {
    source_key: key,
    user_id: options.userId,
    channel: 'email' as const,
    kind: 'payer_message',
    order_no: null,
    payload: JSON.stringify({ channel: 'email', to: options.to, subject: key, text: key, html: `<p>${key}</p>` }),
    attempts: options.attempts ?? 0,
    next_attempt_at: new Date(now.getTime() - 1_000),
    sending_since: options.sendingSince ?? null,
    created_at: now,
  };
}
