import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareMoney, message, refundableOf, renderMessage, OrderCommandRefused } from '../../domain/index.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { requestLocale } from '../http/locale.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';
import { answerProposal, proposeChange } from './approvals.js';
import { findManagedOrder } from './managed-order.js';
import { adminActor } from './reference-commands.js';

/**
 * manage/order/refund (DESIGN.md section 10): money sent back to the payer, at most what the order
 * may refund now. Above REFUND_APPROVAL_CNY it is a proposal a second admin approves (section 12),
 * and the order decides again then. The bank's refund reference is recorded once.
 */
export const refundRoute: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.refund, async (request, reply) => {
    const { id, amount_cny, reference, reason } = request.body;
    const row = await findManagedOrder(deps.db, id);
    const command = { type: 'recordRefund', amount_cny, reference, reason } as const;
    if (compareMoney(amount_cny, deps.config.refundApprovalCny) > 0) {
      // Refused now what the order would refuse anyway: a proposal nobody could apply helps no one.
      const { state } = await loadOrder(deps, row.id);
      if (compareMoney(amount_cny, refundableOf(state.context)) > 0) {
        throw new OrderCommandRefused('recordRefund', state.context.status, 'refund_exceeds_balance', {
          refundable_cny: refundableOf(state.context),
        });
      }
      const change = { kind: 'refund', order_id: row.id, order_no: row.order_no, amount_cny, reference, reason } as const;
      return answerProposal(request, reply, await proposeChange(deps, change, request.user!));
    }
    await runOrderCommand(deps, row.id, command, adminActor(request.user!));
    return ok({ message: renderMessage(message('manage.refundRecorded'), requestLocale(request)) });
  });
};
