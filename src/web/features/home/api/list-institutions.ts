import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';

/** A recipient institution as the public list gives it (SPEC.md section 7, "Public"). */
export interface Institution {
  readonly id: number;
  readonly name: string;
  readonly name_en: string;
  readonly currency?: string;
  readonly country?: string;
}

/** POST /api/v1/public/resources {options: true}: every institution, for the selector. */
export const listInstitutions = (): Promise<Institution[]> => post<Institution[]>('/public/resources', { options: true });

export const institutionsQuery = () => queryOptions({ queryKey: ['institutions'], queryFn: listInstitutions, staleTime: REFERENCE_DATA_STALE_MS });
