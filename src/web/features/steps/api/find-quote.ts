import { queryOptions } from '@tanstack/react-query';
import type { CheckQuote } from '../../../../domain/contract/order.js';
import { call } from '../../../lib/api-client.js';
import { orderKeys } from '../../../lib/queries.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';

/** /step/check/quote: the rate, markup and CNY amount that confirming the order would lock now. */
export const findQuote = (id: string): Promise<CheckQuote> => call(stepEndpoints.findQuote, { id });

// Always the rate of this moment: a quote from a minute ago is not what confirming locks.
export const quoteQuery = (id: string) =>
  queryOptions({ queryKey: [...orderKeys.detail(id), 'quote'], queryFn: () => findQuote(id), staleTime: 0 });
