import { useCallback } from 'react';
import { roleOfGroup } from '../../../../domain/access/roles.js';
import type { ApprovalView } from '../../../../domain/contract/manage.js';
import { useT } from '../../../i18n/i18n.js';
import { manageMessages } from '../messages.js';
import { approvalMessages } from './messages.js';

type ManageKey = keyof (typeof manageMessages)['zh-CN'];
const isManageKey = (key: string): key is ManageKey => Object.hasOwn(manageMessages['zh-CN'], key);
type ApprovalKey = keyof (typeof approvalMessages)['zh-CN'];
const isApprovalKey = (key: string): key is ApprovalKey => Object.hasOwn(approvalMessages['zh-CN'], key);

/**
 * A proposal's field and values as the back office names them elsewhere: an institution's fields
 * by the dialog's labels, a markup by its currency (as the markup tab), a role by its name.
 */
export function useChangeText() {
  const t = useT(approvalMessages);
  const tm = useT(manageMessages);

  const fieldName = useCallback(
    (kind: ApprovalView['kind'], field: string): string => {
      if (kind === 'markups') return field.replace(/^bit_/, '').toUpperCase();
      if (kind === 'user_group') return tm('col.group');
      const fieldKey = `field.${field}`;
      if (kind === 'refund' || kind === 'credit_assignment') return isApprovalKey(fieldKey) ? t(fieldKey) : field;
      const key = `resource.${field}`;
      return isManageKey(key) ? tm(key) : field;
    },
    [t, tm],
  );

  const value = useCallback(
    (kind: ApprovalView['kind'], field: string, text: string): string => {
      if (text === '') return t('empty');
      if (kind === 'user_group') return tm(`role.${roleOfGroup(Number(text))}`);
      if (field === 'preset_account') return t(text === 'true' ? 'yes' : 'no');
      return text;
    },
    [t, tm],
  );

  /** The institution's name or the user's; the markups have no target of their own. */
  const target = useCallback((approval: ApprovalView): string => approval.target.label || t(`kind.${approval.kind}`), [t]);

  return { fieldName, value, target };
}
