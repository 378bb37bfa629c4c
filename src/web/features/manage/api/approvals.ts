import { queryOptions } from '@tanstack/react-query';
import type { ApprovalState } from '../../../../domain/reference/approvals.js';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/** POST /manage/approvals {state}: the proposals in that state, newest first (admins and auditors). */
export const approvalsQuery = (state: ApprovalState) =>
  queryOptions({ queryKey: ['manage', 'approvals', state], queryFn: () => call(manageEndpoints.approvals, { state }) });
