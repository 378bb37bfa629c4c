import { call } from '../../../../lib/api-client.js';
import { auditEndpoints } from '../../../../../domain/contract/endpoints/audit.js';

/** POST /audit/order/evidence {id}: the self-contained pack (checked offline by `npm run audit:check-pack`). */
export const fetchEvidencePack = (id: string) => call(auditEndpoints.evidence, { id });
