import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../../domain/locale.js';
import { call } from '../../../lib/api-client.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';

/** /public/findNotice: the notice shown as a banner on step 1, in the reader's language (Accept-Language), empty when there is none. */
export const findNotice = async (): Promise<string> => (await call(publicEndpoints.findNotice)) ?? '';

// Keyed by language: switching it asks again, as the answer follows Accept-Language.
export const noticeQuery = (locale: Locale) => queryOptions({ queryKey: ['notice', locale], queryFn: findNotice });
