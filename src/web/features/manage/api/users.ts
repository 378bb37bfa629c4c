import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/**
 * POST /manage/updateUser {id, group}: the user's new role, or a proposal (202) when the role
 * grants more than the user had; the list, statistics and approvals are read again.
 */
export const updateUserMutation = () =>
  mutationOptions({
    mutationFn: ({ id, group }: { id: number; group: number }) => call(manageEndpoints.updateUser, { id, group }),
    onSuccess: (_user, _vars, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });
