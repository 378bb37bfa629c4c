import { dataSubjectOf, message, userStreamId, type Actor } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { appendReference, streamRevision } from '../manage/reference-commands.js';
import { eventMeta } from '../recorded-events.js';
import { streamEvents } from '../stream-events.js';
import { purgePerson } from './purge-person.js';

type EraseDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring' | 'users' | 'reference' | 'config'>;

/**
 * Erases a paying user's personal data (PIPL / GDPR) by destroying their key: their sealed fields
 * read as erased in every replay, history and pack, their orders keep every status and amount, and
 * the hash chains stay valid (they are over the sealed form). Then what is kept outside the log
 * goes (purge-person.ts: their files' bytes, webhook bodies, reset rows, rate-limit keys, outbox
 * mails), and the erasure is recorded as
 * PersonalDataErased on the user's stream, which clears the account and the read rows. The key
 * goes first: if recording fails, erasing again records it. Staff are not erased (demote first).
 */
export async function eraseUser(deps: EraseDeps, userId: number, actor: Actor): Promise<void> {
  const user = await deps.db.selectFrom('users').select(['id', 'group']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError('user_not_found', message('reference.userNotFound'));
  if (user.group !== 0) throw new HttpError('erase_refused', message('audit.staffNotErasable'));
  const stream = userStreamId(userId);
  const subject = dataSubjectOf({ owner_id: String(userId), id: '' });
  // The key first: from now on nothing new of theirs (an upload, a note) can be sealed and kept.
  await deps.keyring.erase(subject, deps.clock.now());
  // Then what is kept outside the log, while their order rows still say which addresses to look for.
  await purgePerson(deps, userId, deps.clock.now());
  const recorded = (await streamEvents(deps.eventStore, stream)).some((event) => event.type === 'PersonalDataErased');
  if (recorded) return;
  await appendReference(
    deps,
    stream,
    { type: 'PersonalDataErased', data: { user_id: userId, subject }, meta: eventMeta(deps, actor) },
    await streamRevision(deps, stream),
  );
  deps.users.forget(userId);
}
