import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { NotifyProvider } from '../components/notify.js';
import { LocaleProvider } from '../i18n/i18n.js';
import { SessionProvider, useSession } from '../lib/session.js';

/**
 * When a session ends (logout, or a 401 the API client turned into one) or another begins in its
 * place, the cache holds the previous user's orders: it is emptied.
 */
function ForgetServerStateOfEndedSessions() {
  const { token } = useSession();
  const client = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && previous.current !== token) client.clear();
    previous.current = token;
  }, [token, client]);
  return null;
}

/** What every page runs inside: language, session, notifications and the server-state cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <LocaleProvider>
      <SessionProvider>
        <NotifyProvider>
          <QueryClientProvider client={queryClient}>
            <ForgetServerStateOfEndedSessions />
            {children}
          </QueryClientProvider>
        </NotifyProvider>
      </SessionProvider>
    </LocaleProvider>
  );
}
