import type { LookalikeOrder } from '../../../../domain/contract/order-templates.js';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { call } from '../../../lib/api-client.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

export type LookalikeQuestion = BodyOf<typeof stepEndpoints.orderLookalikes>;

/** /step/order/lookalikes: the payer's other open orders like this one (the order, or step 1's institution and amount). */
export const findLookalikes = (question: LookalikeQuestion): Promise<LookalikeOrder[]> => call(stepEndpoints.orderLookalikes, question);
