import { mutationOptions } from '@tanstack/react-query';
import type { ManageUser } from '../../../../domain/contract/manage.js';
import { post } from '../../../lib/api-client.js';

/** POST /manage/updateUser {id, group}: the user's new role; the list and statistics are read again. */
export const updateUserMutation = () =>
  mutationOptions({
    mutationFn: ({ id, group }: { id: number; group: number }) => post<ManageUser>('/manage/updateUser', { id, group }),
    onSuccess: (_user, _vars, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });
