import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTICE_STREAM, message, renderMessage, markupsAfter, sameMarkups, withDefaultMarkups, type Markups } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { requestLocale } from '../http/locale.js';
import { answerProposal, proposeChange } from './approvals.js';
import { readNotices, readSetting } from '../public/settings.js';
import { adminActor, appendReference, streamRevision } from './reference-commands.js';
import { eventMeta } from '../recorded-events.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

/**
 * manage/config: the nine exchange-rate markups and the notice. Each save is an event on its own
 * stream (settings-markups, settings-notice) with the admin as actor; saving what is already in
 * effect writes nothing. A new markup prices orders confirmed after it: a confirmed order keeps
 * the rate and markup it locked.
 */
export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const currentMarkups = async (): Promise<Markups> => withDefaultMarkups(await readSetting<Partial<Markups>>(deps.db, 'markups'));
  const saved = (request: Parameters<typeof requestLocale>[0]) =>
    ok({ message: renderMessage(message('reference.saved'), requestLocale(request)) });

  endpointRoute(app, manageEndpoints.findMarkups, async () => ok(await currentMarkups()));

  // A markup prices every order confirmed after it: a change is a proposal until a second admin approves it.
  endpointRoute(app, manageEndpoints.updateMarkups, async (request, reply) => {
    const before = await currentMarkups();
    const markups = markupsAfter(request.body, before);
    if (sameMarkups(markups, before)) return saved(request);
    return answerProposal(request, reply, await proposeChange(deps, { kind: 'markups', before, after: markups }, request.user!));
  });

  endpointRoute(app, manageEndpoints.findNotice, async () => ok(await readNotices(deps.db)));

  endpointRoute(app, manageEndpoints.updateNotice, async (request) => {
    const current = await readNotices(deps.db);
    // A client that sends SPEC.md's {notice} alone leaves the translations as they are.
    const next = {
      notice: request.body.notice,
      notice_en: request.body.notice_en ?? current.notice_en,
      notice_de: request.body.notice_de ?? current.notice_de,
    };
    if (next.notice !== current.notice || next.notice_en !== current.notice_en || next.notice_de !== current.notice_de) {
      const expected = await streamRevision(deps, NOTICE_STREAM);
      const data = { notice: next.notice, translations: { 'en-US': next.notice_en, 'de-DE': next.notice_de } };
      await appendReference(
        deps,
        NOTICE_STREAM,
        { type: 'NoticeChanged', data, meta: eventMeta(deps, adminActor(request.user!)) },
        expected,
      );
    }
    return saved(request);
  });
};
