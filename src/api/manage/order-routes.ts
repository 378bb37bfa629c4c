import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  message,
  OrderCommandRefused,
  renderMessage,
  settableStatuses,
  EVENT_SCHEMA_VERSION,
  withPartnerExtras,
  groupMayDo,
  type OrderKind,
  type RefusalReason,
  type Status,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';
import { englishName, findVisibleOrder, orderSeenBy, toOrderView } from '../orders/order-view.js';
import { findManagedOrder } from './managed-order.js';
import { fundsAndHistory } from './order-funds.js';
import { maskValue } from '../audit/changes.js';
import { orderCursorIn, orderPageQuery, orderSortOf, toManageOrderRow } from './order-list.js';
import { keywordSearchOf } from './order-keyword.js';
import { decodeCursor, pageOf } from './paging.js';
import { adminActor } from './reference-commands.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const MONEY_REFUSALS: ReadonlySet<RefusalReason> = new Set(['funds_missing', 'refund_incomplete', 'refund_outstanding']);

const statusText = (status: number) => message(`order.status.${status as Status}`);

/**
 * The order tables, the admin's order page, status changes and the upload link (SPEC.md section 7
 * "Admin"). Whether a status may be set is the order machine's decision alone: a refusal names the
 * order's status and the target, and writes nothing.
 */
export const orderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const listRoute = (kind: OrderKind, list: typeof manageEndpoints.orders) =>
    endpointRoute(app, list, async (request) => {
      const filter = request.body ?? {};
      const after = decodeCursor(request.query.cursor);
      const rows = await orderPageQuery(deps.db, kind, filter, await keywordSearchOf(deps.db, filter.keyword), after).execute();
      const page = pageOf(rows, list.path, orderCursorIn(orderSortOf(filter.sort)));
      const data = page.data.map((row) => withPartnerExtras(orderSeenBy(request.user!, toManageOrderRow(row))));
      return ok({ data, next_page_url: page.next_page_url });
    });
  listRoute('order', manageEndpoints.orders);
  listRoute('partner', manageEndpoints.partnerOrders);

  endpointRoute(app, manageEndpoints.findOrder, async (request) => {
    const { row, email } = await findVisibleOrder(deps, request.body.id, request.user!);
    const { state } = await loadOrder(deps, row.id);
    const meta = {
      event_id: '',
      actor: adminActor(request.user!),
      occurred_at: deps.clock.now().toISOString(),
      correlation_id: '',
      causation_id: '',
      schema_version: EVENT_SCHEMA_VERSION,
    };
    const { funds, history } = await fundsAndHistory(deps, state.context, request.user!);
    const view = orderSeenBy(request.user!, {
      ...toOrderView(row, email, await englishName(deps, row.resource)),
      partner: row.partner ?? null,
    });
    return ok({
      ...withPartnerExtras(view),
      kind: row.kind,
      settable_statuses: settableStatuses(state, meta),
      funds,
      materials_note: groupMayDo(request.user!.group, 'personal.read') ? row.materials_note : (maskValue(row.materials_note) ?? ''),
      status_since: row.status_since.toISOString(),
      history,
    });
  });

  const setStatusRoute = (kind: OrderKind, target: typeof manageEndpoints.setStatus) =>
    endpointRoute(app, target, async (request) => {
      const { id, status } = request.body;
      const row = await findManagedOrder(deps.db, id, kind);
      try {
        await runOrderCommand(deps, id, { type: 'setStatus', status, reason: request.body.reason }, adminActor(request.user!));
      } catch (error) {
        if (!(error instanceof OrderCommandRefused)) throw error;
        // A move the order could make once its money is in (or back out) says so: 409 order_refused.funds_missing,
        // refund_incomplete or refund_outstanding, with the figures.
        if (MONEY_REFUSALS.has(error.reason)) throw error;
        throw new HttpError(
          'status_not_settable',
          message('manage.statusNotSettable', { from: statusText(error.status ?? row.status), to: statusText(status) }),
        );
      }
      return ok({ message: renderMessage(message('manage.setSuccess'), requestLocale(request)) });
    });
  setStatusRoute('order', manageEndpoints.setStatus);
  setStatusRoute('partner', manageEndpoints.setPartnerStatus);

  endpointRoute(app, manageEndpoints.changeUploadDocument, async (request) => {
    const row = await findManagedOrder(deps.db, request.body.id, 'order');
    const active = !row.active_upload_document;
    // A fresh token each time it is switched on: a link handed out before stays dead.
    const state = await runOrderCommand(
      deps,
      row.id,
      { type: 'switchUploadLink', active, token: active ? deps.ids.token() : '' },
      adminActor(request.user!),
    );
    const token = state.context.active_upload_document ? state.context.upload_document_token : null;
    return ok({
      id: row.id,
      active_upload_document: state.context.active_upload_document,
      upload_document_token: token,
      upload_document_url: token ? `/upload_documents/${token}` : null,
    });
  });
};
