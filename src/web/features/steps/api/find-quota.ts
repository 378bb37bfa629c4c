import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';
import type { QuotaView } from '../../../../domain/contract/quota.js';
import { call } from '../../../lib/api-client.js';

/** What the quota line asks about: an amount in a currency, an order, or an order with a new amount. */
export type QuotaRequest = NonNullable<BodyOf<typeof stepEndpoints.findQuota>>;

/** /step/quota: the amount in USD and the payer's calendar year against the yearly allowance. */
export const findQuota = (request: QuotaRequest): Promise<QuotaView> => call(stepEndpoints.findQuota, request);

// Today's rates and this year's orders: asked again whenever shown. The last figures stay while the next load.
export const quotaQuery = (request: QuotaRequest) =>
  queryOptions({ queryKey: ['quota', request], queryFn: () => findQuota(request), staleTime: 0, placeholderData: keepPreviousData });
