import type { OrderEvent } from './events.js';

/** The longest message a payer or the back office may post on an order (DESIGN.md section 11). */
export const MESSAGE_MAX_CHARACTERS = 2000;

/** Which side of the thread wrote a message: the payer, or the back office (any admin). */
export type MessageSide = 'payer' | 'back_office';

export interface ThreadMessage {
  readonly id: string;
  readonly side: MessageSide;
  readonly author_id: string;
  readonly text: string;
  readonly at: string;
}

/** The order's message thread, oldest first, read from its events. */
export function threadOf(events: readonly OrderEvent[]): ThreadMessage[] {
  return events.flatMap((event) =>
    event.type === 'OrderMessagePosted'
      ? [
          {
            id: event.data.message_id,
            side: event.meta.actor.role === 'payer' ? 'payer' : 'back_office',
            author_id: event.meta.actor.id,
            text: event.data.text,
            at: event.meta.occurred_at,
          },
        ]
      : [],
  );
}
