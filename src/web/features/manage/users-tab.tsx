import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { GROUPS, ROLE_OF_GROUP, roleOfGroup } from '../../../domain/access/roles.js';
import { manageEndpoints } from '../../../domain/contract/endpoints/manage.js';
import type { ManageUser } from '../../../domain/contract/manage.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useFormat } from '../../lib/use-format.js';
import { updateUserMutation } from './api/users.js';
import type { BackOfficeAccess } from './access.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { isProposal } from './proposal.js';
import { PagedTable, type Column } from '../../components/paged-table/paged-table.js';

/** An admin picks a role and saves it; the server keeps at least one admin and says so, and makes a grant a proposal. */
function RoleCell({ user }: { user: ManageUser }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const [group, setGroup] = useState(user.group);
  const save = useMutation(updateUserMutation());
  return (
    <span className={styles.nowrap}>
      <select
        aria-label={t('user.changeRole')}
        value={group}
        onChange={(event) => setGroup(Number(event.target.value))}
        data-testid="user-group"
      >
        {GROUPS.map((value) => (
          <option key={value} value={value}>
            {t(`role.${ROLE_OF_GROUP[value]}`)}
          </option>
        ))}
      </select>{' '}
      <button
        type="button"
        className={styles.smallButton}
        disabled={group === user.group || save.isPending}
        onClick={() =>
          save.mutate(
            { id: user.id, group },
            {
              onSuccess: (answer) => {
                if (!isProposal(answer)) return notify.success('set success');
                // A grant waits for a second admin: the control shows the role in force meanwhile.
                setGroup(user.group);
                notify.success(answer.message);
              },
              onError: (error) => (setGroup(user.group), notify.hint(errorText(error))),
            },
          )
        }
      >
        {t('user.save')}
      </button>
    </span>
  );
}

export function UsersTab({ access }: { access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const format = useFormat();
  const columns: Column<ManageUser>[] = [
    { key: 'id', header: t('col.id'), cell: (user) => user.id },
    { key: 'name', header: t('col.name'), cell: (user) => user.name },
    { key: 'email', header: t('col.email'), cell: (user) => user.email ?? '—' },
    {
      key: 'group',
      header: t('col.group'),
      cell: (user) => (access.change ? <RoleCell key={user.group} user={user} /> : t(`role.${roleOfGroup(user.group)}`)),
    },
    { key: 'created', header: t('col.created'), cell: (user) => <span className={styles.nowrap}>{format.dateTime(user.created_at)}</span> },
  ];
  return (
    <PagedTable
      endpoint={manageEndpoints.users}
      searchLabel={t('search.users')}
      columns={columns}
      rowKey={(user) => user.id}
      testId="users"
    />
  );
}
