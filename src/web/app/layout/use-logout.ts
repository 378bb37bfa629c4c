import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../components/notify.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { endSessionOnServer } from '../../lib/api-client.js';
import { useSession } from '../../lib/session.js';

/**
 * Logging out from the header. The server ends the session first (on every device with
 * `everywhere`); the local one ends even when it cannot be reached.
 */
export function useLogout(): (everywhere?: boolean) => Promise<void> {
  const t = useT(commonMessages);
  const { signOut } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  return async (everywhere = false) => {
    await endSessionOnServer(everywhere);
    signOut('logout');
    notify.success(t(everywhere ? 'toast.loggedOutEverywhere' : 'toast.loggedOut'));
    void navigate('/');
  };
}
