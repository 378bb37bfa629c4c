import { useCallback } from 'react';
import { useNotify } from '../components/notify.js';
import { commonMessages } from '../i18n/common-messages.js';
import { useT } from '../i18n/i18n.js';
import { ApiError } from './api-client.js';

/**
 * SPEC.md section 8: a failed call shows the errors text of the response as an error toast. A 401
 * says nothing here: the client has already ended the session and gone to /login.
 */
export function useFailure(): (error: unknown) => void {
  const notify = useNotify();
  const tc = useT(commonMessages);
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.status === 401) return;
        for (const text of error.texts.slice(0, 3)) notify.error(text);
        return;
      }
      notify.error(tc('common.loadFailed'));
    },
    [notify, tc],
  );
}
