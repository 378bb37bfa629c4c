import { groupMayDo, orderStreamId, type OrderMessageView } from '../../domain/index.js';
import { maskValue as maskNullable } from '../audit/changes.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { actorOf, textOf } from '../event-fields.js';
import { namesOf } from '../manage/order-funds.js';
import { openEvent } from '../privacy/event-privacy.js';
import { streamEvents } from '../stream-events.js';

type ThreadDeps = Pick<AppDeps, 'db' | 'eventStore' | 'keyring'>;

/**
 * The order's thread (DESIGN.md section 11), read from its events: staff see who wrote each
 * message; a payer sees the back office as one side, without its people's names. An auditor reads
 * the texts and the payer's name masked; an erased person's messages read as erased.
 */
export async function orderThread(deps: ThreadDeps, orderId: string, reader: AuthUser): Promise<OrderMessageView[]> {
  const stored = (await streamEvents(deps.eventStore, orderStreamId(orderId))).filter((event) => event.type === 'OrderMessagePosted');
  const opened = await Promise.all(stored.map((event) => openEvent(event, deps.keyring)));
  const staffReads = groupMayDo(reader.group, 'backOffice.read');
  const seesPeople = groupMayDo(reader.group, 'personal.read');
  const nameOf = await namesOf(
    deps,
    opened.map((event) => actorOf(event)),
    reader,
  );
  return opened.map((event) => {
    const data = event.data as { message_id?: unknown; text?: unknown };
    const actor = actorOf(event);
    const side = actor.role === 'payer' ? 'payer' : 'back_office';
    const text = textOf(data.text);
    return {
      id: textOf(data.message_id),
      side,
      author_name: staffReads || side === 'payer' ? nameOf(actor) : '',
      text: staffReads && !seesPeople ? (maskNullable(text) ?? '') : text,
      at: textOf(event.metadata['occurred_at']),
    };
  });
}
