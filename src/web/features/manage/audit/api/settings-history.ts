import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { auditEndpoints } from '../../../../../domain/contract/endpoints/audit.js';

/** POST /audit/settings/history {stream}: every change of the markups or the notice. */
export const settingsHistoryQuery = (stream: 'markups' | 'notice') =>
  queryOptions({
    queryKey: ['audit', 'settings', stream],
    queryFn: () => call(auditEndpoints.settingsHistory, { stream }),
  });
