import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';

/** /public/findNotice: the notice text shown as a banner on step 1 (empty when there is none). */
export const findNotice = async (): Promise<string> => (await post<string | null>('/public/findNotice')) ?? '';

export const noticeQuery = () => queryOptions({ queryKey: ['notice'], queryFn: findNotice });
