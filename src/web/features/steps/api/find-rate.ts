import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';

/** /public/findRate: CNY per unit of the currency, the markup already included (cny = amount × rate). */
export const findRate = (currency: string): Promise<string> => call(publicEndpoints.findRate, { currency });

export const rateQuery = (currency: string) => queryOptions({ queryKey: ['rates', currency], queryFn: () => findRate(currency) });
