import { post } from '../../../../lib/api-client.js';

/** POST /audit/order/evidence {id}: the self-contained pack (checked offline by `npm run audit:check-pack`). */
export const fetchEvidencePack = (id: string) => post<unknown>('/audit/order/evidence', { id });
