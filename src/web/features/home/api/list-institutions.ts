import { post } from '../../../lib/api-client.js';

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
