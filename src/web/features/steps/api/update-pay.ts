import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import { call } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** Payment methods as posted (SPEC.md section 3): '3' messenger-app (WeChat) scan payment, '1' bank transfer. */
export const PAY_BANK = { scan: '3', transfer: '1' } as const;
export type PayBank = (typeof PAY_BANK)[keyof typeof PAY_BANK];

/** /step/pay/update: the chosen payment method. */
export const updatePay = (id: string, bank: PayBank): Promise<OrderRef> => call(stepEndpoints.updatePay, { id, bank });

export const updatePayMutation = () =>
  mutationOptions({
    mutationFn: ({ id, bank }: { id: string; bank: PayBank }) => updatePay(id, bank),
    onSuccess: (saved, _choice, _result, { client }) => void invalidateOrder(client, saved.id),
  });
