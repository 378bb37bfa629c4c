import type { Kysely } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { DB, Db } from '../database/schema.js';
import { endSessionsOf } from '../database/sessions.js';
import { writeSetting } from '../database/settings.js';
import { ERASED, isReferenceStream, toReferenceEvent, type NoticeTranslations, type ReferenceEvent } from '../domain/index.js';
import { eraseOrdersOf, type Applied } from './order-projector.js';
import { applyOnce } from './stream-revisions.js';

const NO_TRANSLATIONS: NoticeTranslations = { 'en-US': '', 'de-DE': '' };

async function applyFact(trx: Db, event: ReferenceEvent): Promise<void> {
  const at = new Date(event.meta.occurred_at);
  switch (event.type) {
    case 'MarkupsChanged':
      return writeSetting(trx, 'markups', event.data.markups, at);
    case 'NoticeChanged':
      await writeSetting(trx, 'notice', event.data.notice, at);
      return writeSetting(trx, 'notice_translations', event.data.translations ?? NO_TRANSLATIONS, at);
    case 'InstitutionRegistered':
    case 'InstitutionChanged': {
      // Institutions recorded before the transit code and branch existed had none.
      const { transit_code = '', bank_branches = '', ...fields } = event.data.institution;
      const row = { ...fields, transit_code, bank_branches, updated_at: at };
      await trx
        .insertInto('resources')
        .values({ id: event.data.id, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'UserGroupChanged':
      await trx.updateTable('users').set({ group: event.data.group }).where('id', '=', event.data.user_id).execute();
      // Tokens opened under the old role end with it, in the same transaction as the new role.
      await endSessionsOf(trx, event.data.user_id, at);
      return;
    case 'ChangeProposed': {
      const { approval_id, change, target_stream, base_revision } = event.data;
      await trx
        .insertInto('approvals')
        .values({
          id: approval_id,
          kind: change.kind,
          change: JSON.stringify(change),
          target_stream,
          base_revision,
          state: 'pending',
          proposed_by: Number(event.meta.actor.id),
          proposed_at: at,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'ProposalApproved':
    case 'ProposalRejected':
      await trx
        .updateTable('approvals')
        .set({
          state: event.type === 'ProposalApproved' ? 'approved' : 'rejected',
          decided_by: Number(event.meta.actor.id),
          decided_at: at,
          reason: event.type === 'ProposalRejected' ? event.data.reason : null,
        })
        .where('id', '=', event.data.approval_id)
        .execute();
      return;
    case 'PersonalDataErased':
      // The account goes with the person: no login, no sessions, nothing that names them.
      await trx
        .updateTable('users')
        .set({
          email: null,
          name: ERASED,
          password_hash: null,
          wechat_unionid: null,
          wechat_openid: null,
          wechat_mp_openid: null,
          sessions_valid_after: at,
        })
        .where('id', '=', event.data.user_id)
        .execute();
      await endSessionsOf(trx, event.data.user_id, at);
      await eraseOrdersOf(trx, event.data.user_id);
      return;
  }
}

/** Applies a reference event (markups, notice, institution, user role) to its read table, once (stream-revisions.ts). */
export async function applyReferenceEvent(trx: Db, stored: StoredEvent): Promise<Applied | null> {
  if (!isReferenceStream(stored.streamId)) return null;
  return applyOnce(trx, stored, () => applyFact(trx, toReferenceEvent(stored.type, stored.data, stored.metadata)));
}

/** Whether the read tables show the reference stream at this revision. */
export async function referenceStreamReached(db: Kysely<DB>, streamId: string, revision: bigint): Promise<boolean> {
  const row = await db.selectFrom('stream_revisions').select('revision').where('stream_id', '=', streamId).executeTakeFirst();
  return row !== undefined && BigInt(row.revision) >= revision;
}
