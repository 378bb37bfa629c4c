import { queryOptions } from '@tanstack/react-query';
import type { AuditSettingsHistory } from '../../../../../domain/contract/audit.js';
import { post } from '../../../../lib/api-client.js';

/** POST /audit/settings/history {stream}: every change of the markups or the notice. */
export const settingsHistoryQuery = (stream: 'markups' | 'notice') =>
  queryOptions({
    queryKey: ['audit', 'settings', stream],
    queryFn: () => post<AuditSettingsHistory>('/audit/settings/history', { stream }),
  });
