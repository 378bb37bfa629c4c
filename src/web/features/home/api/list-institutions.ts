import type { InstitutionSummary } from '../../../../domain/contract/public.js';
import { post } from '../../../lib/api-client.js';

/** A recipient institution as the public list gives it (SPEC.md section 7, "Public"). */
export type Institution = InstitutionSummary;

/** POST /api/v1/public/resources {options: true}: every institution, for the selector. */
export const listInstitutions = (): Promise<Institution[]> => post<Institution[]>('/public/resources', { options: true });
