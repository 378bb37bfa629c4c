import { queryOptions } from '@tanstack/react-query';
import type { InstitutionSummary } from '../../../../domain/contract/public.js';
import { post } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';

/** A recipient institution as the public list gives it (SPEC.md section 7, "Public"). */
export type Institution = InstitutionSummary;

/** POST /api/v1/public/resources {options: true}: every institution, for the selector. */
export const listInstitutions = (): Promise<Institution[]> => post<Institution[]>('/public/resources', { options: true });

export const institutionsQuery = () =>
  queryOptions({ queryKey: ['institutions'], queryFn: listInstitutions, staleTime: REFERENCE_DATA_STALE_MS });
