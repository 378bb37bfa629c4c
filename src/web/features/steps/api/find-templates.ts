import { queryOptions } from '@tanstack/react-query';
import type { OrderTemplate } from '../../../../domain/contract/order-templates.js';
import { call } from '../../../lib/api-client.js';
import { orderKeys } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** /step/order/templates: the payer's earlier orders that steps 2 and 3 of this order may be filled from. */
export const findTemplates = (id: string): Promise<OrderTemplate[]> => call(stepEndpoints.orderTemplates, { id });

export const templatesQuery = (id: string) =>
  queryOptions({ queryKey: [...orderKeys.detail(id), 'templates'], queryFn: () => findTemplates(id), retry: false });
