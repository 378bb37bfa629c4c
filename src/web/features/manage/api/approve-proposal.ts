import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/**
 * POST /manage/approvals/approve {id}: a second admin applies the proposal ('已生效'). Refused for
 * the proposer (approval_own_proposal), a decided one (approval_decided) and a stale one.
 */
export const approveProposalMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => call(manageEndpoints.approve, { id }),
    // Settled, not only succeeded: a refusal (decided or stale meanwhile) means the list is out of date too.
    // Everything of the back office: the change shows in its list, the count in the statistics.
    onSettled: (_answer, _error, _id, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });
