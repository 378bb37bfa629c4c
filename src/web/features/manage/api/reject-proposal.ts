import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/** POST /manage/approvals/reject {id, reason}: nothing changes; the reason is kept with the decision ('已驳回'). */
export const rejectProposalMutation = () =>
  mutationOptions({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => call(manageEndpoints.reject, { id, reason }),
    // The lists and the pending count; a refusal (decided meanwhile) means they are out of date too.
    onSettled: (_answer, _error, _vars, _result, { client }) =>
      void Promise.all([
        client.invalidateQueries({ queryKey: ['manage', 'approvals'] }),
        client.invalidateQueries({ queryKey: ['manage', 'statistic'] }),
      ]),
  });
