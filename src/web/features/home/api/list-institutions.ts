import { queryOptions } from '@tanstack/react-query';
import type { InstitutionSummary } from '../../../../domain/contract/institution-summary.js';
import { call } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';
import { institutionEndpoints } from '../../../../domain/contract/endpoints/institutions.js';

/** A recipient institution as the public list gives it (SPEC.md section 7, "Public"). */
export type Institution = InstitutionSummary;

/** POST /api/v1/public/resources {options: true}: every institution, for the selector. */
export const listInstitutions = (): Promise<Institution[]> => call(institutionEndpoints.resources, { options: true });

export const institutionsQuery = () =>
  queryOptions({ queryKey: ['institutions'], queryFn: listInstitutions, staleTime: REFERENCE_DATA_STALE_MS });
