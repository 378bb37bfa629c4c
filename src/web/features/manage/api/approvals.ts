import { queryOptions } from '@tanstack/react-query';
import type { ApprovalView } from '../../../../domain/contract/manage.js';
import type { ApprovalState } from '../../../../domain/reference/approvals.js';
import { post } from '../../../lib/api-client.js';

/** POST /manage/approvals {state}: the proposals in that state, newest first (admins and auditors). */
export const approvalsQuery = (state: ApprovalState) =>
  queryOptions({ queryKey: ['manage', 'approvals', state], queryFn: () => post<ApprovalView[]>('/manage/approvals', { state }) });
