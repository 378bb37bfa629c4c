import { queryOptions } from '@tanstack/react-query';
import type { PublicInstitution } from '../../../../domain/contract/public.js';
import { call } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';

/** /public/findResource: the recipient institution; preset account fields only for preset ones. */
export const findResource = (id: string): Promise<PublicInstitution> => call(publicEndpoints.findResource, { id });

export const resourceQuery = (id: string) =>
  queryOptions({ queryKey: ['resources', id], queryFn: () => findResource(id), staleTime: REFERENCE_DATA_STALE_MS });

/** A preset institution's account is fixed: the server records it whatever is typed in step 2. */
export const hasPresetAccount = (resource: PublicInstitution | null | undefined): boolean =>
  resource != null && (resource.preset_account === true || Boolean(resource.account_no && resource.swift));
