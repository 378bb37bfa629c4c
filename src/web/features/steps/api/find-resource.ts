import type { PublicInstitution } from '../../../../domain/contract/public.js';
import { post } from '../../../lib/api-client.js';

/** /public/findResource: the recipient institution; preset account fields only for preset ones. */
export const findResource = (id: string): Promise<PublicInstitution> => post<PublicInstitution>('/public/findResource', { id });

/** A preset institution's account is fixed: the server records it whatever is typed in step 2. */
export const hasPresetAccount = (resource: PublicInstitution | null | undefined): boolean =>
  resource != null && (resource.preset_account === true || Boolean(resource.account_no && resource.swift));
