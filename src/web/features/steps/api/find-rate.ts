import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';

/** /public/findRate: CNY per unit of the currency, the markup already included (cny = amount × rate). */
export const findRate = (currency: string): Promise<string> => post<string>('/public/findRate', { currency });

export const rateQuery = (currency: string) => queryOptions({ queryKey: ['rates', currency], queryFn: () => findRate(currency) });
